/**
 * A picture's `alt` on a page: the site's own description for a default picture (`description`
 * null), the couple's description of their photo, or, when they wrote none, whose photo it is
 * ("Foto de Ana & Luis: Ceremonia"). Never the default picture's description on the couple's photo.
 * Apart from the content's other picture rules so the home page's first load carries only this.
 */
export const pictureAlt = (description: string | null, ofDefault: () => string, ofCouples: () => string): string =>
  description === null ? ofDefault() : description || ofCouples();
