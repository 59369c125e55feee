import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { photoFileName, safeFileName, uniqueNamer } from "~/lib/photo-names";
import { sectionArchive, takeZipSlot, wholeGalleryArchive, zipStream } from "~/models/archive.server";
import { createSlotKeeper, localSlots } from "../../server/downloads.mjs";
import { createSection, updateSection } from "~/models/gallery.server";
import { savePhoto } from "~/models/photos.server";
import { useTestDatabase } from "./helpers/test-db";
import { entriesOf } from "./helpers/zip";

const jpeg = (color: string) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
const png = () =>
  sharp({ create: { width: 32, height: 32, channels: 4, background: "yellow" } })
    .png()
    .toBuffer();

async function collect(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

describe("photo names taken home", () => {
  it("keeps the guest's name, made safe on every system", () => {
    expect(safeFileName("Fiesta / Baile: 2ª parte?", "x")).toBe("Fiesta _ Baile_ 2ª parte_");
    expect(safeFileName("..\\..\\etc", "x")).toBe("_.._etc");
    expect(safeFileName("  ...  ", "seccion-3")).toBe("seccion-3");
    expect(safeFileName("CON", "x")).toBe("_CON");
    expect(safeFileName("a".repeat(300) + ".jpg", "x")).toMatch(/^a{96}\.jpg$/);
  });

  it("gives the name the extension of what is stored", () => {
    expect(photoFileName("IMG_0001.JPG", "3/1-a.jpg")).toBe("IMG_0001.JPG");
    expect(photoFileName("foto.jpeg", "3/1-a.jpg")).toBe("foto.jpeg");
    expect(photoFileName("IMG_0002.heic", "3/1-a.jpg")).toBe("IMG_0002.jpg");
    expect(photoFileName("recuerdo", "3/1-a.webp")).toBe("recuerdo.webp");
  });

  it("makes names unique within a folder, ignoring case", () => {
    const unique = uniqueNamer();
    expect(["foto.jpg", "foto.jpg", "FOTO.jpg", "foto (2).jpg", "otra.jpg"].map(unique)).toEqual([
      "foto.jpg",
      "foto (2).jpg",
      "FOTO (3).jpg",
      "foto (2) (2).jpg",
      "otra.jpg",
    ]);
  });
});

describe("the gallery ZIP", () => {
  const paths = useTestDatabase();

  async function gallery() {
    const fiesta = await createSection({ name: "Fiesta", is_active: true });
    const hidden = await createSection({ name: "Fiesta", is_active: true });
    if (!fiesta.ok || !hidden.ok) throw new Error("sections");
    const stored: { name: string; key: string }[] = [];
    for (const [name, bytes] of [
      ["foto.jpg", await jpeg("red")],
      ["foto.jpg", await jpeg("blue")],
      ["IMG_7.heic.png", await png()],
    ] as const) {
      const saved = await savePhoto(fiesta.section.id, { bytes, name });
      if (!saved.ok) throw new Error(saved.error);
      stored.push({ name, key: saved.media.file_path });
    }
    const other = await savePhoto(hidden.section.id, { bytes: await jpeg("green"), name: "foto.jpg" });
    if (!other.ok) throw new Error(other.error);
    await updateSection(hidden.section.id, { is_active: false });
    return { fiesta: fiesta.section, hidden: hidden.section, stored, other: other.media.file_path };
  }

  const file = (key: string) => fs.readFileSync(path.join(paths.uploads, key));

  it("a guest's section: one folder, every photo's full-size stored copy under its original name made unique", async () => {
    const { fiesta, stored } = await gallery();
    const archive = (await sectionArchive(fiesta.id))!;
    expect(archive.fileName).toBe("Fiesta");
    const entries = await entriesOf(await collect(await zipStream(archive)));
    expect([...entries.keys()]).toEqual(["Fiesta/", "Fiesta/foto.jpg", "Fiesta/foto (2).jpg", "Fiesta/IMG_7.heic.png"]);
    expect(entries.get("Fiesta/foto.jpg")).toEqual(file(stored[0].key));
    expect(entries.get("Fiesta/foto (2).jpg")).toEqual(file(stored[1].key));
    expect(entries.get("Fiesta/IMG_7.heic.png")).toEqual(file(stored[2].key));
    // Not the thumbnail: the stored photo itself.
    const thumbnail = file(stored[0].key.replace(/\.jpg$/, "-thumb.jpg"));
    expect(entries.get("Fiesta/foto.jpg")).not.toEqual(thumbnail);
  });

  it("an inactive or unknown section gives nothing to guests", async () => {
    const { hidden } = await gallery();
    expect(await sectionArchive(hidden.id)).toBeNull();
    expect(await sectionArchive(9999)).toBeNull();
  });

  it("the admin's: every section, active or not, one folder each (same names made unique)", async () => {
    const { other } = await gallery();
    const entries = await entriesOf(await collect(await zipStream(await wholeGalleryArchive())));
    expect([...entries.keys()]).toEqual(["Fiesta/", "Fiesta/foto.jpg", "Fiesta/foto (2).jpg", "Fiesta/IMG_7.heic.png", "Fiesta (2)/", "Fiesta (2)/foto.jpg"]);
    expect(entries.get("Fiesta (2)/foto.jpg")).toEqual(file(other));
  });

  it("a photo whose file is missing from the store is left out; the rest still comes", async () => {
    const { fiesta, stored } = await gallery();
    fs.rmSync(path.join(paths.uploads, stored[1].key));
    const entries = await entriesOf(await collect(await zipStream((await sectionArchive(fiesta.id))!)));
    expect([...entries.keys()]).toEqual(["Fiesta/", "Fiesta/foto.jpg", "Fiesta/IMG_7.heic.png"]);
  });

  it("a client that goes away stops the archive and frees its slot", async () => {
    const { fiesta } = await gallery();
    const abort = new AbortController();
    let ended = 0;
    const reader = (await zipStream((await sectionArchive(fiesta.id))!, { signal: abort.signal, onEnd: () => ended++ })).getReader();
    await reader.read();
    abort.abort();
    // Whatever was asked for next ends the stream instead of more bytes being read from the store.
    for (let i = 0; i < 10; i++) if ((await reader.read()).done) break;
    expect(ended).toBe(1);
  });

  it("limits downloads under way, per client and in all, with the server's slots", async () => {
    const context = { takeDownloadSlot: localSlots(createSlotKeeper()) };
    const a1 = (await takeZipSlot(context, "a"))!;
    const a2 = (await takeZipSlot(context, "a"))!;
    expect(await takeZipSlot(context, "a")).toBeNull();
    a1.release();
    a1.release();
    const a3 = await takeZipSlot(context, "a");
    expect(a3).not.toBeNull();
    const others = await Promise.all(Array.from({ length: 6 }, (_, i) => takeZipSlot(context, `c${i}`)));
    expect(others.every(Boolean)).toBe(true);
    expect(await takeZipSlot(context, "z")).toBeNull();
    for (const slot of [a2, a3, ...others]) slot?.release();
    expect(await takeZipSlot(context, "z")).not.toBeNull();
  });
});
