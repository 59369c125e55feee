import fs from "node:fs";
import path from "node:path";
import type { AppLoadContext } from "@remix-run/node";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/infra/db.server";
import { startAdminSessionHeader, takeToast, uploaderNameHeader } from "~/infra/session.server";
import { storage } from "~/infra/storage.server";
import { handleGalleryUpload, loadGallery } from "~/routes/gallery/gallery.server";
import { pendingReviewCount, reviewTab } from "~/http/admin/review.server";
import { screenAction } from "~/http/admin/tab-action.server";
import { MAX_UPLOADER_NAME_LENGTH } from "~/lib/constants";
import { uploaderNameOf } from "~/lib/names";
import { wholeGalleryArchive } from "~/models/archive.server";
import { createSection, getSection, listSections, storedFileVisibility, storedKeysOf, updateSection } from "~/models/gallery.server";
import { slideshowPhotos } from "~/models/slideshow.server";
import { savePhoto } from "~/models/photos.server";
import { approvePending, countPending, listPending, rejectPending } from "~/models/review.server";
import * as debugGallery from "~/routes/api.debug.gallery";
import * as reviewList from "~/routes/api.gallery.review._index";
import * as reviewMedia from "~/routes/api.gallery.review.media.$id";
import * as reviewSection from "~/routes/api.gallery.review.sections.$id";
import * as mediaById from "~/routes/api.gallery.media.$id";
import * as sectionMedia from "~/routes/api.gallery.sections.$id.media";
import * as sectionById from "~/routes/api.gallery.sections.$id";
import * as sections from "~/routes/api.gallery.sections._index";
import * as sectionZip from "~/routes/gallery_.$id[.]zip";
import * as uploads from "~/routes/uploads.$";
import { createSlotKeeper, localSlots } from "../../server/downloads.mjs";
import { startS3Server, type S3TestServer } from "../helpers/s3-server";
import { listKeys } from "./helpers/storage";
import { useTestDatabase } from "./helpers/test-db";
import { entriesOf } from "./helpers/zip";

/**
 * Review before publishing (decision 0033): 'Revisar antes de publicar' keeps a guest's photo out of every public
 * reader until the couple approves it; the admin's own uploads are public at once; 'Rechazar'
 * removes the files; 'Tu nombre' is optional, normalised, at most 60 characters and remembered.
 */

const TOKEN = "unit-admin-api-token-review-0123456789";
const ADMIN = { Authorization: `Bearer ${TOKEN}` };
const ENV = { ADMIN_API_TOKEN: TOKEN, RATE_LIMIT_UPLOADS: "50" };

const photo = (background = "#b4785a") =>
  sharp({ create: { width: 320, height: 240, channels: 3, background } })
    .jpeg()
    .toBuffer();

type Args = { request: Request; params: Record<string, string | undefined>; context: AppLoadContext };
type RouteModule = { loader: (args: Args) => Promise<Response>; action: (args: Args) => Promise<Response> };
const takeDownloadSlot = localSlots(createSlotKeeper());
let clients = 0;
const context = () => ({ clientIp: `10.24.0.${++clients % 250}`, takeDownloadSlot, cspNonce: "x" }) as unknown as AppLoadContext;

/** Calls a route module as Remix does: GET/HEAD → loader, anything else → action. */
async function call(
  mod: RouteModule,
  method: string,
  urlPath: string,
  opts: { params?: Record<string, string>; body?: BodyInit; json?: unknown; headers?: Record<string, string> } = {},
) {
  const headers = new Headers(opts.headers);
  let body = opts.body;
  if (opts.json !== undefined) {
    body = JSON.stringify(opts.json);
    headers.set("Content-Type", "application/json");
  }
  const request = new Request(`http://localhost${urlPath}`, { method, headers, body, duplex: "half" } as RequestInit);
  const run = method === "GET" || method === "HEAD" ? mod.loader : mod.action;
  let response: Response;
  try {
    response = await run({ request, params: opts.params ?? {}, context: context() });
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    response = thrown;
  }
  const bytes = Buffer.from(await response.arrayBuffer());
  const isJson = response.headers.get("Content-Type")?.includes("json");
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the fields it expects
  const json: any = isJson && bytes.length ? JSON.parse(bytes.toString("utf8")) : null;
  return { status: response.status, headers: response.headers, json, bytes };
}

/** A multipart upload through the API, as the gallery's script sends it (name first, then the photo). */
async function apiUpload(sectionId: number, opts: { uploaderName?: string; headers?: Record<string, string>; background?: string } = {}) {
  const form = new FormData();
  if (opts.uploaderName !== undefined) form.set("uploaderName", opts.uploaderName);
  form.set("file", new Blob([new Uint8Array(await photo(opts.background))], { type: "image/jpeg" }), "boda.jpg");
  return call(sectionMedia as RouteModule, "POST", `/api/gallery/sections/${sectionId}/media`, {
    params: { id: String(sectionId) },
    body: form,
    headers: opts.headers,
  });
}

async function newSection(review_uploads?: boolean, name = "Recepción") {
  const created = await createSection({ name, allow_upload: true, is_active: true, review_uploads });
  if (!created.ok) throw new Error(created.error);
  return created.section.id;
}

async function guestPhoto(sectionId: number, name: string | null = null) {
  const saved = await savePhoto(sectionId, { bytes: await photo(), name: "boda.jpg" }, { byAdmin: false, name });
  if (!saved.ok) throw new Error(saved.error);
  return saved;
}

/** The gallery page's plain form: the section, 'Tu nombre', then its photos. */
async function pagePost(sectionId: number, uploaderName: string, files: string[]) {
  const form = new FormData();
  form.set("sectionId", String(sectionId));
  form.set("uploaderName", uploaderName);
  for (const name of files) form.append("file", new Blob([new Uint8Array(await photo())], { type: "image/jpeg" }), name);
  return handleGalleryUpload(new Request("http://localhost/gallery", { method: "POST", body: form }), context());
}

const row = (id: number) => db().selectFrom("media").selectAll().where("id", "=", id).executeTakeFirst();

async function adminCookie(): Promise<string> {
  return (await startAdminSessionHeader(new Request("http://localhost/admin"))).split(";")[0];
}

const getUpload = (key: string, headers: Record<string, string> = {}) =>
  call(uploads as unknown as RouteModule, "GET", `/uploads/${key}`, { params: { "*": key }, headers });

describe("photos reviewed before they go public", () => {
  const paths = useTestDatabase(ENV);

  it("is off by default: a guest's photo is public at once and a section's record is the spec's", async () => {
    const id = await newSection();
    const saved = await guestPhoto(id);
    expect(saved.pending).toBe(false);
    const section = await getSection(id);
    expect(section).not.toHaveProperty("review_uploads");
    expect(section!.media.map((m) => m.id)).toEqual([saved.media.id]);
    expect((await row(saved.media.id))!.status).toBe("published");
  });

  it("a guest's photo to a section under review is stored but in no public page, list, API answer, file or ZIP", async () => {
    const id = await newSection(true);
    const published = await savePhoto(id, { bytes: await photo("#123456"), name: "novios.jpg" }, { byAdmin: true, name: null });
    if (!published.ok) throw new Error(published.error);

    const answer = await apiUpload(id, { uploaderName: "Tía Rosa" });
    expect(answer.status).toBe(201);
    // The API says pending, with the guest's message, and gives no address of the file.
    expect(answer.json).toEqual({
      id: expect.any(Number),
      name: "boda.jpg",
      status: "pending",
      message: "Tu foto se publicará cuando los novios la aprueben.",
    });
    const pending = (await row(answer.json.id))!;
    expect(pending).toMatchObject({ status: "pending", uploader_name: "Tía Rosa", published_at: null });
    // 128 random bits in a pending photo's key: a bucket with public reads cannot be guessed into serving it.
    expect(pending.file_path).toMatch(new RegExp(`^${id}/\\d{13}-[0-9a-f]{32}\\.jpg$`));
    expect(pending.public_url).toBe(`/uploads/${pending.file_path}`);
    expect(fs.existsSync(path.join(paths.uploads, pending.file_path))).toBe(true);

    const onlyPublished = [published.media.id];
    expect((await listSections()).find((s) => s.id === id)!.media.map((m) => m.id)).toEqual(onlyPublished);
    expect((await listSections({ includeInactive: true })).find((s) => s.id === id)!.media.map((m) => m.id)).toEqual(onlyPublished);
    expect((await loadGallery(new Request(`http://localhost/gallery?section=${id}`))).selected!.media.map((m) => m.id)).toEqual(onlyPublished);
    expect((await slideshowPhotos()).map((m) => m.id)).toEqual(onlyPublished);
    const listed = await call(sections as RouteModule, "GET", "/api/gallery/sections");
    expect(listed.json[0].media.map((m: { id: number }) => m.id)).toEqual(onlyPublished);
    expect(listed.json[0].review_uploads).toBe(true);
    for (const headers of [{}, ADMIN]) {
      const media = await call(sectionMedia as RouteModule, "GET", `/api/gallery/sections/${id}/media`, { params: { id: String(id) }, headers });
      expect(media.json.map((m: { id: number }) => m.id)).toEqual(onlyPublished);
    }
    // Its files: 404 to guests, photo and thumbnail; the admin sees them, never cached.
    for (const key of [pending.file_path, pending.thumbnail_path!]) {
      expect(await storedFileVisibility(key)).toMatchObject({ public: false });
      expect((await getUpload(key)).status).toBe(404);
      const forAdmin = await getUpload(key, { Cookie: await adminCookie() });
      expect(forAdmin.status).toBe(200);
      expect(forAdmin.headers.get("Cache-Control")).toBe("private, no-store");
    }
    // A guest's DELETE of it is refused like any admin call; the admin's is the only way.
    expect((await call(mediaById as RouteModule, "DELETE", `/api/gallery/media/${pending.id}`, { params: { id: String(pending.id) } })).status).toBe(401);
    // The section's ZIP and the admin's whole-gallery ZIP hold the published photo only.
    const zip = await call(sectionZip as unknown as RouteModule, "GET", `/gallery/${id}.zip`, { params: { id: String(id) } });
    expect(zip.status).toBe(200);
    expect([...(await entriesOf(zip.bytes)).keys()].filter((k) => !k.endsWith("/"))).toEqual(["Recepción/novios.jpg"]);
    expect((await wholeGalleryArchive()).folders.flatMap((f) => f.photos.map((p) => p.key))).toEqual([published.media.file_path]);
    // The admin's figures: the pending photo is counted apart.
    const debug = await call(debugGallery as RouteModule, "GET", "/api/debug/gallery", { headers: ADMIN });
    expect(debug.json).toMatchObject({ media: 1, pendingMedia: 1 });
  });

  it("the API's message about a pending photo is in the caller's language", async () => {
    const id = await newSection(true);
    const answer = await apiUpload(id, { headers: { "Accept-Language": "en-US,en;q=0.9" } });
    expect(answer.json).toMatchObject({ status: "pending", message: "Your photo will appear once the couple approves it." });
  });

  it("the admin's own uploads (bearer token or session) are published at once, whatever the switch", async () => {
    const id = await newSection(true);
    const byToken = await apiUpload(id, { headers: ADMIN });
    const bySession = await apiUpload(id, { headers: { Cookie: await adminCookie() } });
    for (const answer of [byToken, bySession]) {
      expect(answer.status).toBe(201);
      expect(answer.json).toMatchObject({ id: expect.any(Number), public_url: expect.stringMatching(/^\/uploads\//) });
      expect(answer.json).not.toHaveProperty("status");
    }
    expect((await getSection(id))!.media.map((m) => m.id)).toEqual([byToken.json.id, bySession.json.id]);
    expect(await countPending()).toBe(0);
  });

  it("approving publishes the photo where it was uploaded (upload order), published now for the slideshow's newest first", async () => {
    const id = await newSection(true);
    const first = await guestPhoto(id, "Ana");
    const byAdmin = await savePhoto(id, { bytes: await photo(), name: "b.jpg" }, { byAdmin: true, name: null });
    if (!byAdmin.ok) throw new Error(byAdmin.error);
    expect((await getSection(id))!.media.map((m) => m.id)).toEqual([byAdmin.media.id]);
    const before = new Date().toISOString();
    expect(await approvePending({ mediaId: first.media.id })).toBe(1);
    // Upload order in the gallery: the approved photo comes before the one uploaded after it.
    expect((await getSection(id))!.media.map((m) => m.id)).toEqual([first.media.id, byAdmin.media.id]);
    const approved = (await row(first.media.id))!;
    expect(approved.status).toBe("published");
    expect(approved.published_at! >= before).toBe(true);
    // The slideshow's order: newest published first, with the uploader's name as its caption.
    const shown = await slideshowPhotos();
    expect(shown.map((m) => [m.id, m.uploader_name])).toEqual([
      [first.media.id, "Ana"],
      [byAdmin.media.id, null],
    ]);
    expect((await getUpload(approved.file_path)).status).toBe(200);
    // Decided once: a second approval finds nothing pending.
    expect(await approvePending({ mediaId: first.media.id })).toBe(0);
    expect(await rejectPending({ mediaId: first.media.id })).toBe(0);
    expect((await row(first.media.id))!.status).toBe("published");
  });

  it("rejecting removes the row and both stored files; only pending photos can be rejected", async () => {
    const id = await newSection(true);
    const pending = await guestPhoto(id);
    const stored = (await row(pending.media.id))!;
    const before = await listKeys(storage());
    // The photo, its thumbnail and the thumbnail's AVIF and WebP copies.
    expect(before).toEqual(storedKeysOf(stored).sort());
    expect(before).toHaveLength(6);
    expect(await rejectPending({ mediaId: pending.media.id })).toBe(1);
    expect(await row(pending.media.id)).toBeUndefined();
    expect(await listKeys(storage())).toEqual([]);
    expect((await getUpload(stored.file_path, { Cookie: await adminCookie() })).status).toBe(404);
  });

  it("'Aprobar todas' and 'Rechazar todas' decide one section's pending photos, not another's", async () => {
    const a = await newSection(true, "Ceremonia");
    const b = await newSection(true, "Fiesta");
    const inA = [await guestPhoto(a), await guestPhoto(a)].map((s) => s.media.id);
    const inB = [await guestPhoto(b), await guestPhoto(b)].map((s) => s.media.id);
    expect((await listPending()).map((s) => [s.name, s.photos.map((p) => p.id)])).toEqual([
      ["Ceremonia", inA],
      ["Fiesta", inB],
    ]);
    expect(await approvePending({ sectionId: a })).toBe(2);
    expect((await getSection(a))!.media.map((m) => m.id)).toEqual(inA);
    expect((await getSection(b))!.media).toEqual([]);
    expect(await rejectPending({ sectionId: b })).toBe(2);
    expect(await countPending()).toBe(0);
    expect((await getSection(a))!.media.map((m) => m.id)).toEqual(inA);
    expect(await listKeys(storage())).toHaveLength(2 * 6); // each kept photo's six files
  });

  it("turning the switch off later publishes nothing by itself: pending photos wait for a decision", async () => {
    const id = await newSection(true);
    const pending = await guestPhoto(id);
    const updated = await updateSection(id, { review_uploads: false });
    expect(updated.ok && updated.section).not.toHaveProperty("review_uploads");
    expect((await getSection(id))!.media).toEqual([]);
    expect((await row(pending.media.id))!.status).toBe("pending");
    // And the next guest's photo is public at once.
    expect((await guestPhoto(id)).pending).toBe(false);
  });

  it("the API: sections take review_uploads; the admin lists, approves and rejects; guests are refused", async () => {
    const created = await call(sections as RouteModule, "POST", "/api/gallery/sections", {
      headers: ADMIN,
      json: { name: "Brindis", is_active: true, review_uploads: true },
    });
    expect(created.status).toBe(201);
    expect(created.json.review_uploads).toBe(true);
    const id = created.json.id as number;
    const off = await call(sectionById as RouteModule, "PUT", `/api/gallery/sections/${id}`, {
      params: { id: String(id) },
      headers: ADMIN,
      json: { review_uploads: false },
    });
    expect(off.json).not.toHaveProperty("review_uploads");
    await call(sectionById as RouteModule, "PUT", `/api/gallery/sections/${id}`, {
      params: { id: String(id) },
      headers: ADMIN,
      json: { review_uploads: true },
    });
    const one = await apiUpload(id, { uploaderName: "Leo" });
    const two = await apiUpload(id);

    expect((await call(reviewList as RouteModule, "GET", "/api/gallery/review")).status).toBe(401);
    const list = await call(reviewList as RouteModule, "GET", "/api/gallery/review", { headers: ADMIN });
    expect(list.json).toEqual([
      {
        id,
        name: "Brindis",
        photos: [
          expect.objectContaining({ id: one.json.id, uploader_name: "Leo", public_url: expect.stringMatching(/^\/uploads\//) }),
          expect.objectContaining({ id: two.json.id, uploader_name: null }),
        ],
      },
    ]);
    const decide = (mod: RouteModule, target: number, json: unknown, headers: Record<string, string> = ADMIN) =>
      call(mod, "POST", `/api/gallery/review/x/${target}`, { params: { id: String(target) }, headers, json });
    expect((await decide(reviewMedia as RouteModule, one.json.id, { decision: "approve" }, {})).status).toBe(401);
    expect((await decide(reviewMedia as RouteModule, one.json.id, { decision: "publish" })).status).toBe(400);
    expect(await decide(reviewMedia as RouteModule, one.json.id, { decision: "approve" })).toMatchObject({
      status: 200,
      json: { decision: "approve", count: 1 },
    });
    const again = await decide(reviewMedia as RouteModule, one.json.id, { decision: "reject" });
    expect(again).toMatchObject({ status: 404, json: { error: "No hay ninguna foto por revisar ahí: quizá ya se decidió" } });
    expect(await decide(reviewSection as RouteModule, id, { decision: "reject" })).toMatchObject({ status: 200, json: { decision: "reject", count: 1 } });
    expect((await decide(reviewSection as RouteModule, id, { decision: "approve" })).status).toBe(404);
    expect((await getSection(id))!.media.map((m) => m.id)).toEqual([one.json.id]);
    expect(await row(two.json.id)).toBeUndefined();
  });

  it("the 'Por revisar' screen approves and rejects with a plain form, and the tab counts what waits", async () => {
    const id = await newSection(true);
    const [a, b, c] = [await guestPhoto(id), await guestPhoto(id), await guestPhoto(id)].map((s) => s.media.id);
    const cookie = await adminCookie();
    expect(await pendingReviewCount(true)).toBe(3);
    expect(await pendingReviewCount(false)).toBe(0);
    const post = async (form: Record<string, string>, withCookie = cookie) => {
      const request = new Request("http://localhost/admin/review", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: withCookie },
        body: new URLSearchParams(form),
      });
      try {
        return (await screenAction(request, context(), reviewTab)) as unknown as Response | { data: Record<string, unknown>; init: { status: number } };
      } catch (thrown) {
        return thrown as Response;
      }
    };
    const approved = (await post({ intent: "approveMedia", id: String(a) })) as Response;
    expect([approved.status, approved.headers.get("Location")]).toEqual([302, "/admin/review"]);
    const toast = await takeToast(new Request("http://localhost/admin/review", { headers: { Cookie: approved.headers.get("Set-Cookie")!.split(";")[0] } }));
    expect(toast.toast).toEqual({ kind: "success", key: "review:toasts.approved", values: { count: 1 } });
    expect(((await post({ intent: "rejectMedia", id: String(b) })) as Response).status).toBe(302);
    // Nothing pending there any more: a clear refusal, nothing changed.
    const twice = (await post({ intent: "rejectMedia", id: String(b) })) as { data: Record<string, unknown>; init: { status: number } };
    expect(twice.init.status).toBe(404);
    expect(twice.data.error).toEqual({ "": ["review:toasts.nothingPending"] });
    // Without the session nothing is decided.
    expect(((await post({ intent: "approveSection", id: String(id) }, "")) as Response).status).toBe(401);
    expect(((await post({ intent: "approveSection", id: String(id) })) as Response).status).toBe(302);
    expect((await getSection(id))!.media.map((m) => m.id)).toEqual([a, c]);
    expect(await countPending()).toBe(0);
  });
});

describe("'Tu nombre' on an upload", () => {
  useTestDatabase(ENV);

  it("is optional, normalised like every name and at most 60 characters", () => {
    expect(uploaderNameOf(undefined)).toEqual({ ok: true, name: null });
    expect(uploaderNameOf("  \u200b\u202e ")).toEqual({ ok: true, name: null });
    expect(uploaderNameOf("  Tía \u200bRosa\u202e \n Gómez ")).toEqual({ ok: true, name: "Tía Rosa Gómez" });
    expect(uploaderNameOf("a".repeat(MAX_UPLOADER_NAME_LENGTH))).toEqual({ ok: true, name: "a".repeat(60) });
    // Invisible characters do not count, visible ones do.
    expect(uploaderNameOf(`${"a".repeat(60)}\u200b\u200b`)).toEqual({ ok: true, name: "a".repeat(60) });
    expect(uploaderNameOf("a".repeat(61))).toEqual({ ok: false });
  });

  it("a name past 60 characters refuses the upload with a message in the guest's language, and nothing is stored", async () => {
    const id = await newSection(true);
    const es = await apiUpload(id, { uploaderName: "n".repeat(61) });
    expect(es).toMatchObject({ status: 400, json: { error: "Tu nombre no puede tener más de 60 caracteres" } });
    const en = await apiUpload(id, { uploaderName: "n".repeat(61), headers: { "Accept-Language": "en" } });
    expect(en.json).toEqual({ error: "Your name can't be longer than 60 characters" });
    // Past what the upload form's fields may carry (1 KB), still the message, not a photo without its name.
    const huge = await apiUpload(id, { uploaderName: "é".repeat(3000) });
    expect(huge).toMatchObject({ status: 400, json: { error: "Tu nombre no puede tener más de 60 caracteres" } });
    expect(await db().selectFrom("media").select("id").execute()).toEqual([]);
    expect(await listKeys(storage())).toEqual([]);
  });

  it("is kept in a cookie and filled in on the next visit without JavaScript; a cleared field clears it", async () => {
    const id = await newSection(true);
    const answer = (await pagePost(id, " Tío\u200b Juan ", ["boda.jpg"])) as Response;
    expect(answer.status).toBe(302);
    const cookies = answer.headers.getSetCookie();
    // The plain form's answer: the review's notice instead of the upload success.
    const flash = cookies.find((c) => c.startsWith("wedding_flash="))!.split(";")[0];
    expect((await takeToast(new Request("http://localhost/gallery", { headers: { Cookie: flash } }))).toast).toEqual({
      kind: "info",
      key: "review:pendingNotice",
    });
    const kept = cookies.find((c) => c.startsWith("wedding_uploader="))!;
    expect(kept).toMatch(/Max-Age=31536000/);
    expect(kept).toMatch(/HttpOnly/);
    const next = await loadGallery(new Request("http://localhost/gallery", { headers: { Cookie: kept.split(";")[0] } }));
    expect(next.uploaderName).toBe("Tío Juan");
    expect((await listPending())[0].photos[0].uploader_name).toBe("Tío Juan");
    // A cookie made by hand is checked like the field: too long is no name.
    const forged = (await uploaderNameHeader(new Request("http://localhost/"), "x".repeat(80))).split(";")[0];
    expect((await loadGallery(new Request("http://localhost/gallery", { headers: { Cookie: forged } }))).uploaderName).toBe("");
    // Sent empty: the cookie goes.
    const cleared = await apiUpload(id, { uploaderName: "" });
    expect(cleared.headers.get("Set-Cookie")).toMatch(/^wedding_uploader=;.*Max-Age=0/);
    // Not sent at all (a client that never shows the field): the cookie is left alone.
    expect((await apiUpload(id)).headers.get("Set-Cookie")).toBeNull();
  });

  it("a plain form's batch to a section under review lists each photo as waiting for the couple", async () => {
    const id = await newSection(true);
    const answer = (await pagePost(id, "Ana", ["uno.jpg", "dos.jpg"])) as unknown as {
      data: { batch: { lines: { name: string; stored: boolean; pending: boolean }[]; stored: number; pending: number } };
      init: { status: number; headers: Record<string, string> };
    };
    expect(answer.init.status).toBe(200);
    expect(answer.data.batch).toMatchObject({ stored: 2, pending: 2 });
    expect(answer.data.batch.lines.map((l) => [l.name, l.stored, l.pending])).toEqual([
      ["uno.jpg", true, true],
      ["dos.jpg", true, true],
    ]);
    const kept = answer.init.headers["Set-Cookie"].split(";")[0];
    expect((await loadGallery(new Request("http://localhost/gallery", { headers: { Cookie: kept } }))).uploaderName).toBe("Ana");
    expect((await getSection(id))!.media).toEqual([]);
  });
});

describe("rejecting in a bucket", () => {
  let s3: S3TestServer;
  const env: Record<string, string> = { ...ENV };
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3?.stop();
  });
  let buckets = 0;
  beforeEach(async () => {
    const bucket = `review-${++buckets}`;
    await s3.createBucket(bucket);
    // A bucket with public reads: photos' addresses are on S3_PUBLIC_URL once published.
    Object.assign(env, s3.env, { S3_BUCKET: bucket, S3_PUBLIC_URL: `${s3.endpoint}/${bucket}/` });
  });
  useTestDatabase(env);

  it("a pending photo's address is the app's (admin only) until approved; rejected, its objects are gone", async () => {
    expect(storage().driver).toBe("s3");
    const id = await newSection(true);
    const keep = await guestPhoto(id);
    const drop = await guestPhoto(id);
    const pendingRow = (await row(keep.media.id))!;
    expect([pendingRow.public_url, pendingRow.thumbnail_url]).toEqual([`/uploads/${pendingRow.file_path}`, `/uploads/${pendingRow.thumbnail_path}`]);
    expect(await listKeys(storage())).toHaveLength(2 * 6); // each photo's six files

    expect(await rejectPending({ mediaId: drop.media.id })).toBe(1);
    const dropped = drop.media.file_path;
    expect(await listKeys(storage())).toEqual(storedKeysOf(pendingRow).sort());
    expect(await storage().open(dropped)).toBeNull();

    expect(await approvePending({ sectionId: id })).toBe(1);
    const approved = (await row(keep.media.id))!;
    expect(approved.public_url).toBe(storage().url(approved.file_path));
    expect(approved.public_url.startsWith(s3.endpoint)).toBe(true);
    expect(approved.thumbnail_url).toBe(storage().url(approved.thumbnail_path!));
  });
});
