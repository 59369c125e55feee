import crypto from "node:crypto";
import { once } from "node:events";
import { PassThrough } from "node:stream";
import { media as defaultMedia } from "~/content/couple";
import { db } from "~/infra/db.server";
import { freshValue } from "~/infra/freshness.server";
import { IMAGE_EXTENSIONS, processImage, type ImageError } from "~/infra/image.server";
import { storage } from "~/infra/storage.server";
import { displayName } from "~/models/photos.server";
import { allContentVersions, contentShowsPicture, saveContentPicture } from "~/models/content-store.server";
import { uploadedPictures, type PictureTarget } from "~/lib/content-pictures";
import { MAX_MEDIA_BYTES, MEDIA_SLOTS, SNIFF_BYTES, SNIFFERS, type MediaSlot, type SlotState, type SniffedMedia, type StreamedSlot } from "~/lib/content-media";

/**
 * The site's own media the couple replaces from Contenido → Multimedia (decision 0028): the
 * portrait beside the quotes, the hero's video and the background music. Each is a row of
 * `site_settings` naming its stored file; no row is the default of a new site (the demo portrait
 * and music, no video); `{ removed: true }` is the couple's "none".
 */

/** A file the couple uploaded: where it is in the store, what it is served as, its size. */
export interface StoredSiteMedia {
  key: string;
  type: string;
  size: number;
  /** The file's name as the admin sent it (shown in the admin only). */
  name: string;
  /** When it was recorded (ISO). */
  at: string;
}
type Setting = StoredSiteMedia | { removed: true };
const REMOVED: Setting = { removed: true };

export const SETTING_KEYS: Record<MediaSlot, string> = { portrait: "media.portrait", heroVideo: "media.heroVideo", music: "media.music" };

/**
 * Site media live in the store's folder `0` (gallery sections start at 1), so the photo store's
 * rules apply unchanged: valid keys, write-once, the boot sweep (which keeps the keys siteMediaKeys() names).
 */
const FOLDER = "0";
const keyFor = (ext: string) => `${FOLDER}/${Date.now()}-${crypto.randomBytes(6).toString("hex")}.${ext}`;

/** Where a stored site file is served (app/routes/media.site.$file.ts); its name never changes, so it is cached for long. */
export const siteFileUrl = (key: string) => `/media/site/${key.slice(FOLDER.length + 1)}`;
/** The stored key of a /media/site/{file} address. */
export const siteFileKey = (file: string) => `${FOLDER}/${file}`;
/** The hero's video is always asked for at this address (a HEAD request checks that it exists); `?v=` changes with the file. */
export const HERO_VIDEO_PATH = "/media/hero.mp4";

function parseSetting(value: string): Setting | null {
  try {
    const parsed = JSON.parse(value) as Partial<StoredSiteMedia> & { removed?: boolean };
    if (parsed.removed === true) return { removed: true };
    if (typeof parsed.key === "string" && parsed.key.startsWith(`${FOLDER}/`) && typeof parsed.type === "string" && typeof parsed.size === "number")
      return { key: parsed.key, type: parsed.type, size: parsed.size, name: String(parsed.name ?? ""), at: String(parsed.at ?? "") };
  } catch {
    // A row this code did not write: the default, as if absent.
  }
  return null;
}

/**
 * The three settings, read once per change rather than per request, the way the couple's content
 * is (app/infra/freshness.server.ts): the revision is the three rows themselves (a tiny read), asked
 * at most every CHECK_EVERY_MS or at once after a write anywhere in the cluster; a change another
 * instance made empties this worker's pages too. A failed read is not kept: the next request tries
 * again.
 */
const mediaSettings = freshValue<Partial<Record<MediaSlot, Setting>>>({
  async revision() {
    const rows = await db().selectFrom("site_settings").select(["key", "value"]).where("key", "in", Object.values(SETTING_KEYS)).orderBy("key").execute();
    return JSON.stringify(rows.map((r) => [r.key, r.value]));
  },
  async read(revision) {
    const rows = new Map(JSON.parse(revision) as [string, string][]);
    const settings: Partial<Record<MediaSlot, Setting>> = {};
    for (const slot of MEDIA_SLOTS) {
      const value = rows.get(SETTING_KEYS[slot]);
      const setting = value === undefined ? null : parseSetting(value);
      if (setting) settings[slot] = setting;
    }
    return settings;
  },
});

/** Forgets the cached settings (the tests). */
export function forgetSiteMedia(): void {
  mediaSettings.forget();
}

const settings = () => mediaSettings.current();

/** A slot's current file, or null (the default, or removed). */
export async function storedSiteMedia(slot: MediaSlot): Promise<StoredSiteMedia | null> {
  const setting = (await settings())[slot];
  return setting && "key" in setting ? setting : null;
}

const IMAGE_TYPES: Record<string, string> = Object.fromEntries(Object.entries(IMAGE_EXTENSIONS).map(([format, ext]) => [ext, `image/${format}`]));

/**
 * The current file a stored key is, for serving it; null when neither a setting nor the live
 * content names it (never an old or unknown file). A content picture's size is the store's.
 */
export async function siteMediaFile(key: string): Promise<(Omit<StoredSiteMedia, "size"> & { size?: number }) | null> {
  const current = await settings();
  const named = Object.values(current).find((s): s is StoredSiteMedia => Boolean(s && "key" in s && s.key === key));
  if (named) return named;
  const type = IMAGE_TYPES[key.slice(key.lastIndexOf(".") + 1)];
  return type && key.startsWith(`${FOLDER}/`) && (await contentShowsPicture(siteFileUrl(key))) ? { key, type, name: "", at: "" } : null;
}

/** What the pages show: each address, or null for none. */
export interface SiteMedia {
  portrait: string | null;
  heroVideo: string | null;
  music: string | null;
}

/**
 * Where each slot's file is for the pages (the home page, the hero, the player in every page).
 * The pages did not need the database before: when it cannot be read they still render, with no
 * media (never the demo couple's on a real site), and the next request tries again.
 */
export async function siteMedia(): Promise<SiteMedia> {
  const current = await settings().catch((error: unknown) => {
    console.error("content media: the settings could not be read", error);
    return { portrait: REMOVED, heroVideo: REMOVED, music: REMOVED };
  });
  const address = (slot: MediaSlot, fallback: string | null, url: (stored: StoredSiteMedia) => string) => {
    const setting = current[slot];
    if (!setting) return fallback;
    return "key" in setting ? url(setting) : null;
  };
  return {
    portrait: address("portrait", defaultMedia.portrait, (s) => siteFileUrl(s.key)),
    // No row: the route answers "no video" unless a deployer put a file in public/media (docs/rebranding.md).
    heroVideo: address("heroVideo", defaultMedia.heroVideo, (s) => `${HERO_VIDEO_PATH}?v=${s.key.slice(FOLDER.length + 1, s.key.lastIndexOf("."))}`),
    music: address("music", defaultMedia.music, (s) => siteFileUrl(s.key)),
  };
}

export async function siteMediaStates(): Promise<Record<MediaSlot, SlotState>> {
  const current = await settings();
  const state = (slot: MediaSlot): SlotState => {
    const setting = current[slot];
    if (!setting) return { kind: "default" };
    if (!("key" in setting)) return { kind: "removed" };
    return { kind: "uploaded", name: setting.name, size: setting.size, type: setting.type, at: setting.at };
  };
  return { portrait: state("portrait"), heroVideo: state("heroVideo"), music: state("music") };
}

/**
 * Every stored key a setting or any version of the content names (the boot sweep keeps them):
 * a replaced picture's file is kept, so 'Restaurar' can bring it back (decision 0028).
 */
export async function siteMediaKeys(): Promise<string[]> {
  const current = await mediaSettings.refresh();
  const pictures = (await allContentVersions()).flatMap(uploadedPictures).map((src) => siteFileKey(src.slice("/media/site/".length)));
  return [...Object.values(current).flatMap((s) => (s && "key" in s ? [s.key] : [])), ...pictures];
}

/**
 * Records a slot's new setting, then removes the file it replaces: the old file goes only once
 * the new one is recorded (a crash in between leaves the old file unnamed, set aside at the next
 * start). Whatever is read next is the new setting, in this worker at once and in the others
 * through the page cache's invalidation.
 */
async function record(slot: MediaSlot, setting: Setting): Promise<void> {
  const value = JSON.stringify(setting);
  const updated_at = new Date().toISOString();
  const previous = await db()
    .transaction()
    .execute(async (trx) => {
      const row = await trx.selectFrom("site_settings").select("value").where("key", "=", SETTING_KEYS[slot]).executeTakeFirst();
      await trx
        .insertInto("site_settings")
        .values({ key: SETTING_KEYS[slot], value, updated_at })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at }))
        .execute();
      return row ? parseSetting(row.value) : null;
    });
  await mediaSettings.refresh();
  if (previous && "key" in previous) await removeQuietly(previous.key);
}

async function removeQuietly(key: string) {
  await storage()
    .remove(key)
    .catch((error: unknown) => console.error("content media: could not remove", key, error));
}

/** Why a file was not taken; each is a translation key under contentMedia.errors. */
export type SiteMediaError = "noFile" | "tooLarge" | "notVideo" | "notAudio" | ImageError | "storageFailed";

/** Thrown by a sink's write to stop reading the body (the handler answers with `error`). */
export class MediaRefused extends Error {
  constructor(readonly error: SiteMediaError) {
    super(error);
    this.name = "MediaRefused";
  }
}

export type MediaSaved = { ok: true } | { ok: false; error: SiteMediaError };

/** One file being received for a slot: bytes in as they come, then finish() (or abort() when the body failed). */
export interface MediaReceiver {
  write(bytes: Buffer): void | Promise<void>;
  finish(name: string): Promise<MediaSaved>;
  abort(): Promise<void>;
}

const storageFailed = (error: unknown): MediaSaved => {
  console.error("content media: could not store the file", error);
  return { ok: false, error: "storageFailed" };
};

/**
 * The video or the music, streamed: the first SNIFF_BYTES say what the file is (refused at once
 * otherwise, nothing written); then every chunk goes to the store as it comes, the body read no
 * faster than the store takes it. Over the slot's size, refused (the partial file is removed).
 */
function streamedReceiver(slot: StreamedSlot): MediaReceiver {
  const limit = MAX_MEDIA_BYTES[slot];
  let head: Buffer[] = [];
  let size = 0;
  let upload: { key: string; sniffed: SniffedMedia; pass: PassThrough; stored: Promise<number> } | null = null;

  const begin = (first: Buffer) => {
    const sniffed = SNIFFERS[slot](first);
    if (!sniffed) throw new MediaRefused(slot === "heroVideo" ? "notVideo" : "notAudio");
    const key = keyFor(sniffed.ext);
    const pass = new PassThrough();
    const stored = storage().putStream(key, pass, sniffed.type);
    stored.catch(() => undefined); // awaited by finish() or abort()
    upload = { key, sniffed, pass, stored };
    return push(first);
  };
  const push = async (bytes: Buffer) => {
    const { pass, stored } = upload!;
    if (pass.write(bytes)) return;
    // The store stopped reading before the end: its error is the upload's.
    await Promise.race([once(pass, "drain"), stored.then(() => Promise.reject(new Error("the store ended before the file")))]).catch((error: unknown) => {
      console.error("content media: could not store the file", error);
      throw new MediaRefused("storageFailed");
    });
  };
  const headBytes = () => Buffer.concat(head);
  return {
    write(bytes) {
      size += bytes.length;
      if (size > limit) throw new MediaRefused("tooLarge");
      if (upload) return push(bytes);
      head.push(bytes);
      if (size < SNIFF_BYTES) return;
      const first = headBytes();
      head = [];
      return begin(first);
    },
    async finish(name) {
      if (size === 0) return { ok: false, error: "noFile" };
      try {
        if (!upload) await begin(headBytes());
      } catch (error) {
        if (error instanceof MediaRefused) return { ok: false, error: error.error };
        throw error;
      }
      const { key, sniffed, pass, stored } = upload!;
      pass.end();
      let written: number;
      try {
        written = await stored;
      } catch (error) {
        return storageFailed(error);
      }
      try {
        await record(slot, { key, type: sniffed.type, size: written, name: displayName(name), at: new Date().toISOString() });
      } catch (error) {
        // Never a file without its setting.
        await removeQuietly(key);
        return storageFailed(error);
      }
      return { ok: true };
    },
    async abort() {
      if (!upload) return;
      const { key, pass, stored } = upload;
      pass.destroy(new Error("the upload was cut off"));
      await stored.catch(() => undefined);
      // The drivers leave nothing of a failed stream; a bucket write that landed anyway goes too.
      await removeQuietly(key);
    },
  };
}

/**
 * An image (the portrait, a picture of the content): held (at most MAX_PORTRAIT_BYTES, as a
 * guest's photo is) and put through the photos' pipeline (decoded whatever its name, turned
 * upright, metadata and GPS dropped, resized), stored, then `save` names it.
 */
function imageReceiver(save: (stored: StoredSiteMedia) => Promise<void>): MediaReceiver {
  const limit = MAX_MEDIA_BYTES.portrait;
  const kept: Buffer[] = [];
  let size = 0;
  return {
    write(bytes) {
      size += bytes.length;
      if (size > limit) throw new MediaRefused("tooLarge");
      kept.push(bytes);
    },
    async finish(name) {
      if (size === 0) return { ok: false, error: "noFile" };
      const image = await processImage(Buffer.concat(kept, size));
      kept.length = 0;
      if (!image.ok) return image;
      const key = keyFor(IMAGE_EXTENSIONS[image.format]);
      try {
        await storage().put(key, image.web.data, `image/${image.format}`);
      } catch (error) {
        await removeQuietly(key);
        return storageFailed(error);
      }
      try {
        await save({ key, type: `image/${image.format}`, size: image.web.data.length, name: displayName(name), at: new Date().toISOString() });
      } catch (error) {
        await removeQuietly(key);
        return storageFailed(error);
      }
      return { ok: true };
    },
    async abort() {
      kept.length = 0;
    },
  };
}

/** Receives one file for a slot (the handler feeds it the form's file part). */
export function receiveSiteMedia(slot: MediaSlot): MediaReceiver {
  return slot === "portrait" ? imageReceiver((stored) => record("portrait", stored)) : streamedReceiver(slot);
}

/** Receives one picture of the content: saved as a new version of its sub-section (the replaced file is kept). */
export function receiveContentPicture(target: PictureTarget): MediaReceiver {
  return imageReceiver((stored) => saveContentPicture(target, siteFileUrl(stored.key)));
}

/** 'Quitar': the slot shows nothing from now on (no portrait, no video: the tinted hero, no player); its file is removed. */
export async function removeSiteMedia(slot: MediaSlot): Promise<void> {
  await record(slot, { removed: true });
}
