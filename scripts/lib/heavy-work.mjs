// @ts-check
// The heaviest legitimate requests an admin and the guests make (decision 0026), against a running
// server, for scripts/bench-peaks.mjs (which measures the workers' heaps while they run) and
// tests/e2e/peaks.spec.ts (which runs them together under the production settings). Every helper
// throws when an answer is not the expected one.
import sharp from "sharp";

export const API_TOKEN = "peaks-admin-api-token-0123456789";
export const ADMIN_PASSWORD = "peaks-admin-password";
/** The server's settings these helpers need (besides WEB_CONCURRENCY and the like). */
export const HEAVY_WORK_ENV = {
  ADMIN_API_TOKEN: API_TOKEN,
  ADMIN_PASSWORD,
  SEED_DEMO_DATA: "0",
  // Each request says which client it is (X-Forwarded-For), as behind the one proxy in production.
  TRUST_PROXY: "1",
  RATE_LIMIT_UPLOADS: "1000",
};

const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/**
 * @param {Response} response
 * @param {number} status
 * @param {string} what
 */
async function expectStatus(response, status, what) {
  if (response.status !== status) throw new Error(`${what}: ${response.status} ${(await response.text()).slice(0, 300)}`);
  return response;
}

/**
 * @param {string} base
 * @param {string} path
 * @param {RequestInit & { headers?: Record<string, string> }} [init]
 */
const api = (base, path, init = {}) => fetch(`${base}${path}`, { ...init, headers: { Authorization: `Bearer ${API_TOKEN}`, ...init.headers } });

/**
 * The admin's session cookie, from the login form.
 * @param {string} base
 */
export async function adminCookie(base) {
  const response = await fetch(`${base}/admin`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, "X-Forwarded-For": "198.51.100.1" },
    body: new URLSearchParams({ intent: "login", password: ADMIN_PASSWORD }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!cookie) throw new Error(`login: ${response.status}`);
  return cookie;
}

/**
 * A CSV of `rows` invitations named `${prefix} n` (1 seat each).
 * @param {number} rows
 * @param {string} prefix
 */
export const invitationsCsv = (rows, prefix) =>
  `primaryGuest,maxGuests,language\n${Array.from({ length: rows }, (_, i) => `${prefix} ${i},1,es`).join("\n")}\n`;

/**
 * POST /api/invitations/import; the answer's status.
 * @param {string} base
 * @param {string} csv
 * @param {{ dryRun: boolean }} options
 */
export async function importCsv(base, csv, { dryRun }) {
  const response = await api(base, "/api/invitations/import", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ csv, dryRun }),
  });
  await response.arrayBuffer();
  return response.status;
}

/**
 * Creates `count` invitations through the import, 1,000 at a time.
 * @param {string} base
 * @param {number} count
 * @param {string} prefix
 */
export async function createInvitations(base, count, prefix) {
  for (let from = 0; from < count; from += 1000) {
    const status = await importCsv(base, invitationsCsv(Math.min(1000, count - from), `${prefix} ${from}`), { dryRun: false });
    if (status !== 201) throw new Error(`creating invitations: ${status}`);
  }
}

/**
 * Every page of the print sheet, one after another; the cards seen.
 * @param {string} base
 * @param {string} cookie
 */
export async function printSheet(base, cookie) {
  let cards = 0;
  for (let page = 1; ; page++) {
    const response = await expectStatus(await fetch(`${base}/admin/print?page=${page}`, { headers: { Cookie: cookie } }), 200, `print page ${page}`);
    const html = await response.text();
    cards += html.match(/<article class="print-card"/g)?.length ?? 0;
    if (!html.includes(`page=${page + 1}"`)) return cards;
  }
}

/** A 12-megapixel phone photo as noise, re-encoded until it is just under the 5 MB limit. */
export async function phonePhoto() {
  const image = sharp({ create: { width: 4032, height: 3024, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } } });
  const raw = await image.raw().toBuffer();
  let [low, high] = [10, 100];
  /** @type {Buffer | null} */
  let best = null;
  while (low <= high) {
    const quality = Math.floor((low + high) / 2);
    const bytes = await sharp(raw, { raw: { width: 4032, height: 3024, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
    if (bytes.length <= MAX_UPLOAD_BYTES) {
      best = bytes;
      low = quality + 1;
    } else high = quality - 1;
  }
  if (!best) throw new Error("no quality keeps the photo under the upload limit");
  return best;
}

/**
 * A gallery section open to uploads; its id.
 * @param {string} base
 * @param {string} name
 * @returns {Promise<number>}
 */
export async function createSection(base, name) {
  const response = await expectStatus(
    await api(base, "/api/gallery/sections", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name, is_active: true, allow_upload: true }),
    }),
    201,
    "creating a section",
  );
  return (await response.json()).id;
}

/**
 * `count` uploads of `photo` at once, each from its own guest (the gallery's API, as the page's script does).
 * @param {string} base
 * @param {number} sectionId
 * @param {Buffer} photo
 * @param {number} count
 */
export async function uploadPhotos(base, sectionId, photo, count) {
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const form = new FormData();
      form.set("file", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), `IMG_${i}.jpg`);
      const response = await fetch(`${base}/api/gallery/sections/${sectionId}/media`, {
        method: "POST",
        headers: { Origin: base, "X-Forwarded-For": `198.51.100.${10 + i}` },
        body: form,
      });
      await expectStatus(response, 201, `upload ${i}`);
    }),
  );
}

/**
 * `count` downloads of the section's ZIP at once, each from its own guest, read to the end; the bytes of each.
 * @param {string} base
 * @param {number} sectionId
 * @param {number} count
 */
export async function downloadZips(base, sectionId, count) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const response = await expectStatus(
        await fetch(`${base}/gallery/${sectionId}.zip`, { headers: { "X-Forwarded-For": `198.51.100.${100 + i}` } }),
        200,
        `zip ${i}`,
      );
      return (await response.arrayBuffer()).byteLength;
    }),
  );
}

/**
 * The heaviest requests a stranger or the admin can send: 200,000 tiny rows (768 KB) to the import, and `prints` print sheets at once.
 * @param {string} base
 * @param {string} cookie
 * @param {number} prints
 */
export async function attacks(base, cookie, prints) {
  const tiny = `primaryGuest,maxGuests\n${"a,1\n".repeat(200_000)}`;
  const [imported, ...printed] = await Promise.all([
    importCsv(base, tiny, { dryRun: true }),
    ...Array.from({ length: prints }, () => printSheet(base, cookie)),
  ]);
  return { imported, printed };
}
