import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readUpload, type StreamedPart } from "~/http/multipart.server";
import { db } from "~/infra/db.server";
import { sniffGuestVideo } from "~/lib/content-media";
import { createSection } from "~/models/gallery.server";
import { startVideo, VideoRefused, type VideoReceiver } from "~/models/photos.server";
import { PartRefused } from "~/http/multipart.server";
import { multipartRequest } from "./helpers/multipart";
import { useTestDatabase } from "./helpers/test-db";
import { mp4 } from "../helpers/video-fixtures";

function filesIn(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => fs.statSync(path.join(dir, f)).isFile());
}

/** The upload flow's streaming, as photo-upload.server wires it: a video by its first bytes, into `sectionId`. */
const streaming = (sectionId: number) => ({
  limit: 1024 * 1024,
  async start(head: Buffer, name: string): Promise<(StreamedPart & { receiver: VideoReceiver }) | null> {
    const video = sniffGuestVideo(head);
    if (!video) return null;
    const started = await startVideo(sectionId, video, name);
    if (!started.ok) throw new PartRefused(started.error);
    const { receiver } = started;
    return {
      receiver,
      write: (bytes: Buffer) =>
        receiver.write(bytes).catch((error: unknown) => {
          throw error instanceof VideoRefused ? new PartRefused(error.error) : error;
        }),
      abort: () => receiver.abort(),
    };
  },
});

async function section(): Promise<number> {
  const created = await createSection({ name: "Vídeos", allow_upload: true, is_active: true });
  if (!created.ok) throw new Error("no section");
  return created.section.id;
}

describe("a guest's video through the upload's reader", () => {
  const paths = useTestDatabase({ GALLERY_VIDEO_MAX_MB: "1" });

  it("is streamed to the store and recorded as a VIDEO with its size", async () => {
    const id = await section();
    const bytes = mp4(12, { filler: 300_000 });
    const read = await readUpload(multipartRequest([{ name: "file", filename: "brindis.mp4", bytes }], { chunk: 4096 }).request, streaming(id));
    if (!read.ok || !read.upload.file || !("streamed" in read.upload.file)) throw new Error("not streamed");
    const saved = await read.upload.file.streamed.receiver.finish(null);
    if (!saved.ok) throw new Error(saved.error);
    expect(saved.media).toMatchObject({ type: "VIDEO", name: "brindis.mp4", size: bytes.length, thumbnail_url: null });
    expect(saved.media.file_path).toMatch(new RegExp(`^${id}/\\d+-[0-9a-f]+\\.mp4$`));
    expect(fs.readFileSync(path.join(paths.uploads, saved.media.file_path)).equals(bytes)).toBe(true);
  });

  it("over GALLERY_VIDEO_MAX_MB the body is cut off and the partial file removed", async () => {
    const id = await section();
    const head = mp4(12, { filler: 0 });
    const { request, pulled } = multipartRequest([{ name: "file", filename: "largo.mp4", prefix: head, bytes: 3 * 1024 * 1024 }]);
    const read = await readUpload(request, streaming(id));
    expect(read).toEqual({ ok: false, error: "videoTooLarge" });
    // Stopped near the limit, not read to the end.
    expect(pulled()).toBeLessThan(1024 * 1024 + 512 * 1024);
    expect(filesIn(paths.uploads)).toEqual([]);
    expect(await db().selectFrom("media").selectAll().execute()).toEqual([]);
  });

  it("longer than 60 s, or with no duration to read, is refused and removed", async () => {
    const id = await section();
    for (const [bytes, error] of [
      [mp4(61), "videoTooLong"],
      [mp4(0), "videoDurationUnknown"],
    ] as const) {
      const read = await readUpload(multipartRequest([{ name: "file", filename: "v.mp4", bytes }]).request, streaming(id));
      if (!read.ok || !read.upload.file || !("streamed" in read.upload.file)) throw new Error("not streamed");
      expect(await read.upload.file.streamed.receiver.finish(null)).toEqual({ ok: false, error });
    }
    expect(filesIn(paths.uploads)).toEqual([]);
    expect(await db().selectFrom("media").selectAll().execute()).toEqual([]);
  });
});
