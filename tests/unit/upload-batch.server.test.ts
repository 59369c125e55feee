import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { db } from "~/infra/db.server";
import { MAX_UPLOAD_BATCH, MAX_UPLOAD_BYTES } from "~/lib/constants";
import { createSection } from "~/models/gallery.server";
import { MAX_BATCH_BODY_BYTES, readUploadBatch, type BatchFile } from "~/http/multipart.server";
import { receivePhotos } from "~/http/photo-upload.server";
import { handleGalleryUpload } from "~/routes/gallery/gallery.server";
import { multipartRequest, type Part } from "./helpers/multipart";
import { useTestDatabase } from "./helpers/test-db";

const CHUNK = 64 * 1024;
/** Streams pull a chunk or two ahead of the reader. */
const READ_AHEAD = 3 * CHUNK;

const multipart = (parts: Part[], options: { declareLength?: boolean } = {}) => multipartRequest(parts, { ...options, chunk: CHUNK });

const summary = (file: BatchFile) => ("error" in file ? { name: file.name, error: file.error } : { name: file.name, size: file.bytes.length });

describe("reading a batch upload", () => {
  it("hands over each photo in order; a part over 5 MB is that file's refusal and the ones after it still come", async () => {
    const { request } = multipart([
      { name: "sectionId", bytes: Buffer.from("4") },
      { name: "file", filename: "uno.jpg", bytes: 1000 },
      { name: "file", filename: "enorme.jpg", bytes: MAX_UPLOAD_BYTES + 1 },
      { name: "file", filename: "justo.jpg", bytes: MAX_UPLOAD_BYTES },
      { name: "file", filename: "", bytes: 0 },
      { name: "file", filename: "dos.jpg", bytes: 2000 },
    ]);
    const seen: unknown[] = [];
    const read = await readUploadBatch(request, async (file, fields) => void seen.push({ ...summary(file), section: fields.get("sectionId") }));
    expect(read).toMatchObject({ ok: true });
    expect(seen).toEqual([
      { name: "uno.jpg", size: 1000, section: "4" },
      { name: "enorme.jpg", error: "tooLarge", section: "4" },
      { name: "justo.jpg", size: MAX_UPLOAD_BYTES, section: "4" },
      { name: "dos.jpg", size: 2000, section: "4" },
    ]);
  });

  it(`takes at most ${MAX_UPLOAD_BATCH} photos: each one past that is refused on its own, unread`, async () => {
    const parts: Part[] = Array.from({ length: MAX_UPLOAD_BATCH + 2 }, (_, i) => ({ name: "file", filename: `${i + 1}.jpg`, bytes: 100 }));
    const { request } = multipart(parts);
    const seen: BatchFile[] = [];
    expect(await readUploadBatch(request, async (file) => void seen.push(file))).toMatchObject({ ok: true });
    expect(seen).toHaveLength(MAX_UPLOAD_BATCH + 2);
    expect(seen.slice(0, MAX_UPLOAD_BATCH).every((f) => "bytes" in f && f.bytes.length === 100)).toBe(true);
    expect(seen.slice(MAX_UPLOAD_BATCH).map(summary)).toEqual([
      { name: "21.jpg", error: "tooManyFiles" },
      { name: "22.jpg", error: "tooManyFiles" },
    ]);
  });

  it("a body with far more parts than a batch form has is malformed", async () => {
    const parts: Part[] = Array.from({ length: 2 * MAX_UPLOAD_BATCH + 5 }, () => ({ name: "other", bytes: Buffer.from("x") }));
    expect(await readUploadBatch(multipart(parts).request, async () => {})).toEqual({ ok: false, error: "malformedUpload" });
  });

  it("holds one photo at a time: nothing more is read while a photo is being saved", async () => {
    const parts: Part[] = Array.from({ length: 4 }, (_, i) => ({ name: "file", filename: `${i}.jpg`, bytes: 3 * 1024 * 1024 }));
    const { request, pulled, ends } = multipart(parts);
    let saving = 0;
    let most = 0;
    const readWhileSaving: number[] = [];
    const readWhenHanded: number[] = [];
    const read = await readUploadBatch(request, async () => {
      saving++;
      most = Math.max(most, saving);
      readWhenHanded.push(pulled());
      const before = pulled();
      await new Promise((resolve) => setTimeout(resolve, 30)); // a photo being decoded and stored
      readWhileSaving.push(pulled() - before);
      saving--;
    });
    expect(read).toMatchObject({ ok: true });
    expect(most).toBe(1);
    expect(readWhileSaving).toEqual([0, 0, 0, 0]);
    // Each photo is handed over before (more than a chunk or two of) the next one is read.
    readWhenHanded.forEach((at, i) => expect(at).toBeLessThan(ends[i] + READ_AHEAD));
  });

  it("never reads a body past the batch limit, declared or not", async () => {
    const parts: Part[] = Array.from({ length: MAX_UPLOAD_BATCH + 2 }, (_, i) => ({ name: "file", filename: `${i}.jpg`, bytes: MAX_UPLOAD_BYTES }));
    const declared = multipart(parts);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const before = declared.pulled();
    expect(await readUploadBatch(declared.request, async () => {})).toEqual({ ok: false, error: "tooLarge" });
    expect(declared.pulled()).toBe(before);
    const undeclared = multipart(parts, { declareLength: false });
    expect(await readUploadBatch(undeclared.request, async () => {})).toEqual({ ok: false, error: "tooLarge" });
    expect(undeclared.pulled()).toBeLessThan(MAX_BATCH_BODY_BYTES + READ_AHEAD);
  });
});

const photo = (shade: number) =>
  sharp({ create: { width: 120, height: 90, channels: 3, background: { r: shade, g: 120, b: 90 } } })
    .jpeg()
    .toBuffer();

async function section() {
  const created = await createSection({ name: "Fiesta", allow_upload: true, is_active: true });
  if (!created.ok) throw new Error();
  return created.section.id;
}

function batchForm(sectionId: number, files: { name: string; bytes: Buffer }[], extra: Record<string, string> = {}) {
  const form = new FormData();
  form.set("sectionId", String(sectionId));
  for (const [k, v] of Object.entries(extra)) form.set(k, v);
  for (const file of files) form.append("file", new File([new Uint8Array(file.bytes)], file.name, { type: "image/jpeg" }));
  return new Request("http://localhost/gallery", { method: "POST", body: form });
}

describe("a batch through the upload flow", () => {
  useTestDatabase({ RATE_LIMIT_UPLOADS: "3" });

  it("counts one point per photo: past the allowance each photo is refused with the wait, the ones before are stored", async () => {
    const id = await section();
    const files = await Promise.all(["a", "b", "c", "d", "e"].map(async (n, i) => ({ name: `${n}.jpg`, bytes: await photo(i * 40) })));
    const received = await receivePhotos(batchForm(id, files), { clientIp: "10.1.1.1" });
    if (!received.ok) throw new Error(received.refusal);
    expect(received.results.map((r) => (r.ok ? "stored" : r.error))).toEqual(["stored", "stored", "stored", "rateLimited", "rateLimited"]);
    const refused = received.results[3];
    expect(!refused.ok && refused.error === "rateLimited" && refused.retryAfterMinutes).toBeGreaterThan(0);
    expect((await db().selectFrom("media").select("name").orderBy("id").execute()).map((r) => r.name)).toEqual(["a.jpg", "b.jpg", "c.jpg"]);
    // The allowance is spent: the next request is refused before its body is used.
    expect(await receivePhotos(batchForm(id, files.slice(0, 1)), { clientIp: "10.1.1.1" })).toMatchObject({ ok: false, refusal: "rateLimited" });
  });

  it("one photo per request counts one point each; refused files of a batch count none", async () => {
    const id = await section();
    const big = { name: "big.jpg", bytes: Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0xff) };
    const two = [
      { name: "uno.jpg", bytes: await photo(10) },
      { name: "dos.jpg", bytes: await photo(20) },
    ];
    const first = await receivePhotos(batchForm(id, [big, ...two]), { clientIp: "10.2.2.2" });
    expect(first.ok && first.results.map((r) => (r.ok ? "stored" : r.error))).toEqual(["tooLarge", "stored", "stored"]);
    const third = await receivePhotos(batchForm(id, [{ name: "tres.jpg", bytes: await photo(30) }]), { clientIp: "10.2.2.2" });
    expect(third.ok && third.results.map((r) => r.ok)).toEqual([true]);
    expect(await receivePhotos(batchForm(id, [{ name: "cuatro.jpg", bytes: await photo(40) }]), { clientIp: "10.2.2.2" })).toMatchObject({
      ok: false,
      refusal: "rateLimited",
    });
  });

  it("one photo sent before the section id is still stored; a batch needs the section id first", async () => {
    const id = await section();
    const fileFirst = (files: { name: string; bytes: Buffer }[], sectionId: string | null) => {
      const form = new FormData();
      for (const file of files) form.append("file", new File([new Uint8Array(file.bytes)], file.name, { type: "image/jpeg" }));
      if (sectionId !== null) form.set("sectionId", sectionId);
      return new Request("http://localhost/gallery", { method: "POST", body: form });
    };
    const one = await receivePhotos(fileFirst([{ name: "antes.jpg", bytes: await photo(10) }], String(id)), { clientIp: "10.5.5.5" });
    expect(one.ok && one.results.map((r) => (r.ok ? "stored" : r.error))).toEqual(["stored"]);
    const two = [
      { name: "x.jpg", bytes: await photo(20) },
      { name: "y.jpg", bytes: await photo(30) },
    ];
    const batch = await receivePhotos(fileFirst(two, String(id)), { clientIp: "10.5.5.6" });
    expect(batch.ok && batch.results.map((r) => (r.ok ? "stored" : r.error))).toEqual(["stored", "fileAndSectionRequired"]);
    const none = await receivePhotos(fileFirst(two, null), { clientIp: "10.5.5.7" });
    expect(none.ok && none.results.map((r) => (r.ok ? "stored" : r.error))).toEqual(["fileAndSectionRequired", "fileAndSectionRequired"]);
    expect((await db().selectFrom("media").select("name").orderBy("id").execute()).map((r) => r.name)).toEqual(["antes.jpg", "x.jpg"]);
  });

  it("the plain form's answer page lists each file: stored or its message", async () => {
    const id = await section();
    const answer = (await handleGalleryUpload(
      batchForm(id, [
        { name: "uno.jpg", bytes: await photo(10) },
        { name: "invitacion.jpg", bytes: Buffer.from("%PDF-1.4\n%%EOF") },
      ]),
      { clientIp: "10.3.3.3" },
    )) as unknown as { data: { ok: boolean; batch: unknown }; init: { status?: number } | null };
    expect(answer.init?.status ?? 200).toBe(200);
    expect(answer.data).toMatchObject({
      ok: true,
      batch: {
        stored: 1,
        total: 2,
        lines: [
          { name: "uno.jpg", stored: true, error: null },
          { name: "invitacion.jpg", stored: false, error: "gallery:errors.notAnImage" },
        ],
      },
    });
  });

  it("a batch where nothing is stored answers the first refusal's status", async () => {
    const id = await section();
    const answer = (await handleGalleryUpload(
      batchForm(id, [
        { name: "a.jpg", bytes: Buffer.from("not an image") },
        { name: "b.jpg", bytes: Buffer.from("nor this") },
      ]),
      { clientIp: "10.4.4.4" },
    )) as unknown as { data: { ok: boolean }; init: { status?: number } | null };
    expect(answer.data.ok).toBe(false);
    expect(answer.init?.status).toBe(415);
  });
});
