import fs from "node:fs";
import path from "node:path";
import { Transform } from "node:stream";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import type { AppLoadContext } from "@remix-run/node";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { contentMediaAction, loadContentMedia } from "~/http/admin/content-media.server";
import { screenLoader } from "~/http/admin/tab-action.server";
import { parseRange } from "~/http/media-file.server";
import { boot } from "~/start.server";
import { config } from "~/infra/config.server";
import { db } from "~/infra/db.server";
import { startAdminSessionHeader } from "~/infra/session.server";
import { setStorageForTests, storage } from "~/infra/storage.server";
import { MAX_MUSIC_BYTES, MAX_PORTRAIT_BYTES, MAX_VIDEO_BYTES, SNIFF_BYTES, sniffAudio, sniffVideo } from "~/lib/content-media";
import { media } from "~/content/couple";
import { forgetSiteMedia, siteMedia, siteMediaStates, storedSiteMedia } from "~/models/content-media.server";
import { edge } from "~/http/edge.server";
import { CHECK_EVERY_MS } from "~/infra/freshness.server";
import { loader as heroLoader } from "~/routes/media.hero[.]mp4";
import { loader as siteFileLoader } from "~/routes/media.site.$file";
import { BOUNDARY, multipartRequest, type Part } from "./helpers/multipart";
import { readKey, storeLike, useStoreDriver } from "./helpers/storage";
import { useTestDatabase } from "./helpers/test-db";

/** An ISO media file's leading `ftyp` box: major brand, then compatible brands. */
function ftyp(major: string, ...compatible: string[]): Buffer {
  const size = 16 + 4 * compatible.length;
  const box = Buffer.alloc(size);
  box.writeUInt32BE(size, 0);
  box.write("ftyp", 4, "latin1");
  box.write(major, 8, "latin1");
  compatible.forEach((brand, i) => box.write(brand, 16 + 4 * i, "latin1"));
  return box;
}
/** What a phone's or Chromium's recorder writes first (a `moov` box follows). */
const MP4_HEAD = Buffer.concat([ftyp("isom", "isom", "iso6", "iso2", "avc1", "mp41"), Buffer.from("\0\0\0\x08moov")]);
const M4A_HEAD = Buffer.concat([ftyp("M4A ", "M4A ", "mp42", "isom"), Buffer.alloc(16)]);
const ID3_HEAD = Buffer.concat([Buffer.from("ID3\x04\x00\x00\x00\x00\x00\x10", "latin1"), Buffer.alloc(16)]);
/** An MPEG-1 layer III frame header (128 kbit/s, 44.1 kHz) with no tag before it. */
const MP3_FRAME = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(28)]);
const OGG_HEAD = Buffer.concat([Buffer.from("OggS\x00\x02", "latin1"), Buffer.alloc(26)]);
const PDF = Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n".repeat(4), "latin1");
/** An iPhone photo's brands: an image, not a video. */
const HEIC_HEAD = Buffer.concat([ftyp("heic", "mif1", "heic"), Buffer.alloc(16)]);

describe("what a file is, by its first bytes", () => {
  it("takes an MP4 as the hero's video, whatever its other brands", () => {
    expect(sniffVideo(MP4_HEAD)).toEqual({ type: "video/mp4", ext: "mp4" });
    expect(sniffVideo(ftyp("mp42", "mp42", "isom"))).toEqual({ type: "video/mp4", ext: "mp4" });
  });
  it("refuses as video a PDF, an M4A (audio only), an iPhone photo, music and a short file", () => {
    for (const bytes of [PDF, M4A_HEAD, HEIC_HEAD, ID3_HEAD, OGG_HEAD, MP3_FRAME, Buffer.from("ftyp")]) expect(sniffVideo(bytes)).toBeNull();
  });
  it("takes MP3 (an ID3 tag or a bare frame), M4A and OGG as music", () => {
    expect(sniffAudio(ID3_HEAD)).toEqual({ type: "audio/mpeg", ext: "mp3" });
    expect(sniffAudio(MP3_FRAME)).toEqual({ type: "audio/mpeg", ext: "mp3" });
    expect(sniffAudio(M4A_HEAD)).toEqual({ type: "audio/mp4", ext: "m4a" });
    expect(sniffAudio(OGG_HEAD)).toEqual({ type: "audio/ogg", ext: "ogg" });
  });
  it("refuses as music a PDF, a video, a photo and bytes that only look like a frame", () => {
    const reservedBitrate = Buffer.from([0xff, 0xfb, 0xf0, 0x64]);
    for (const bytes of [PDF, MP4_HEAD, HEIC_HEAD, reservedBitrate, Buffer.alloc(64, 0xff)]) expect(sniffAudio(bytes)).toBeNull();
  });
});

describe("the demo's background music", () => {
  // Every guest's first visit fetches it (the player starts on load), so it must be small; the
  // site's own upload check must accept it; and it must loop without a gap: its Info frame's LAME
  // tag names the encoder's delay and padding, which the browsers drop, leaving exactly 12 s.
  const file = fs.readFileSync(path.join(process.cwd(), "public", media.music));

  it("is an MP3 the site's music check accepts, under 100 KB", () => {
    expect(sniffAudio(file.subarray(0, SNIFF_BYTES))).toEqual({ type: "audio/mpeg", ext: "mp3" });
    expect(file.length).toBeLessThan(100 * 1024);
  });

  it("names its encoder delay and padding, so it plays exactly 12 s and loops without a gap", () => {
    const info = file.indexOf("Info");
    expect(info).toBeGreaterThan(0);
    expect(info).toBeLessThan(40); // in the first frame, after its side information
    expect(file.readUInt32BE(info + 4)).toBe(0x0f); // frames, bytes, table of contents, quality
    const frames = file.readUInt32BE(info + 8);
    const lame = info + 120;
    expect(file.subarray(lame, lame + 4).toString("latin1")).toBe("LAME");
    const delay = (file[lame + 21]! << 4) | (file[lame + 22]! >> 4);
    const padding = ((file[lame + 22]! & 0x0f) << 8) | file[lame + 23]!;
    const sampleRate = [44100, 48000, 32000][(file[2]! >> 2) & 3]!;
    expect(frames * 1152 - delay - padding).toBe(12 * sampleRate);
  });
});

describe("a Range header", () => {
  it("reads one range, an open end and a suffix; refuses what is not one", () => {
    expect(parseRange("bytes=0-99")).toEqual({ start: 0, end: 99 });
    expect(parseRange("bytes=100-")).toEqual({ start: 100, end: null });
    expect(parseRange("bytes=-500")).toEqual({ suffix: 500 });
    for (const header of [null, "bytes=9-1", "bytes=-", "bytes=0-1,5-9", "items=0-1", "bytes=99999999999999999-"]) expect(parseRange(header)).toBeNull();
  });
});

const URL_BASE = "http://localhost/admin/content/media";
const context = { clientIp: "203.0.113.7", cspNonce: "x" } as unknown as AppLoadContext;

async function adminCookie(): Promise<string> {
  return (await startAdminSessionHeader(new Request(URL_BASE))).split(";")[0];
}

/** An upload as the Multimedia form sends it: its fields first, then the file. */
function uploadRequest(slot: string, file: Omit<Part, "name">, headers: Record<string, string>) {
  const built = multipartRequest([
    { name: "intent", bytes: Buffer.from("uploadMedia") },
    { name: "slot", bytes: Buffer.from(slot) },
    { name: "file", ...file },
  ]);
  const request = new Request(URL_BASE, {
    method: "POST",
    headers: { ...Object.fromEntries(built.request.headers), ...headers },
    body: built.request.body,
    duplex: "half",
  } as RequestInit);
  return { request, pulled: built.pulled };
}

/** The answer's status and the translation key it refused with (data() with its status), or its redirect. */
async function answer(pending: ReturnType<typeof contentMediaAction>) {
  const res = (await pending) as Response | { data: { error?: Record<string, string[]> }; init: ResponseInit | null };
  if (res instanceof Response) return { status: res.status, location: res.headers.get("Location"), error: undefined };
  return { status: res.init?.status ?? 200, location: null, error: res.data.error?.[""]?.[0] };
}

const remove = async (slot: string, cookie: string) =>
  answer(
    contentMediaAction(
      new Request(URL_BASE, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
        body: new URLSearchParams({ intent: "removeMedia", slot }),
      }),
      context,
    ),
  );

const hero = (headers: Record<string, string> = {}, method = "GET") =>
  heroLoader({ request: new Request("http://localhost/media/hero.mp4", { headers, method }), params: {}, context } as Parameters<typeof heroLoader>[0]);
const siteFile = (url: string) => {
  const file = url.split("/").pop()!;
  return siteFileLoader({ request: new Request(`http://localhost${url}`), params: { file }, context } as Parameters<typeof siteFileLoader>[0]);
};

describe.each(["local", "s3"] as const)("Multimedia on the %s store", (driver) => {
  const store = useStoreDriver(driver, "media");
  const paths = useTestDatabase(store.env);
  beforeEach(() => forgetSiteMedia());
  afterEach(() => vi.useRealTimers());

  /** Every key in the site media's folder. */
  async function siteKeys(): Promise<string[]> {
    if (store.s3) {
      const page = await store.s3.client.send(new ListObjectsV2Command({ Bucket: config().S3_BUCKET, Prefix: "0/" }));
      return (page.Contents ?? []).map((o) => o.Key!).sort();
    }
    const dir = path.join(paths.uploads, "0");
    return fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => `0/${f}`) : [];
  }

  async function uploadVideo(cookie: string, bytes = Buffer.concat([MP4_HEAD, Buffer.alloc(300_000, 7)])) {
    return answer(contentMediaAction(uploadRequest("heroVideo", { filename: "boda.mp4", bytes }, { Cookie: cookie }).request, context));
  }

  it("streams a video to the store, records it, and the hero's address serves it with byte ranges", async () => {
    const cookie = await adminCookie();
    const bytes = Buffer.concat([MP4_HEAD, Buffer.alloc(300_000, 7)]);
    const saved = await uploadVideo(cookie, bytes);
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/admin/content/media");
    const stored = await storedSiteMedia("heroVideo");
    expect(stored).toMatchObject({ type: "video/mp4", size: bytes.length, name: "boda.mp4" });
    expect((await readKey(storage(), stored!.key))?.equals(bytes)).toBe(true);
    expect((await siteMedia()).heroVideo).toMatch(/^\/media\/hero\.mp4\?v=\d{13}-[0-9a-f]{12}$/);

    const head = await hero({}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("Content-Type")).toBe("video/mp4");
    expect(head.headers.get("Content-Length")).toBe(String(bytes.length));
    expect(head.headers.get("Accept-Ranges")).toBe("bytes");
    const part = await hero({ Range: "bytes=100-199" });
    expect(part.status).toBe(206);
    expect(part.headers.get("Content-Range")).toBe(`bytes 100-199/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);
    const tail = await hero({ Range: "bytes=-10" });
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(bytes.length - 10))).toBe(true);
    expect((await hero({ Range: `bytes=${bytes.length}-` })).status).toBe(416);
    const whole = await hero();
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it("refuses a PDF named .mp4 with a message and changes nothing (the previous video stays)", async () => {
    const cookie = await adminCookie();
    await uploadVideo(cookie);
    const before = await storedSiteMedia("heroVideo");
    const keys = await siteKeys();
    const refused = await answer(contentMediaAction(uploadRequest("heroVideo", { filename: "video.mp4", bytes: PDF }, { Cookie: cookie }).request, context));
    expect(refused).toMatchObject({ status: 415, error: "contentMedia:errors.notVideo" });
    forgetSiteMedia();
    expect(await storedSiteMedia("heroVideo")).toEqual(before);
    expect(await siteKeys()).toEqual(keys);
  });

  it("refuses music that is not music, and takes an MP3, an M4A and an OGG", async () => {
    const cookie = await adminCookie();
    const music = (filename: string, bytes: Buffer) =>
      answer(contentMediaAction(uploadRequest("music", { filename, bytes: Buffer.concat([bytes, Buffer.alloc(5000)]) }, { Cookie: cookie }).request, context));
    expect(await music("song.mp3", PDF)).toMatchObject({ status: 415, error: "contentMedia:errors.notAudio" });
    expect(await music("song.mp3", MP4_HEAD)).toMatchObject({ status: 415, error: "contentMedia:errors.notAudio" });
    expect(await siteKeys()).toEqual([]);
    for (const [bytes, type] of [
      [ID3_HEAD, "audio/mpeg"],
      [M4A_HEAD, "audio/mp4"],
      [OGG_HEAD, "audio/ogg"],
    ] as const) {
      expect((await music("x.bin", bytes)).status).toBe(302);
      expect((await storedSiteMedia("music"))?.type).toBe(type);
    }
    // Each replaced the one before: one file is left, the last.
    expect(await siteKeys()).toHaveLength(1);
    const address = (await siteMedia()).music!;
    expect(address).toMatch(/^\/media\/site\/\d{13}-[0-9a-f]{12}\.ogg$/);
    const served = await siteFile(address);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("audio/ogg");
  });

  it("refuses a file over its slot's size, reading no further, and leaves no file", async () => {
    const cookie = await adminCookie();
    const big = uploadRequest("music", { filename: "long.mp3", prefix: ID3_HEAD, bytes: MAX_MUSIC_BYTES }, { Cookie: cookie });
    expect(await answer(contentMediaAction(big.request, context))).toMatchObject({ status: 413, error: "contentMedia:errors.tooLarge" });
    expect(big.pulled()).toBeLessThan(MAX_MUSIC_BYTES + 4 * 64 * 1024);
    const video = uploadRequest("heroVideo", { filename: "long.mp4", prefix: MP4_HEAD, bytes: MAX_VIDEO_BYTES }, { Cookie: cookie });
    expect(await answer(contentMediaAction(video.request, context))).toMatchObject({ status: 413 });
    expect(await siteKeys()).toEqual([]);
    expect(await siteMediaStates()).toEqual({ portrait: { kind: "default" }, heroVideo: { kind: "default" }, music: { kind: "default" } });
  });

  it("takes exactly the largest video (60 MB) without holding it: the body is read no faster than the store writes", async () => {
    const cookie = await adminCookie();
    let stored = 0;
    let aheadMax = 0;
    let pulled = () => 0;
    const base = storage();
    setStorageForTests(
      storeLike(base, {
        putStream: (key, body, type) => {
          // A slow store: what the server read from the client but did not hand over yet is what it holds.
          const slow = new Transform({
            transform(chunk: Buffer, _encoding, next) {
              stored += chunk.length;
              aheadMax = Math.max(aheadMax, pulled() - stored);
              setTimeout(() => next(null, chunk), 1);
            },
          });
          return base.putStream(key, body.pipe(slow), type);
        },
      }),
    );
    const upload = uploadRequest("heroVideo", { filename: "full.mp4", prefix: MP4_HEAD, bytes: MAX_VIDEO_BYTES - MP4_HEAD.length }, { Cookie: cookie });
    pulled = upload.pulled;
    expect((await answer(contentMediaAction(upload.request, context))).status).toBe(302);
    expect((await storedSiteMedia("heroVideo"))?.size).toBe(MAX_VIDEO_BYTES);
    expect(aheadMax).toBeLessThan(1024 * 1024);
  });

  it("an upload cut off mid-file leaves no file and no setting", async () => {
    const cookie = await adminCookie();
    let sent = 0;
    const head = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nuploadMedia\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="slot"\r\n\r\nheroVideo\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="cut.mp4"\r\n\r\n`,
    );
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new Uint8Array(Buffer.concat([head, MP4_HEAD])));
        else if (sent < 20) controller.enqueue(new Uint8Array(64 * 1024));
        else controller.error(new Error("the phone went out of coverage"));
        sent++;
      },
    });
    const request = new Request(URL_BASE, {
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`, Cookie: cookie },
      body,
      duplex: "half",
    } as RequestInit);
    expect(await answer(contentMediaAction(request, context))).toMatchObject({ status: 400, error: "contentMedia:errors.malformedUpload" });
    expect(await siteKeys()).toEqual([]);
    if (!store.s3) expect(fs.readdirSync(path.join(paths.uploads, "0")).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    expect(await storedSiteMedia("heroVideo")).toBeNull();
  });

  it("a store that fails mid-file: 'Error al guardar el contenido', no setting, nothing left", async () => {
    const cookie = await adminCookie();
    const base = storage();
    setStorageForTests(
      storeLike(base, {
        putStream: (key, body, type) => {
          let seen = 0;
          const failing = new Transform({
            transform(chunk: Buffer, _encoding, next) {
              seen += chunk.length;
              next(seen > 2 * 1024 * 1024 ? new Error("disk full") : null, chunk);
            },
          });
          return base.putStream(key, body.pipe(failing), type);
        },
      }),
    );
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const upload = uploadRequest("heroVideo", { filename: "boda.mp4", prefix: MP4_HEAD, bytes: 8 * 1024 * 1024 }, { Cookie: cookie });
    expect(await answer(contentMediaAction(upload.request, context))).toMatchObject({ status: 500, error: "contentMedia:errors.storageFailed" });
    error.mockRestore();
    expect(await storedSiteMedia("heroVideo")).toBeNull();
    expect(await siteKeys()).toEqual([]);
  });

  it("takes the portrait through the photos' pipeline: EXIF and GPS dropped; a file that is not a picture is refused", async () => {
    const cookie = await adminCookie();
    const withGps = await sharp({ create: { width: 1200, height: 1600, channels: 3, background: "#a86" } })
      .withExif({ IFD0: { Make: "PhoneCo" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "8/1 58/1 0/1" } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const saved = await answer(contentMediaAction(uploadRequest("portrait", { filename: "us.jpg", bytes: withGps }, { Cookie: cookie }).request, context));
    expect(saved.status).toBe(302);
    const address = (await siteMedia()).portrait!;
    expect(address).toMatch(/^\/media\/site\/\d{13}-[0-9a-f]{12}\.jpg$/);
    const served = await siteFile(address);
    expect(served.headers.get("Content-Type")).toBe("image/jpeg");
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.format).toBe("jpeg");

    const text = await answer(contentMediaAction(uploadRequest("portrait", { filename: "us.jpg", bytes: PDF }, { Cookie: cookie }).request, context));
    expect(text).toMatchObject({ status: 415, error: "contentMedia:errors.notAnImage" });
    const big = uploadRequest("portrait", { filename: "big.jpg", bytes: MAX_PORTRAIT_BYTES + 1 }, { Cookie: cookie });
    expect(await answer(contentMediaAction(big.request, context))).toMatchObject({ status: 413 });
    expect((await siteMedia()).portrait).toBe(address);
  });

  it("'Quitar' removes the file after recording none: no video (the hero's 'no video'), no portrait, no player", async () => {
    const cookie = await adminCookie();
    await uploadVideo(cookie);
    const old = (await storedSiteMedia("heroVideo"))!.key;
    expect((await remove("heroVideo", cookie)).status).toBe(302);
    expect(await readKey(storage(), old)).toBeNull();
    expect((await hero()).status).toBe(204);
    expect((await remove("portrait", cookie)).status).toBe(302);
    expect((await remove("music", cookie)).status).toBe(302);
    expect(await siteMedia()).toEqual({ portrait: null, heroVideo: null, music: null });
    // An old address serves nothing once its file is no longer the current one.
    expect((await siteFile(`/media/site/${old.slice(2)}`)).status).toBe(404);
  });

  it("a new site shows the demo portrait and music and no video", async () => {
    expect(await siteMedia()).toEqual({ portrait: "/images/portrait.svg", heroVideo: "/media/hero.mp4", music: "/media/music.mp3" });
    expect((await hero()).status).toBe(204);
  });

  it("the old file goes only once the new one is recorded", async () => {
    const cookie = await adminCookie();
    await uploadVideo(cookie);
    const first = (await storedSiteMedia("heroVideo"))!.key;
    // The settings cannot be written: the new file is removed, the old one stays and is still served.
    await db().schema.alterTable("site_settings").renameTo("site_settings_away").execute();
    const failed = await uploadVideo(cookie);
    await db().schema.alterTable("site_settings_away").renameTo("site_settings").execute();
    expect(failed).toMatchObject({ status: 500, error: "contentMedia:errors.storageFailed" });
    expect(await siteKeys()).toEqual([first]);
    expect((await uploadVideo(cookie)).status).toBe(302);
    const second = (await storedSiteMedia("heroVideo"))!.key;
    expect(await siteKeys()).toEqual([second]);
  });

  it("refuses a body that is not a form, or a file sent before its slot, and stores nothing", async () => {
    const cookie = await adminCookie();
    const noBoundary = new Request(URL_BASE, { method: "POST", headers: { "Content-Type": "multipart/form-data", Cookie: cookie }, body: "x" });
    expect(await answer(contentMediaAction(noBoundary, context))).toMatchObject({ status: 400, error: "contentMedia:errors.malformedUpload" });
    const built = multipartRequest([
      { name: "file", filename: "boda.mp4", bytes: MP4_HEAD },
      { name: "intent", bytes: Buffer.from("uploadMedia") },
      { name: "slot", bytes: Buffer.from("heroVideo") },
    ]);
    const fileFirst = new Request(URL_BASE, {
      method: "POST",
      headers: { ...Object.fromEntries(built.request.headers), Cookie: cookie },
      body: built.request.body,
      duplex: "half",
    } as RequestInit);
    expect(await answer(contentMediaAction(fileFirst, context))).toMatchObject({ status: 400, error: "contentMedia:errors.noFile" });
    const unknownSlot = uploadRequest("guestbook", { filename: "boda.mp4", bytes: MP4_HEAD }, { Cookie: cookie });
    expect(await answer(contentMediaAction(unknownSlot.request, context))).toMatchObject({ status: 400 });
    expect(await siteKeys()).toEqual([]);
  });

  it("is the admin's only: no session, a 401 and nothing read; another site's form, a 403", async () => {
    const anonymous = uploadRequest("heroVideo", { filename: "x.mp4", bytes: MP4_HEAD }, {});
    const thrown = await contentMediaAction(anonymous.request, context).catch((e: unknown) => e);
    expect((thrown as Response).status).toBe(401);
    expect(anonymous.pulled()).toBeLessThan(64 * 1024);
    const cookie = await adminCookie();
    const forged = uploadRequest("heroVideo", { filename: "x.mp4", bytes: MP4_HEAD }, { Cookie: cookie, Origin: "https://evil.example" });
    expect((await answer(contentMediaAction(forged.request, context))).status).toBe(403);
    expect(await siteKeys()).toEqual([]);
    const removal = await contentMediaAction(
      new Request(URL_BASE, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "intent=removeMedia&slot=music" }),
      context,
    ).catch((e: unknown) => e);
    expect((removal as Response).status).toBe(401);
    const screen = screenLoader(loadContentMedia);
    expect(await screen({ request: new Request(URL_BASE), params: {}, context })).toBeNull();
    expect(await screen({ request: new Request(URL_BASE, { headers: { Cookie: cookie } }), params: {}, context })).toMatchObject({
      states: { heroVideo: { kind: "default" } },
    });
  });

  it("a change made elsewhere is seen at once after a worker's write is relayed, and within CHECK_EVERY_MS from another instance, emptying this worker's pages", async () => {
    expect((await siteMedia()).music).toBe("/media/music.mp3");
    // What server/main.mjs does with the page cache: emptied when the edge says something changed.
    const emptied = vi.fn();
    const stop = edge.onContentChange(emptied);
    try {
      // Another process writes the setting (what another worker or instance does).
      const now = Date.now();
      vi.useFakeTimers({ now, toFake: ["Date"] });
      await db()
        .insertInto("site_settings")
        .values({ key: "media.music", value: JSON.stringify({ removed: true }) })
        .execute();
      expect((await siteMedia()).music).toBe("/media/music.mp3"); // read once, not per request
      // Another worker of this instance wrote: the cluster's message reaches the edge (server/main.mjs).
      edge.contentMayHaveChanged();
      expect((await siteMedia()).music).toBeNull();
      expect(emptied).toHaveBeenCalledTimes(1);
      // Another instance on the same database: nothing tells this one; the periodic check finds it.
      await db().deleteFrom("site_settings").execute();
      expect((await siteMedia()).music).toBeNull();
      vi.setSystemTime(now + CHECK_EVERY_MS);
      expect((await siteMedia()).music).toBe("/media/music.mp3");
      expect(emptied).toHaveBeenCalledTimes(2);
    } finally {
      stop();
    }
  });

  it("pages still render when the settings cannot be read: no media rather than the demo couple's, and the next read tries again", async () => {
    await db().schema.alterTable("site_settings").renameTo("site_settings_away").execute();
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(await siteMedia()).toEqual({ portrait: null, heroVideo: null, music: null });
    error.mockRestore();
    await db().schema.alterTable("site_settings_away").renameTo("site_settings").execute();
    expect((await siteMedia()).music).toBe("/media/music.mp3");
  });

  it("the start's sweep keeps the site's files and sets aside one no setting names", async () => {
    const cookie = await adminCookie();
    await uploadVideo(cookie);
    const kept = (await storedSiteMedia("heroVideo"))!.key;
    await storage().put("0/1700000000000-aaaaaaaaaaaa.mp4", Buffer.from("cut off before its setting"), "video/mp4");
    await boot(() => {});
    expect(await siteKeys()).toEqual([kept]);
  });
});
