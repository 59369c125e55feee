import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { MAX_CONCURRENT_IMAGE_JOBS, MAX_UPLOAD_BYTES } from "~/lib/constants";
import { db } from "~/infra/db.server";
import { createSection, getSection, updateSection } from "~/models/gallery.server";
import { LocalStorage } from "~/infra/storage-local.server";
import { isValidKey, setStorageForTests, type Storage } from "~/infra/storage.server";
import { MAX_UPLOAD_BODY_BYTES, readUpload } from "~/http/multipart.server";
import { imageSlots, isHeic, processImage } from "~/infra/image.server";
import { displayName, savePhoto } from "~/models/photos.server";
import { BOUNDARY, multipartRequest } from "./helpers/multipart";
import { refuseMediaInserts } from "./helpers/refuse-inserts";
import { readKey, storeLike } from "./helpers/storage";
import { useTestDatabase } from "./helpers/test-db";

const photo = (width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 90 } } })
    .jpeg()
    .toBuffer();

/** A photo whose left half is red and right half blue, so its orientation can be read back. */
async function halves(width: number, height: number) {
  const blue = await sharp({ create: { width: width / 2, height, channels: 3, background: { r: 0, g: 0, b: 255 } } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: { r: 255, g: 0, b: 0 } } })
    .composite([{ input: blue, left: width / 2, top: 0 }])
    .jpeg()
    .toBuffer();
}

async function pixel(bytes: Buffer, x: number, y: number) {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return { r: data[i], g: data[i + 1], b: data[i + 2] };
}

/** An AVIF rewritten to carry the HEVC brands and item type of an iPhone HEIC. */
async function heicLike() {
  const bytes = Buffer.from(
    await sharp({ create: { width: 64, height: 48, channels: 3, background: "#c86" } })
      .avif()
      .toBuffer(),
  );
  for (const [from, to] of [
    ["avif", "heic"],
    ["av01", "hvc1"],
    ["av1C", "hvcC"],
  ]) {
    for (let i = bytes.indexOf(from); i !== -1; i = bytes.indexOf(from, i + 4)) bytes.write(to, i, "latin1");
  }
  return bytes;
}

function filesIn(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => fs.statSync(path.join(dir, f)).isFile());
}

/** Streams pull a chunk or two ahead of the reader (64 KiB chunks here). */
const READ_AHEAD = 3 * 64 * 1024;

describe("reading an upload", () => {
  it("keeps the file and the section id; exactly 5 MB is accepted", async () => {
    const { request } = multipartRequest([
      { name: "sectionId", bytes: Buffer.from("7") },
      { name: "file", filename: "C:\\fakepath\\foto.jpg", bytes: MAX_UPLOAD_BYTES },
    ]);
    const read = await readUpload(request);
    if (!read.ok) throw new Error(read.error);
    expect(read.upload.fields.get("sectionId")).toBe("7");
    expect(read.upload.file?.bytes.length).toBe(MAX_UPLOAD_BYTES);
    expect(read.upload.file?.name).toBe("foto.jpg");
  });

  it("refuses 5 MB + 1 byte and stops reading right there, whatever the length header says", async () => {
    for (const declareLength of [true, false]) {
      const { request, pulled } = multipartRequest(
        [
          { name: "sectionId", bytes: Buffer.from("7") },
          { name: "file", filename: "big.jpg", bytes: MAX_UPLOAD_BYTES + 1 },
        ],
        { declareLength },
      );
      expect(await readUpload(request)).toEqual({ ok: false, error: "tooLarge" });
      expect(pulled()).toBeLessThan(MAX_UPLOAD_BYTES + READ_AHEAD);
    }
  });

  it("stops reading a 50 MB body sent without a length at the body limit", async () => {
    const { request, pulled } = multipartRequest([{ name: "file", filename: "huge.jpg", bytes: 50 * 1024 * 1024 }], { declareLength: false });
    expect(await readUpload(request)).toEqual({ ok: false, error: "tooLarge" });
    expect(pulled()).toBeLessThan(MAX_UPLOAD_BODY_BYTES + READ_AHEAD);
  });

  it("refuses a declared length over the limit without reading the body", async () => {
    const { request, pulled } = multipartRequest([{ name: "file", filename: "big.jpg", bytes: MAX_UPLOAD_BODY_BYTES + 1 }]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const before = pulled(); // a stream fills its first chunk by itself once made
    expect(await readUpload(request)).toEqual({ ok: false, error: "tooLarge" });
    expect(pulled()).toBe(before);
  });

  it("never buffers more than one file: many parts under the limit each still hit the body limit", async () => {
    const parts = Array.from({ length: 10 }, (_, i) => ({ name: i === 0 ? "file" : `file${i}`, filename: `${i}.jpg`, bytes: 4 * 1024 * 1024 }));
    const { request, pulled } = multipartRequest(parts, { declareLength: false });
    expect(await readUpload(request)).toEqual({ ok: false, error: "tooLarge" });
    expect(pulled()).toBeLessThan(MAX_UPLOAD_BODY_BYTES + READ_AHEAD);
  });

  it("keeps only the known small fields; an empty file input is no file", async () => {
    const { request } = multipartRequest([
      { name: "sectionId", bytes: Buffer.from("3") },
      { name: "_js", bytes: Buffer.from("1") },
      { name: "other", bytes: Buffer.from("x".repeat(1000)) },
      { name: "file", filename: "", bytes: Buffer.alloc(0) },
    ]);
    const read = await readUpload(request);
    if (!read.ok) throw new Error(read.error);
    expect([...read.upload.fields.keys()].sort()).toEqual(["_js", "sectionId"]);
    expect(read.upload.file).toBeNull();
  });

  it("a malformed body is refused as malformed, not a crash and not 'file and section required'", async () => {
    const post = (body: string, contentType = `multipart/form-data; boundary=${BOUNDARY}`) =>
      readUpload(new Request("http://localhost/gallery", { method: "POST", headers: { "Content-Type": contentType }, body }));
    const part = (disposition: string) => `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n\r\nx\r\n`;
    for (const [label, body, contentType] of [
      ["not multipart at all", "not multipart at all", undefined],
      ["no boundary in the header", part('form-data; name="sectionId"') + `--${BOUNDARY}--\r\n`, "multipart/form-data"],
      ["cut off before the closing delimiter", part('form-data; name="sectionId"'), undefined],
      ["a part header without a colon", `--${BOUNDARY}\r\nnonsense\r\n\r\nx\r\n--${BOUNDARY}--\r\n`, undefined],
      ["a part with no field name", part("form-data") + `--${BOUNDARY}--\r\n`, undefined],
      ["far more parts than an upload form has", part('form-data; name="other"').repeat(21) + `--${BOUNDARY}--\r\n`, undefined],
      ["an unclosed quote", part('form-data; name="file"; filename="a.jpg') + `--${BOUNDARY}--\r\n`, undefined],
    ] as const) {
      expect(await post(body, contentType), label).toEqual({ ok: false, error: "malformedUpload" });
    }
  });

  it("file names with ';' '=' or quotes, and RFC 5987 filename*, are read whole", async () => {
    const cases: [string, string][] = [
      ['filename="a;b.jpg"', "a;b.jpg"],
      ['filename="a=b.jpg"', "a=b.jpg"],
      ['filename="x; filename=evil.jpg"', "x; filename=evil.jpg"],
      ['filename="say \\"hi\\".jpg"', 'say "hi".jpg'],
      ["filename=plain.jpg", "plain.jpg"],
      [`filename="fallback.jpg"; filename*=UTF-8''${encodeURIComponent("boda; día=1.jpg")}`, "boda; día=1.jpg"],
      [`filename*=UTF-8''${encodeURIComponent("ñandú.jpg")}; filename="fallback.jpg"`, "ñandú.jpg"],
      ['filename="C:\\fakepath\\foto.jpg"', "foto.jpg"],
    ];
    for (const [param, expected] of cases) {
      const body = Buffer.concat([
        Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="sectionId"\r\n\r\n7\r\n`),
        Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; ${param}\r\nContent-Type: image/jpeg\r\n\r\n`),
        Buffer.from("jpegbytes"),
        Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
      ]);
      const read = await readUpload(
        new Request("http://localhost/gallery", { method: "POST", headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` }, body }),
      );
      if (!read.ok) throw new Error(`${param}: ${read.error}`);
      expect(read.upload.file?.name, param).toBe(expected);
      expect(read.upload.file?.bytes.toString(), param).toBe("jpegbytes");
      expect(read.upload.fields.get("sectionId"), param).toBe("7");
    }
  });

  it("a part split across many tiny chunks (a delimiter cut in two) is read exactly", async () => {
    const bytes = Buffer.from(`\r\n--${BOUNDARY.slice(0, 5)} not a delimiter \r\n--`.repeat(50));
    const { request } = multipartRequest(
      [
        { name: "sectionId", bytes: Buffer.from("12") },
        { name: "file", filename: "a.jpg", bytes },
      ],
      { chunk: 7 },
    );
    const read = await readUpload(request);
    if (!read.ok) throw new Error(read.error);
    expect(read.upload.file?.bytes.equals(bytes)).toBe(true);
    expect(read.upload.fields.get("sectionId")).toBe("12");
  });
});

describe("processing a photo", () => {
  it("removes EXIF metadata, GPS included, from the web copy and the thumbnail", async () => {
    const withGps = await sharp(await photo())
      .withExif({
        IFD0: { Copyright: "Guest", Make: "Phone" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "8/1 58/1 20/1", GPSLongitudeRef: "W", GPSLongitude: "79/1 35/1 20/1" },
      })
      .jpeg()
      .toBuffer();
    const source = await sharp(withGps).metadata();
    expect(source.exif?.toString("latin1")).toContain("Guest");
    expect(source.exif?.includes(Buffer.from([0x25, 0x88, 0x04, 0x00]))).toBe(true); // the GPS IFD pointer (tag 0x8825, little-endian)
    const result = await processImage(withGps);
    if (!result.ok) throw new Error(result.error);
    for (const copy of [result.web.data, result.thumb.data]) {
      const meta = await sharp(copy).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(copy.includes(Buffer.from("Guest"))).toBe(false);
    }
  });

  it("applies the EXIF orientation: a photo taken sideways comes out upright", async () => {
    // Stored 400×200 (red left, blue right) with orientation 6 = "rotate 90° clockwise to view".
    const sideways = await sharp(await halves(400, 200))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect((await sharp(sideways).metadata()).orientation).toBe(6);
    const result = await processImage(sideways);
    if (!result.ok) throw new Error(result.error);
    expect([result.web.width, result.web.height]).toEqual([200, 400]);
    const top = await pixel(result.web.data, 100, 20);
    const bottom = await pixel(result.web.data, 100, 380);
    expect(top.r).toBeGreaterThan(200); // the red half is now on top
    expect(bottom.b).toBeGreaterThan(200);
    expect((await sharp(result.web.data).metadata()).orientation).toBeUndefined();
    expect([result.thumb.width, result.thumb.height]).toEqual([200, 400]);
  });

  it("makes a web-sized copy and a thumbnail, keeping PNG and WebP as they are", async () => {
    const big = await processImage(await photo(3000, 2000));
    expect(big.ok && [big.format, big.web.width, big.web.height, big.thumb.width, big.thumb.height]).toEqual(["jpeg", 1600, 1067, 480, 320]);
    const png = await processImage(
      await sharp({ create: { width: 100, height: 80, channels: 4, background: "#0000" } })
        .png()
        .toBuffer(),
    );
    expect(png.ok && [png.format, png.web.width]).toEqual(["png", 100]);
    const webp = await processImage(
      await sharp(await photo(300, 200))
        .webp()
        .toBuffer(),
    );
    expect(webp.ok && webp.format).toBe("webp");
  });

  it("refuses what does not decode as an image, whatever its name", async () => {
    expect(await processImage(Buffer.from("just some text"))).toEqual({ ok: false, error: "notAnImage" });
    expect(await processImage(Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF"))).toEqual({ ok: false, error: "notAnImage" });
    expect(await processImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'))).toEqual({ ok: false, error: "notAnImage" });
    const truncated = (await photo()).subarray(0, 600);
    expect(await processImage(truncated)).toEqual({ ok: false, error: "notAnImage" });
  });

  it("iPhone HEIC photos get a message of their own; AVIF is converted", async () => {
    const heic = await heicLike();
    expect(isHeic(heic)).toBe(true);
    expect(await processImage(heic)).toEqual({ ok: false, error: "heicUnsupported" });
    const avif = await sharp(await photo(120, 90))
      .avif()
      .toBuffer();
    expect(isHeic(avif)).toBe(false);
    const converted = await processImage(avif);
    expect(converted.ok && converted.format).toBe("jpeg");
  });

  it("decodes at most MAX_CONCURRENT_IMAGE_JOBS photos at once; a burst waits its turn and all finish", async () => {
    const bytes = await photo(1200, 900);
    const jobs = Array.from({ length: 5 }, () => processImage(bytes));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(imageSlots()).toEqual({ running: MAX_CONCURRENT_IMAGE_JOBS, waiting: 5 - MAX_CONCURRENT_IMAGE_JOBS });
    const results = await Promise.all(jobs);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(imageSlots()).toEqual({ running: 0, waiting: 0 });
    // A refused file frees its slot too.
    await Promise.all(Array.from({ length: 3 }, () => processImage(Buffer.from("nope"))));
    expect(imageSlots()).toEqual({ running: 0, waiting: 0 });
  });

  it("refuses a decompression bomb (a tiny file that decodes to too many pixels)", async () => {
    const bomb = await sharp({ create: { width: 12_000, height: 11_000, channels: 3, background: "#000" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(MAX_UPLOAD_BYTES);
    expect(await processImage(bomb)).toEqual({ ok: false, error: "notAnImage" });
  }, 30_000);
});

describe("saving a photo", () => {
  const paths = useTestDatabase();

  async function activeSection(allow_upload = true) {
    const created = await createSection({ name: "Fotos", allow_upload, is_active: true });
    if (!created.ok) throw new Error();
    return created.section.id;
  }

  it("writes a web copy and a thumbnail under {sectionId}/{timestamp}-{random}.{ext}, then the row", async () => {
    const id = await activeSection();
    const saved = await savePhoto(id, { bytes: await photo(3000, 2000), name: "../../etc/IMG_0001.jpg" });
    if (!saved.ok) throw new Error(saved.error);
    expect(saved.media.file_path).toMatch(new RegExp(`^${id}/\\d{13}-[0-9a-f]{12}\\.jpg$`));
    expect(saved.media.public_url).toBe(`/uploads/${saved.media.file_path}`);
    expect(saved.media.thumbnail_url).toBe(`/uploads/${saved.media.file_path.replace(".jpg", "-thumb.jpg")}`);
    expect(saved.media).toMatchObject({ type: "IMAGE", name: "IMG_0001.jpg", width: 1600, height: 1067 });
    expect(saved.media.size).toBe(fs.statSync(path.join(paths.uploads, saved.media.file_path)).size);
    // The photo, its thumbnail and the thumbnail's AVIF and WebP copies at two widths.
    expect(filesIn(paths.uploads)).toHaveLength(6);
    const thumb = await sharp(path.join(paths.uploads, saved.media.file_path.replace(".jpg", "-thumb.jpg"))).metadata();
    expect(Math.max(thumb.width!, thumb.height!)).toBe(480);
    expect((await getSection(id))?.media.map((m) => m.id)).toEqual([saved.media.id]);
    // The stored copy has no metadata either.
    expect((await sharp(path.join(paths.uploads, saved.media.file_path)).metadata()).exif).toBeUndefined();
  });

  it("refuses 5 MB + 1 byte, garbage and a PDF named .jpg, and writes nothing", async () => {
    const id = await activeSection();
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 1);
    expect(await savePhoto(id, { bytes: big, name: "big.jpg" })).toEqual({ ok: false, error: "tooLarge" });
    expect(await savePhoto(id, { bytes: Buffer.from("just some text"), name: "notes.jpg" })).toEqual({ ok: false, error: "notAnImage" });
    expect(await savePhoto(id, { bytes: Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF"), name: "invite.jpg" })).toEqual({
      ok: false,
      error: "notAnImage",
    });
    expect(await savePhoto(id, { bytes: await heicLike(), name: "IMG_0001.HEIC" })).toEqual({ ok: false, error: "heicUnsupported" });
    expect(filesIn(paths.uploads)).toEqual([]);
    expect(await db().selectFrom("media").selectAll().execute()).toEqual([]);
  });

  it("refuses sections that are missing, inactive or closed to uploads", async () => {
    const closed = await activeSection(false);
    expect(await savePhoto(closed, { bytes: await photo(), name: "a.jpg" })).toEqual({ ok: false, error: "uploadsClosed" });
    const hidden = await createSection({ name: "Oculta", is_active: false });
    if (!hidden.ok) throw new Error();
    expect(await savePhoto(hidden.section.id, { bytes: await photo(), name: "a.jpg" })).toEqual({ ok: false, error: "sectionNotFound" });
    expect(await savePhoto(424242, { bytes: await photo(), name: "a.jpg" })).toEqual({ ok: false, error: "sectionNotFound" });
    expect(filesIn(paths.uploads)).toEqual([]);
  });

  it("a failing insert leaves no file behind", async () => {
    const id = await activeSection();
    await refuseMediaInserts();
    const result = await savePhoto(id, { bytes: await photo(), name: "a.jpg" });
    expect(result).toEqual({ ok: false, error: "storageFailed" });
    expect(filesIn(paths.uploads)).toEqual([]);
    expect(await db().selectFrom("media").selectAll().execute()).toEqual([]);
  });

  /** A store that runs `meanwhile` once, after the photo is written and before its row is inserted. */
  function storeThatRuns(meanwhile: () => Promise<unknown>): Storage {
    const local: Storage = new LocalStorage(paths.uploads);
    let puts = 0;
    return storeLike(local, {
      put: async (key, bytes, type) => {
        await local.put(key, bytes, type);
        if (++puts === 2) await meanwhile();
      },
    });
  }

  it("a section deleted while the photo was processed: nothing is recorded and the files go", async () => {
    const id = await activeSection();
    setStorageForTests(storeThatRuns(() => db().deleteFrom("gallery_sections").where("id", "=", id).execute()));
    try {
      expect(await savePhoto(id, { bytes: await photo(), name: "a.jpg" })).toEqual({ ok: false, error: "sectionNotFound" });
    } finally {
      setStorageForTests(undefined);
    }
    expect(filesIn(paths.uploads)).toEqual([]);
    expect(await db().selectFrom("media").selectAll().execute()).toEqual([]);
  });

  it("uploads turned off (or the section hidden) while the photo waited: refused as closed, no row, no file", async () => {
    for (const [patch, error] of [
      [{ allow_upload: false }, "uploadsClosed"],
      [{ is_active: false }, "sectionNotFound"],
    ] as const) {
      const id = await activeSection();
      setStorageForTests(storeThatRuns(() => updateSection(id, patch)));
      try {
        expect(await savePhoto(id, { bytes: await photo(), name: "a.jpg" })).toEqual({ ok: false, error });
      } finally {
        setStorageForTests(undefined);
      }
      expect(filesIn(paths.uploads)).toEqual([]);
      expect(await db().selectFrom("media").selectAll().execute()).toEqual([]);
    }
  });

  it("a photo waiting for an image slot is refused if the section closes before its turn", async () => {
    const id = await activeSection();
    const bytes = await photo(1600, 1200);
    const busy = Array.from({ length: MAX_CONCURRENT_IMAGE_JOBS }, () => processImage(bytes));
    const waiting = savePhoto(id, { bytes: await photo(), name: "a.jpg" });
    await expect.poll(() => imageSlots().waiting).toBe(1);
    await updateSection(id, { allow_upload: false });
    expect(await waiting).toEqual({ ok: false, error: "uploadsClosed" });
    await Promise.all(busy);
    expect(filesIn(paths.uploads)).toEqual([]);
    expect(await db().selectFrom("media").selectAll().execute()).toEqual([]);
  });

  it("a store that fails on the thumbnail leaves no web copy behind", async () => {
    const id = await activeSection();
    const local: Storage = new LocalStorage(paths.uploads);
    let puts = 0;
    const flaky: Storage = storeLike(local, {
      put: async (key, bytes, type) => {
        if (++puts === 2) throw new Error("no space left on device");
        await local.put(key, bytes, type);
      },
    });
    setStorageForTests(flaky);
    try {
      expect(await savePhoto(id, { bytes: await photo(), name: "a.jpg" })).toEqual({ ok: false, error: "storageFailed" });
    } finally {
      setStorageForTests(undefined);
    }
    expect(filesIn(paths.uploads)).toEqual([]);
    expect(await db().selectFrom("media").selectAll().execute()).toEqual([]);
  });
});

describe("the file store", () => {
  it("accepts only keys the server makes and never reads outside its folder", async () => {
    expect(isValidKey("12/1700000000000-abcdef.jpg")).toBe(true);
    for (const bad of ["../secrets.json", "12/../../x.jpg", "/etc/passwd", "12/a/b.jpg", "12\\x.jpg", "%2e%2e/x.jpg", "12/..", "12/.", ""]) {
      expect(isValidKey(bad), bad).toBe(false);
    }
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "wedding-store-"));
    fs.writeFileSync(path.join(path.dirname(root), "outside.jpg"), "secret");
    const store: Storage = new LocalStorage(root);
    expect(await readKey(store, "../outside.jpg")).toBeNull();
    await expect(store.put("../x.jpg", Buffer.from("x"), "image/jpeg")).rejects.toThrow();
    await store.put("1/a.jpg", Buffer.from("x"), "image/jpeg");
    await expect(store.put("1/a.jpg", Buffer.from("y"), "image/jpeg")).rejects.toThrow(); // no overwrite
    expect((await readKey(store, "1/a.jpg"))?.toString()).toBe("x");
    await store.remove("1/a.jpg");
    await store.remove("1/a.jpg"); // removing twice is fine
    expect(await readKey(store, "1/a.jpg")).toBeNull();
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(path.join(path.dirname(root), "outside.jpg"), { force: true });
  });

  it("display names never carry a path or markup", () => {
    for (const name of ["C:\\fakepath\\<b>foto</b>.jpg", "../../x/<script>.png"]) expect(displayName(name)).not.toMatch(/[<>/\\]/);
    expect(displayName("../../")).toBe("foto");
    expect(displayName("a".repeat(500)).length).toBeLessThanOrEqual(120);
  });
});
