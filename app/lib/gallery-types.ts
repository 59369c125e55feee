/** A photo with the API's field names (plus the thumbnail, size and dimensions the pages need). */
export interface Media {
  id: number;
  type: "IMAGE" | "VIDEO";
  public_url: string;
  thumbnail_url: string | null;
  name: string;
  size: number;
  file_path: string;
  width: number | null;
  height: number | null;
  /** On the gallery's page only: the widths of the thumbnail's AVIF and WebP copies (absent: none, its thumbnail alone). */
  variant_widths?: number[];
}

/** A gallery section with the API's field names. */
export interface Section {
  id: number;
  name: string;
  description: string | null;
  order: number;
  allow_upload: boolean;
  is_active: boolean;
  /** 'Revisar antes de publicar': guests' photos wait for the couple's approval (decision 0033). Absent when off. */
  review_uploads?: true;
  /** The English name and description, shown on English pages; absent when not given (the Spanish shows). */
  name_en?: string;
  description_en?: string;
  media: Media[];
}
