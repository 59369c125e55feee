import { once } from "node:events";
import type { Readable } from "node:stream";
import type { AppLoadContext } from "@remix-run/node";
import { storage } from "~/infra/storage.server";
import { getSection, listSections, publishedMedia, type Section } from "~/models/gallery.server";
import { photoFileName, safeFileName, uniqueNamer } from "~/lib/photo-names";

/** One photo or video of a folder: its stored key, the name it gets, and what a page about it says. */
export interface ArchivePhoto {
  key: string;
  name: string;
  date: Date;
  type: "IMAGE" | "VIDEO";
  /** The name it was uploaded under (as typed) and the guest's name, when given. */
  originalName: string;
  uploader: string | null;
}

/** One folder of the ZIP: a section, with its photos' stored keys and the names they get. */
export interface ArchiveFolder {
  /** A path inside the ZIP, made of safe names joined by "/" (no "..", no leading "/"). */
  name: string;
  photos: ArchivePhoto[];
}

export interface GalleryArchive {
  /** The download's file name, without ".zip". */
  fileName: string;
  /** Small files written first (the keepsake's pages), each at a safe path of our own. */
  pages?: { name: string; text: string }[];
  folders: ArchiveFolder[];
}

/**
 * Folders for sections, in display order: names made safe and unique, photos oldest first; each
 * under `parent` when given (a safe folder name of our own).
 */
export async function foldersOf(sections: Section[], parent?: string): Promise<ArchiveFolder[]> {
  if (sections.length === 0) return [];
  // Published photos only: a pending one is in no ZIP, not even the admin's (it is not in the gallery yet).
  const rows = await publishedMedia({ includeInactive: true })
    .select(["section_id", "name", "file_path", "created_at", "type", "uploader_name"])
    .where(
      "section_id",
      "in",
      sections.map((s) => s.id),
    )
    .orderBy("id")
    .execute();
  const folderName = uniqueNamer();
  return sections.map((section) => {
    const photoName = uniqueNamer();
    const name = folderName(safeFileName(section.name, `seccion-${section.id}`));
    return {
      name: parent ? `${parent}/${name}` : name,
      photos: rows
        .filter((r) => r.section_id === section.id)
        .map((r) => ({
          key: r.file_path,
          name: photoName(photoFileName(r.name, r.file_path)),
          type: r.type,
          originalName: r.name,
          uploader: r.uploader_name,
          // SQLite's CURRENT_TIMESTAMP is UTC without a zone.
          date: new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(r.created_at) ? r.created_at : `${r.created_at.replace(" ", "T")}Z`),
        })),
    };
  });
}

/** What a guest takes home from one section: only an active one (null otherwise, as the gallery). */
export async function sectionArchive(sectionId: number): Promise<GalleryArchive | null> {
  const section = await getSection(sectionId);
  if (!section) return null;
  return { fileName: safeFileName(section.name, `seccion-${section.id}`), folders: await foldersOf([section]) };
}

/** What the admin takes home: every section, active or not, one folder each. */
export async function wholeGalleryArchive(): Promise<GalleryArchive> {
  return { fileName: "galeria", folders: await foldersOf(await listSections({ includeInactive: true })) };
}

export interface ZipStreamOptions {
  /** Aborted when the client goes away: the archive stops and its open file is closed. */
  signal?: AbortSignal;
  /** Called once when the stream ends, fails or is abandoned. */
  onEnd?: () => void;
}

/**
 * The ZIP, built while it is sent (archiver): entries are read from the store one at a time
 * and only as fast as the client takes them, so memory stays flat whatever the gallery's size
 * and nothing is written to disk. Photos are stored, not deflated: JPEG/PNG/WebP are already
 * compressed, and deflating them again would only cost CPU.
 */
export async function zipStream(archive: GalleryArchive, options: ZipStreamOptions = {}): Promise<ReadableStream<Uint8Array>> {
  // Loaded with the first download: archiver is the largest module a worker would otherwise keep
  // in memory from its start (docs/decisions/0015-*).
  const { ZipArchive } = await import("archiver");
  const zip = new ZipArchive({ store: true });
  const stop = new AbortController();
  let source: Readable | null = null;
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    stop.abort();
    source?.destroy();
    zip.abort();
    options.onEnd?.();
  };
  options.signal?.addEventListener("abort", end, { once: true });
  // The client left while its slot was being taken.
  if (options.signal?.aborted) end();
  zip.on("warning", (warning) => console.warn("gallery zip:", warning.message));

  const feed = async () => {
    for (const page of archive.pages ?? []) {
      if (stop.signal.aborted) return;
      const added = once(zip, "entry", { signal: stop.signal });
      zip.append(Buffer.from(page.text, "utf8"), { name: page.name });
      await added;
    }
    for (const folder of archive.folders) {
      zip.append(Buffer.alloc(0), { name: `${folder.name}/`, type: "directory" });
      for (const photo of folder.photos) {
        if (stop.signal.aborted) return;
        // One file open at a time; a file missing from the store is left out, not the download.
        source = (await storage().open(photo.key))?.body ?? null;
        if (!source) {
          console.warn(`gallery zip: ${photo.key} is not in the store; left out`);
          continue;
        }
        const added = once(zip, "entry", { signal: stop.signal });
        zip.append(source, { name: `${folder.name}/${photo.name}`, date: photo.date });
        await added;
        source = null;
      }
    }
    await zip.finalize();
  };

  const chunks = zip[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return new ReadableStream<Uint8Array>(
    {
      start() {
        feed().catch((error) => {
          if (!stop.signal.aborted) zip.destroy(error instanceof Error ? error : new Error(String(error)));
        });
      },
      async pull(controller) {
        try {
          // The client went away: nothing more to send, and nothing went wrong here.
          if (stop.signal.aborted) return controller.close();
          const { value, done } = await chunks.next();
          if (done) {
            end();
            controller.close();
          } else {
            controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
          }
        } catch (error) {
          const abandoned = stop.signal.aborted;
          end();
          if (abandoned) return controller.close();
          // A failure mid-way (a file unreadable) fails the answer: a cut ZIP must not look whole.
          throw error;
        }
      },
      cancel() {
        end();
      },
    },
    // Nothing is read ahead of what the client asks for.
    { highWaterMark: 0 },
  );
}

/**
 * ZIP downloads under way at once, for the whole server (every worker): bounded, so slow clients
 * cannot hold every file handle and the disk. The server counts them (context.takeDownloadSlot,
 * server/downloads.mjs); per client means per clientIp (an IPv6 client by its /64).
 */
export const MAX_ZIP_DOWNLOADS = 8;
export const MAX_ZIP_DOWNLOADS_PER_CLIENT = 2;

/** A download slot for this client, or null when too many are under way; release() once. */
export async function takeZipSlot(context: AppLoadContext, client: string): Promise<{ release: () => void } | null> {
  // Every server (server/main.mjs) gives it; without it the limits could not hold.
  if (!context.takeDownloadSlot) throw new Error("the load context has no takeDownloadSlot: ZIP downloads need the server's slots");
  return context.takeDownloadSlot(client, { perClient: MAX_ZIP_DOWNLOADS_PER_CLIENT, total: MAX_ZIP_DOWNLOADS });
}
