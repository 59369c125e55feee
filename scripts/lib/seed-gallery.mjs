// @ts-check
import sharp from "sharp";

/**
 * Fills a running server's gallery through its API, as the couple would: `sections` active
 * sections with `perSection` photos each, every photo a distinct JPEG (a hue per photo) sent to
 * POST /api/gallery/sections/{id}/media, so each goes through the upload pipeline and has its web
 * copy, thumbnail and the thumbnail's AVIF and WebP copies (decision 0066). `concurrency` uploads
 * are in flight at once (the server decodes two at a time and queues the rest).
 *
 * The server must run with ADMIN_API_TOKEN=`token` (the admin's photos are published at once) and
 * RATE_LIMIT_UPLOADS at least sections × perSection (every upload counts, the admin's too).
 * Returns the sections' ids.
 *
 * @param {string} base the server's address, e.g. http://127.0.0.1:3500
 * @param {string} token the server's ADMIN_API_TOKEN
 * @param {{ sections?: number, perSection?: number, concurrency?: number, width?: number, height?: number }} [options]
 * @returns {Promise<number[]>}
 */
export async function seedGallery(base, token, { sections = 5, perSection = 100, concurrency = 4, width = 1200, height = 900 } = {}) {
  const auth = { Authorization: `Bearer ${token}` };
  /** @type {number[]} */
  const ids = [];
  for (let s = 0; s < sections; s++) {
    const res = await fetch(`${base}/api/gallery/sections`, {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ name: `Sección ${s + 1}`, is_active: true, allow_upload: true }),
    });
    if (res.status !== 201) throw new Error(`creating a section answered ${res.status}: ${await res.text()}`);
    ids.push((await res.json()).id);
  }
  const jobs = ids.flatMap((id, s) => Array.from({ length: perSection }, (_, p) => ({ id, n: s * perSection + p })));
  const total = jobs.length;
  const upload = async (/** @type {{ id: number, n: number }} */ job) => {
    const hue = (job.n * 137) % 360;
    // A gradient with a hue of its own: every photo's bytes differ, and it compresses like a photo's sky, not like noise.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},60%,70%)"/><stop offset="1" stop-color="hsl(${(hue + 90) % 360},50%,30%)"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${(job.n * 53) % width}" cy="${(job.n * 31) % height}" r="${height / 4}" fill="hsl(${(hue + 180) % 360},70%,50%)"/></svg>`;
    const bytes = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), `foto-${job.n + 1}.jpg`);
    const res = await fetch(`${base}/api/gallery/sections/${job.id}/media`, { method: "POST", headers: auth, body: form });
    if (res.status !== 201) throw new Error(`upload ${job.n + 1} of ${total} answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
  };
  const workers = Array.from({ length: Math.min(concurrency, total) }, async () => {
    for (let job = jobs.shift(); job; job = jobs.shift()) await upload(job);
  });
  await Promise.all(workers);
  return ids;
}
