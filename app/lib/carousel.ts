/**
 * The quotes carousel's next scroll position: `speed` pixels further, jumping back by one
 * set of cards (`loopWidth`) once a whole set has gone by, so the doubled row loops without
 * a visible seam. Returns 0 when there is nothing to loop over.
 */
export function nextCarouselOffset(offset: number, speed: number, loopWidth: number): number {
  if (!(loopWidth > 0)) return 0;
  let next = offset + speed;
  while (next >= loopWidth) next -= loopWidth;
  return next < 0 ? 0 : next;
}
