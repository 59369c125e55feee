import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand } from "@aws-sdk/client-s3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORAGE_CACHE_CONTROL_SECONDS } from "~/lib/constants";
import { variantNames, variantOf } from "~/lib/thumbnail-variants";
import { config } from "~/infra/config.server";
import { db } from "~/infra/db.server";
import { S3Storage } from "~/infra/storage-s3.server";
import { IN_FLIGHT_GRACE_MS, isValidKey, setAsideOrphanFiles, setStorageForTests, storage, StorageKeyTaken } from "~/infra/storage.server";
import { boot } from "~/start.server";
import { createSection } from "~/models/gallery.server";
import { savePhoto } from "~/models/photos.server";
import * as sectionMedia from "~/routes/api.gallery.sections.$id.media";
import * as sectionZip from "~/routes/gallery_.$id[.]zip";
import * as uploads from "~/routes/uploads.$";
import * as healthz from "~/routes/healthz";
import { startS3Server, type S3TestServer } from "../helpers/s3-server";
import { listKeys, readKey, storeLike, useStoreDriver } from "./helpers/storage";
import { onPostgres } from "./helpers/engine";
import { refuseMediaInserts } from "./helpers/refuse-inserts";
import { useTestDatabase } from "./helpers/test-db";
import { entriesOf } from "./helpers/zip";
import { createSlotKeeper, localSlots } from "../../server/downloads.mjs";

/**
 * The storage contract (docs/decisions/0017-*): every case runs against the local folder and
 * against a real S3-protocol server (s3rver on a free local port, one fresh bucket per test),
 * through the app's own storage(), upload flow, /uploads route, ZIP and boot sweep.
 */

const photo = (width = 320, height = 240) =>
  sharp({ create: { width, height, channels: 3, background: { r: 180, g: 120, b: 90 } } })
    .jpeg()
    .toBuffer();

async function newSection(is_active = true) {
  const created = await createSection({ name: "Fiesta", allow_upload: true, is_active });
  if (!created.ok) throw new Error(created.error);
  return created.section.id;
}

type Args = Parameters<typeof uploads.loader>[0];
// The server's ZIP slots as one process keeps them (server/downloads.mjs).
const takeDownloadSlot = localSlots(createSlotKeeper());
const args = (request: Request, params: Record<string, string>) =>
  ({ request, params, context: { clientIp: "10.9.0.1", takeDownloadSlot } }) as unknown as Args;

const getUpload = (key: string, headers: Record<string, string> = {}) =>
  uploads.loader(args(new Request(`http://localhost/uploads/${key}`, { headers }), { "*": key }));

describe.each(["local", "s3"] as const)("the %s store", (driver) => {
  const store = useStoreDriver(driver, "contract");
  const paths = useTestDatabase(store.env);

  /** Every key in the store, section folders or not (the orphans' folder included). */
  async function allKeys(): Promise<string[]> {
    if (store.s3) {
      const page = await store.s3.client.send(new ListObjectsV2Command({ Bucket: config().S3_BUCKET }));
      return (page.Contents ?? []).map((o) => o.Key!).sort();
    }
    if (!fs.existsSync(paths.uploads)) return [];
    return fs
      .readdirSync(paths.uploads, { recursive: true })
      .map((f) => String(f).split(path.sep).join("/"))
      .filter((f) => fs.statSync(path.join(paths.uploads, f)).isFile())
      .sort();
  }

  /** Puts bytes at any key behind the app's back (what a crash or a person leaves in the store). */
  async function plant(key: string, bytes: string) {
    if (store.s3) {
      await store.s3.client.send(new PutObjectCommand({ Bucket: config().S3_BUCKET, Key: key, Body: bytes }));
    } else {
      fs.mkdirSync(path.dirname(path.join(paths.uploads, key)), { recursive: true });
      fs.writeFileSync(path.join(paths.uploads, key), bytes);
    }
  }

  it("is the driver STORAGE names", () => {
    expect(storage().driver).toBe(driver);
    expect(storage().bucket).toBe(driver === "s3" ? config().S3_BUCKET : "wedding-gallery");
    expect(storage().cacheControlSeconds).toBe(3600);
  });

  it("puts, opens, streams and removes a key; the public URL is /uploads/{key}", async () => {
    const bytes = Buffer.alloc(300 * 1024, 7);
    await storage().put("3/1700000000000-aa.jpg", bytes, "image/jpeg");
    expect(storage().url("3/1700000000000-aa.jpg")).toBe("/uploads/3/1700000000000-aa.jpg");
    const stored = await storage().open("3/1700000000000-aa.jpg");
    expect(stored?.size).toBe(bytes.length);
    expect(stored?.etag).toMatch(/^(W\/)?".+"$/);
    // Read as a stream, chunk by chunk.
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.body) chunks.push(chunk as Buffer);
    expect(chunks.length).toBeGreaterThan(1);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    expect(await listKeys(storage())).toEqual(["3/1700000000000-aa.jpg"]);

    await storage().remove("3/1700000000000-aa.jpg");
    await storage().remove("3/1700000000000-aa.jpg"); // twice is fine
    expect(await storage().open("3/1700000000000-aa.jpg")).toBeNull();
    expect(await storage().open("3/never-written.jpg")).toBeNull();
    expect(await allKeys()).toEqual([]);
  });

  it("never overwrites: a second put on a key fails with StorageKeyTaken and the first bytes stay", async () => {
    await storage().put("1/a.jpg", Buffer.from("first"), "image/jpeg");
    await expect(storage().put("1/a.jpg", Buffer.from("second"), "image/jpeg")).rejects.toBeInstanceOf(StorageKeyTaken);
    expect((await readKey(storage(), "1/a.jpg"))?.toString()).toBe("first");
  });

  it("refuses keys the server does not make, for every operation", async () => {
    await plant("notes.txt", "private");
    for (const bad of ["../x.jpg", "12/../../x.jpg", "/etc/passwd", "12/a/b.jpg", "notes.txt", "_orphaned/x/1/a.jpg", ""]) {
      expect(isValidKey(bad), bad).toBe(false);
      await expect(storage().put(bad, Buffer.from("x"), "image/jpeg"), bad).rejects.toThrow();
      expect(await storage().open(bad), bad).toBeNull();
      await storage().remove(bad);
    }
    expect(await allKeys()).toEqual(["notes.txt"]);
  });

  it("writes with the spec's cache control and the photo's content type", async () => {
    const id = await newSection();
    const saved = await savePhoto(id, { bytes: await photo(), name: "a.jpg" });
    if (!saved.ok) throw new Error(saved.error);
    if (store.s3) {
      const head = await store.s3.client.send(new HeadObjectCommand({ Bucket: config().S3_BUCKET, Key: saved.media.file_path }));
      expect(head.CacheControl).toBe(`public, max-age=${STORAGE_CACHE_CONTROL_SECONDS}`);
      expect(head.ContentType).toBe("image/jpeg");
      // The thumbnail's AVIF copy: under the same kind of key, with its own type.
      const copy = variantOf(saved.media.file_path.replace(".jpg", "-thumb.jpg"), 240, "avif");
      expect((await store.s3.client.send(new HeadObjectCommand({ Bucket: config().S3_BUCKET, Key: copy }))).ContentType).toBe("image/avif");
    }
    const thumb = saved.media.file_path.replace(".jpg", "-thumb.jpg");
    const { variant_widths } = await db().selectFrom("media").select("variant_widths").executeTakeFirstOrThrow();
    expect(await allKeys()).toEqual([saved.media.file_path, thumb, ...variantNames(thumb, variant_widths)].sort());
  });

  it("a failing media insert in the upload flow leaves no object behind", async () => {
    const id = await newSection();
    await refuseMediaInserts();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(await photo())], { type: "image/jpeg" }), "a.jpg");
    const request = new Request(`http://localhost/api/gallery/sections/${id}/media`, { method: "POST", body: form });
    const response = await sectionMedia.action(args(request, { id: String(id) }));
    expect(response.status).toBe(500);
    expect(await allKeys()).toEqual([]);
    expect(await db().selectFrom("media").selectAll().execute()).toEqual([]);
  });

  it("a write that landed but failed on its way back (a timeout) is removed too; a taken key is left to its owner", async () => {
    const id = await newSection();
    const base = storage();
    setStorageForTests(
      storeLike(base, {
        put: async (key, bytes, type) => {
          await base.put(key, bytes, type);
          throw new Error("socket hang up");
        },
      }),
    );
    expect(await savePhoto(id, { bytes: await photo(), name: "a.jpg" })).toEqual({ ok: false, error: "storageFailed" });
    expect(await allKeys()).toEqual([]);

    await base.put(`${id}/1700000000000-theirs.jpg`, Buffer.from("theirs"), "image/jpeg");
    setStorageForTests(
      storeLike(base, {
        put: async (key) => {
          throw new StorageKeyTaken(key);
        },
      }),
    );
    expect(await savePhoto(id, { bytes: await photo(), name: "b.jpg" })).toEqual({ ok: false, error: "storageFailed" });
    expect(await allKeys()).toEqual([`${id}/1700000000000-theirs.jpg`]);
    setStorageForTests(base);
  });

  it("an upload through the API is stored, then streamed at /uploads/{key} with its headers, a 304 and a 404", async () => {
    const id = await newSection();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(await photo(1200, 900))], { type: "image/jpeg" }), "boda.jpg");
    const request = new Request(`http://localhost/api/gallery/sections/${id}/media`, { method: "POST", body: form });
    const created = await sectionMedia.action(args(request, { id: String(id) }));
    expect(created.status).toBe(201);
    const media = (await created.json()) as { file_path: string; public_url: string; size: number };
    expect(media.public_url).toBe(`/uploads/${media.file_path}`);
    expect(await listKeys(storage())).toContain(media.file_path);

    const served = await getUpload(media.file_path);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/jpeg");
    expect(served.headers.get("Content-Length")).toBe(String(media.size));
    expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const body = Buffer.from(await served.arrayBuffer());
    expect(body.equals((await readKey(storage(), media.file_path))!)).toBe(true);
    expect((await sharp(body).metadata()).width).toBe(1200);

    const head = await uploads.loader(args(new Request(`http://localhost/uploads/${media.file_path}`, { method: "HEAD" }), { "*": media.file_path }));
    expect(head.headers.get("Content-Length")).toBe(String(media.size));
    expect(head.body).toBeNull();

    const again = await getUpload(media.file_path, { "If-None-Match": served.headers.get("ETag")! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");

    // A byte range of a photo, as of every stored file (one read of the store), and 416 past its end.
    const part = await getUpload(media.file_path, { Range: "bytes=100-199" });
    expect(part.status).toBe(206);
    expect(part.headers.get("Content-Range")).toBe(`bytes 100-199/${media.size}`);
    expect(part.headers.get("Content-Security-Policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(Buffer.from(await part.arrayBuffer()).equals(body.subarray(100, 200))).toBe(true);
    const past = await getUpload(media.file_path, { Range: `bytes=${media.size}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get("Content-Range")).toBe(`bytes */${media.size}`);

    // A row whose object is gone, and a key no row names, are both 404s.
    await storage().remove(media.file_path);
    expect((await getUpload(media.file_path)).status).toBe(404);
    await storage().put(`${id}/1700000000000-ab.jpg`, await photo(), "image/jpeg");
    expect((await getUpload(`${id}/1700000000000-ab.jpg`)).status).toBe(404);
  });

  it("the section ZIP streams every photo from the store", async () => {
    const id = await newSection();
    const saved = [];
    for (const name of ["uno.jpg", "dos.jpg"]) {
      const result = await savePhoto(id, { bytes: await photo(), name });
      if (!result.ok) throw new Error(result.error);
      saved.push(result.media);
    }
    const response = await sectionZip.loader(args(new Request(`http://localhost/gallery/${id}.zip`), { id: String(id) }));
    expect(response.status).toBe(200);
    const entries = await entriesOf(Buffer.from(await response.arrayBuffer()));
    expect([...entries.keys()].sort()).toEqual(["Fiesta/", "Fiesta/dos.jpg", "Fiesta/uno.jpg"]);
    expect(entries.get("Fiesta/uno.jpg")!.equals((await readKey(storage(), saved[0].file_path))!)).toBe(true);
  });

  it("at boot, moves objects no row names to _orphaned/{stamp}/ and keeps every named one and anything outside section folders", async () => {
    const id = await newSection();
    const kept = await savePhoto(id, { bytes: await photo(), name: "kept.jpg" });
    if (!kept.ok) throw new Error(kept.error);
    await plant(`${id}/1700000000000-orphan.jpg`, "orphan");
    await plant("99/1700000000000-gone.jpg", "section deleted mid-crash");
    await plant("notes.txt", "not ours");
    const lines: string[] = [];
    await boot((l) => lines.push(l));
    expect(lines.some((l) => l.startsWith("Moved 2 uploaded file"))).toBe(true);

    const keys = await allKeys();
    expect(keys).toContain(kept.media.file_path);
    const thumb = kept.media.file_path.replace(".jpg", "-thumb.jpg");
    expect(keys).toContain(thumb);
    // The thumbnail's AVIF and WebP copies are named by the row too: they stay.
    const { variant_widths } = await db().selectFrom("media").select("variant_widths").executeTakeFirstOrThrow();
    const copies = variantNames(thumb, variant_widths);
    expect(copies).toHaveLength(4);
    for (const copy of copies) expect(keys).toContain(copy);
    expect(keys).toContain("notes.txt");
    const moved = keys.filter((k) => k.startsWith("_orphaned/"));
    expect(moved).toHaveLength(2);
    const stamp = moved[0].split("/")[1];
    expect(moved.sort()).toEqual([`_orphaned/${stamp}/${id}/1700000000000-orphan.jpg`, `_orphaned/${stamp}/99/1700000000000-gone.jpg`].sort());
    expect(keys).toHaveLength(9);
    // Moved, not rewritten: the bytes are the same.
    const orphanKey = `_orphaned/${stamp}/${id}/1700000000000-orphan.jpg`;
    const orphanBytes = store.s3
      ? Buffer.from(await (await store.s3.client.send(new GetObjectCommand({ Bucket: config().S3_BUCKET, Key: orphanKey }))).Body!.transformToByteArray())
      : fs.readFileSync(path.join(paths.uploads, orphanKey));
    expect(orphanBytes.toString()).toBe("orphan");
    // The moved copies are never served and a second sweep leaves them alone.
    expect((await setAsideOrphanFiles(() => true)).moved).toBe(0);
    expect(await allKeys()).toEqual(keys);
  });

  it("at boot, leaves alone a file made moments ago that no row names yet when other instances may be saving it (PostgreSQL)", async () => {
    const id = await newSection();
    const fresh = `${id}/${Date.now()}-0123456789ab.jpg`;
    const old = `${id}/1700000000000-0123456789ab.jpg`;
    await plant(fresh, "in flight");
    await plant(old, "orphan");
    const lines: string[] = [];
    await boot((l) => lines.push(l));
    // SQLite: one server, whose workers start after the boot, so nothing can be in flight.
    expect(lines.some((l) => l.startsWith(`Moved ${onPostgres ? 1 : 2} uploaded file`))).toBe(true);
    expect(await allKeys()).not.toContain(old);
    expect((await allKeys()).includes(fresh)).toBe(onPostgres);

    // The grace period itself, whichever engine: inside it the file stays, past it the file moves.
    const again = `${id}/${Date.now()}-ba9876543210.jpg`;
    await plant(again, "in flight");
    expect((await setAsideOrphanFiles(() => false, { graceMs: IN_FLIGHT_GRACE_MS })).moved).toBe(0);
    expect(await allKeys()).toContain(again);
    const later = await setAsideOrphanFiles(() => false, { now: Date.now() + IN_FLIGHT_GRACE_MS + 1000, graceMs: IN_FLIGHT_GRACE_MS });
    expect(later.moved).toBe(onPostgres ? 2 : 1);
    expect(await allKeys()).not.toContain(again);
  });

  it("/healthz reports the store", async () => {
    const response = await healthz.loader();
    expect(await response.json()).toEqual({ ok: true, database: true, storage: true, freeDiskMb: expect.any(Number), backup: null });
  });
});

describe("a bucket that does not answer at start", () => {
  useTestDatabase({ STORAGE: "s3", S3_ENDPOINT: "http://127.0.0.1:9", S3_ACCESS_KEY_ID: "key", S3_SECRET_ACCESS_KEY: "secret" });

  it("the site still starts (invitations need no photos), says which bucket to check, and /healthz reports it", async () => {
    const lines: string[] = [];
    await boot((l) => lines.push(l));
    expect(lines.find((l) => l.startsWith("Warning: the photo store"))).toMatch(
      /the bucket "wedding-gallery" at http:\/\/127\.0\.0\.1:9, could not be read at start: .*Check S3_BUCKET, S3_ENDPOINT/,
    );
    const response = await healthz.loader();
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ ok: false, database: true, storage: false, freeDiskMb: expect.any(Number), backup: null });
  });
});

describe("the S3 driver", () => {
  let s3: S3TestServer;
  beforeAll(async () => {
    s3 = await startS3Server({ bucket: "paging" });
  });
  afterAll(async () => {
    await s3.stop();
  });
  const settings = (overrides: Record<string, string | boolean | undefined> = {}) => ({
    S3_BUCKET: "paging",
    S3_REGION: "us-east-1",
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: undefined,
    S3_PUBLIC_URL: undefined,
    ...overrides,
  });

  it("removes a dead worker's spool folders by its tag, not another worker's", async () => {
    const os = await import("node:os");
    const store = new S3Storage(settings());
    const dead = fs.mkdtempSync(path.join(os.tmpdir(), "wedding-upload-0123456789ab-"));
    fs.writeFileSync(path.join(dead, "spool"), "half a video");
    const alive = fs.mkdtempSync(path.join(os.tmpdir(), "wedding-upload-ba9876543210-"));
    try {
      expect(await store.removeTempFiles("0123456789ab")).toBe(1);
      expect(fs.existsSync(dead)).toBe(false);
      expect(fs.existsSync(alive)).toBe(true);
    } finally {
      fs.rmSync(dead, { recursive: true, force: true });
      fs.rmSync(alive, { recursive: true, force: true });
    }
  });

  it("reads the bucket's listing page by page", async () => {
    // Two keys per page: three ListObjectsV2 calls for five keys.
    const paged = new S3Storage(settings(), { client: s3.client, listPageSize: 2 });
    const keys = Array.from({ length: 5 }, (_, i) => `7/17000000000${i}0-k.jpg`);
    for (const key of keys) await paged.put(key, Buffer.from(key), "image/jpeg");
    const seen: string[] = [];
    for await (const key of paged.list()) seen.push(key);
    expect(seen.sort()).toEqual(keys);
    const swept = await paged.setAsideOrphans((key) => key === keys[4], "stamp");
    expect(swept).toEqual({ moved: 4, tempRemoved: 0, to: "s3://paging/_orphaned/stamp/" });
    const left: string[] = [];
    for await (const key of paged.list()) left.push(key);
    expect(left).toEqual([keys[4]]);
  });

  it("with S3_PUBLIC_URL, photos' URLs are that base plus the key, and the object is read there with the spec's cache control", async () => {
    const store = new S3Storage(settings({ S3_PUBLIC_URL: `${s3.endpoint}/paging/` }));
    await store.put("8/1700000000000-pub.jpg", await photo(), "image/jpeg");
    const url = store.url("8/1700000000000-pub.jpg");
    expect(url).toBe(`${s3.endpoint}/paging/8/1700000000000-pub.jpg`);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect(response.headers.get("Content-Type")).toBe("image/jpeg");
  });

  it("a bucket that accepts the connection but never answers fails a put and /healthz in time instead of holding them", async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const endpoint = `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}`;
      const store = new S3Storage(settings({ S3_ENDPOINT: endpoint }), { answerTimeoutMs: 300 });
      const started = Date.now();
      expect(await store.healthy()).toBe(false);
      await expect(store.put("1/a.jpg", Buffer.from("x"), "image/jpeg")).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });

  it("a photo's stream is never cut for being read slowly (a phone holding back its ZIP)", async () => {
    // Larger than what loopback socket buffers hold, so the bucket's connection really waits.
    const bytes = Buffer.alloc(24 * 1024 * 1024, 3);
    await new S3Storage(settings()).put("9/1700000000000-slow.jpg", bytes, "image/jpeg");
    const stored = await new S3Storage(settings(), { answerTimeoutMs: 200 }).open("9/1700000000000-slow.jpg");
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.body) {
      chunks.push(chunk as Buffer);
      // Paused well past the answer's deadline, twice.
      if (chunks.length <= 2) await new Promise((r) => setTimeout(r, 500));
    }
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  });

  it("a bucket that does not exist is unhealthy, and a put to it fails", async () => {
    const store = new S3Storage(settings({ S3_BUCKET: "missing-bucket" }));
    expect(await store.healthy()).toBe(false);
    await expect(store.put("1/a.jpg", Buffer.from("x"), "image/jpeg")).rejects.toThrow();
  });
});
