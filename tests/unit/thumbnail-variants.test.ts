import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { processImage } from "~/infra/image.server";
import { storage } from "~/infra/storage.server";
import { parseVariantKey, variantNames, variantOf, variantSrcSet } from "~/lib/thumbnail-variants";
import { createSection, deleteMedia, deleteSection, listSections, namedStoredKeys, storedFileVisibility } from "~/models/gallery.server";
import { savePhoto } from "~/models/photos.server";
import { rejectPending } from "~/models/review.server";
import { useTestDatabase } from "./helpers/test-db";

const photo = (width: number, height: number, format: "jpeg" | "png" = "jpeg") => {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 90 } } });
  return (format === "png" ? image.png() : image.jpeg()).toBuffer();
};

/** A file's format told by its first bytes, as a browser tells it (never by its name). */
function formatOf(bytes: Buffer): string {
  if (bytes.toString("latin1", 4, 8) === "ftyp" && ["avif", "avis"].includes(bytes.toString("latin1", 8, 12))) return "avif";
  if (bytes.toString("latin1", 0, 4) === "RIFF" && bytes.toString("latin1", 8, 12) === "WEBP") return "webp";
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return "jpeg";
  return "other";
}

describe("the thumbnail's AVIF and WebP copies", () => {
  it("are made at 240 and 480 px wide, each AVIF and WebP by its bytes, in the photo's proportions", async () => {
    const image = await processImage(await photo(3000, 2000), { variants: true });
    if (!image.ok) throw new Error(image.error);
    expect(image.thumb).toMatchObject({ width: 480, height: 320 });
    expect(image.variants.map((v) => [v.format, v.width, v.height])).toEqual([
      ["avif", 240, 160],
      ["webp", 240, 160],
      ["avif", 480, 320],
      ["webp", 480, 320],
    ]);
    for (const v of image.variants) {
      expect(formatOf(v.data)).toBe(v.format);
      const meta = await sharp(v.data).metadata();
      expect([meta.width, meta.height, meta.exif]).toEqual([v.width, v.height, undefined]);
    }
    // Each copy is smaller than the JPEG thumbnail it stands in for at the same width.
    expect(image.variants.find((v) => v.format === "avif" && v.width === 480)!.data.length).toBeLessThan(image.thumb.data.length);
  });

  it("are never enlarged: a portrait photo's widest copy is its thumbnail's width, a small photo gets one width", async () => {
    const portrait = await processImage(await photo(1200, 1600), { variants: true });
    if (!portrait.ok) throw new Error(portrait.error);
    expect([...new Set(portrait.variants.map((v) => v.width))]).toEqual([240, 360]);
    const small = await processImage(await photo(200, 150, "png"), { variants: true });
    if (!small.ok) throw new Error(small.error);
    expect(small.variants.map((v) => [v.format, v.width, v.height])).toEqual([
      ["avif", 200, 150],
      ["webp", 200, 150],
    ]);
    // Without asking, none (a video's poster).
    const plain = await processImage(await photo(640, 480));
    expect(plain.ok && plain.variants).toEqual([]);
  });

  it("names each copy after its thumbnail, as a key and as an address", () => {
    expect(variantOf("3/1700000000000-abc.jpg".replace(".jpg", "-thumb.jpg"), 240, "avif")).toBe("3/1700000000000-abc-thumb-240.avif");
    expect(variantNames("3/x-thumb.png", "240,480")).toEqual(["3/x-thumb-240.avif", "3/x-thumb-240.webp", "3/x-thumb-480.avif", "3/x-thumb-480.webp"]);
    expect(variantNames("3/x-thumb.png", null)).toEqual([]);
    expect(variantSrcSet("https://cdn.example/b/3/x-thumb.jpg", [240, 480], "webp")).toBe(
      "https://cdn.example/b/3/x-thumb-240.webp 240w, https://cdn.example/b/3/x-thumb-480.webp 480w",
    );
    expect(parseVariantKey("3/x-thumb-240.avif")).toEqual({ base: "3/x", width: 240, format: "avif" });
    expect(parseVariantKey("3/x-thumb.jpg")).toBeNull();
  });
});

describe("a photo's variants in the store", () => {
  const paths = useTestDatabase();
  const stored = (key: string) => fs.existsSync(path.join(paths.uploads, key));

  async function section(review = false) {
    const created = await createSection({ name: "Fotos", allow_upload: true, is_active: true, review_uploads: review });
    if (!created.ok) throw new Error(created.error);
    return created.section.id;
  }

  it("an upload stores and records them; the gallery's page gets their widths, the API's record does not", async () => {
    const id = await section();
    const saved = await savePhoto(id, { bytes: await photo(1600, 1200), name: "a.jpg" });
    if (!saved.ok) throw new Error(saved.error);
    const thumb = saved.media.file_path.replace(".jpg", "-thumb.jpg");
    const variants = variantNames(thumb, "240,480");
    for (const key of variants) expect(stored(key)).toBe(true);
    expect(formatOf(fs.readFileSync(path.join(paths.uploads, variants[0]!)))).toBe("avif");
    const [page] = await listSections({ variants: true });
    expect(page!.media[0]).toMatchObject({ id: saved.media.id, variant_widths: [240, 480] });
    const [api] = await listSections();
    expect(api!.media[0]).not.toHaveProperty("variant_widths");
    // Served like its photo: public once published; a made-up width is nobody's.
    expect(await storedFileVisibility(variants[1]!)).toEqual({ public: true });
    expect(await storedFileVisibility(thumb.replace("-thumb.jpg", "-thumb-300.avif"))).toBeNull();
    // The boot's sweep of unnamed files leaves them.
    const named = await namedStoredKeys();
    for (const key of variants) expect(named.has(key)).toBe(true);
    // Deleting the photo removes them with it.
    expect(await deleteMedia(saved.media.id)).toBe(true);
    for (const key of [saved.media.file_path, thumb, ...variants]) expect(stored(key)).toBe(false);
  });

  it("a rejected photo and a deleted section take their variants with them; a pending one's are the admin's only", async () => {
    const reviewed = await section(true);
    const pending = await savePhoto(reviewed, { bytes: await photo(800, 600), name: "p.jpg" });
    if (!pending.ok) throw new Error(pending.error);
    const pendingVariants = variantNames(pending.media.file_path.replace(".jpg", "-thumb.jpg"), "240,480");
    expect(await storedFileVisibility(pendingVariants[0]!)).toEqual({ public: false });
    expect(await rejectPending({ mediaId: pending.media.id })).toBe(1);
    for (const key of pendingVariants) expect(stored(key)).toBe(false);

    const other = await section();
    const kept = await savePhoto(other, { bytes: await photo(800, 600), name: "k.jpg" });
    if (!kept.ok) throw new Error(kept.error);
    const keptVariants = variantNames(kept.media.file_path.replace(".jpg", "-thumb.jpg"), "240,480");
    expect(await deleteSection(other)).toBe(true);
    for (const key of keptVariants) expect(stored(key)).toBe(false);
    expect(storage().driver).toBe("local");
  });
});
