/**
 * The hero video is optional. When public/media/hero.mp4 exists the static server answers
 * before this route; otherwise this says "no video" without an error status, and the hero
 * shows its tinted background.
 */
export const loader = () => new Response(null, { status: 204, headers: { "Cache-Control": "public, max-age=300" } });
