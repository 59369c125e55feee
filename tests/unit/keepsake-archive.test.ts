import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { keepsakeArchive } from "~/http/keepsake.server";
import { zipStream } from "~/models/archive.server";
import { createSection, updateSection } from "~/models/gallery.server";
import { savePhoto } from "~/models/photos.server";
import { addWish, approveWish } from "~/models/wishes.server";
import { useTestDatabase } from "./helpers/test-db";
import { entriesOf } from "./helpers/zip";

const jpeg = (color: string) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

async function collect(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

describe("the keepsake's ZIP", () => {
  const paths = useTestDatabase();

  it("holds its pages first, then every published photo full size under fotos/<section>/, names made safe; the pages link to them", async () => {
    const hostile = await createSection({ name: "../../index.html", is_active: true });
    const hidden = await createSection({ name: "Preboda", is_active: true });
    if (!hostile.ok || !hidden.ok) throw new Error("sections");
    const saved = await savePhoto(hostile.section.id, { bytes: await jpeg("red"), name: "../../style.css.jpg" }, { byAdmin: false, name: "<b>Marta</b>" });
    const other = await savePhoto(hidden.section.id, { bytes: await jpeg("blue"), name: "beso.jpg" });
    if (!saved.ok || !other.ok) throw new Error("photos");
    // An inactive section is still the couple's: it is in their keepsake.
    await updateSection(hidden.section.id, { is_active: false });
    // The published wishes only: one waiting for the couple's approval is not in it.
    const wish = await addWish({ name: "Tía Rosa", message: "¡Felicidades!" });
    const waiting = await addWish({ name: "Primo Juan", message: "Aún sin aprobar" });
    if (!wish.ok || !waiting.ok) throw new Error("wishes");
    // Wishes wait for approval unless the couple turned that off.
    expect(waiting.status).toBe("pending");
    await approveWish(wish.id);

    const archive = await keepsakeArchive("es");
    const entries = await entriesOf(await collect(await zipStream(archive)));
    const names = [...entries.keys()];
    expect(names.slice(0, 3)).toEqual(["index.html", "guests.html", "style.css"]);
    // Every name stays inside the folder the ZIP is opened in.
    for (const name of names) {
      expect(name.startsWith("/")).toBe(false);
      expect(name.split("/")).not.toContain("..");
    }
    const photo = names.find((n) => n.startsWith("fotos/") && n.endsWith(".jpg") && !n.includes("beso"))!;
    expect(photo).toMatch(/^fotos\/[^/]+\/[^/]+\.jpg$/);
    expect(entries.get(photo)).toEqual(fs.readFileSync(path.join(paths.uploads, saved.media.file_path)));
    expect(names).toContain("fotos/Preboda/beso.jpg");

    const index = entries.get("index.html")!.toString("utf8");
    expect(index).toContain(`src="${photo.split("/").map(encodeURIComponent).join("/")}"`);
    expect(index).toContain('src="fotos/Preboda/beso.jpg"');
    expect(index).toContain("&lt;b&gt;Marta&lt;/b&gt;");
    expect(index).toContain("¡Felicidades!");
    expect(index).not.toContain("Aún sin aprobar");
    expect(archive.fileName).toBe("Recuerdo de Valeria & Sebastián");
  });

  it("in English: photos/ and English pages", async () => {
    const section = await createSection({ name: "Boda", is_active: true });
    if (!section.ok) throw new Error("section");
    const saved = await savePhoto(section.section.id, { bytes: await jpeg("green"), name: "a.jpg" });
    if (!saved.ok) throw new Error(saved.error);
    const archive = await keepsakeArchive("en");
    expect(archive.folders.map((f) => f.name)).toEqual(["photos/Boda"]);
    expect(archive.pages?.[0].text).toContain('<html lang="en">');
  });
});
