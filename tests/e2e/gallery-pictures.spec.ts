import Database from "better-sqlite3";
import { expect, jpeg, jsDisabled, test } from "./fixtures";

/**
 * The gallery's thumbnails in the size the screen needs (decision 0066): a photo uploaded now is a
 * <picture> whose AVIF copy the browser picks, tiles below the fold load as they scroll into view,
 * and a photo stored before the copies existed still shows its single thumbnail.
 */

/** A photo as stored before the AVIF and WebP copies existed: its row records none (the files stay as they were). */
function asStoredBefore(mediaId: number) {
  const path = process.env.E2E_DATABASE_PATH;
  if (!path) throw new Error("E2E_DATABASE_PATH is not set");
  const database = new Database(path, { fileMustExist: true });
  try {
    database.prepare("UPDATE media SET variant_widths = NULL WHERE id = ?").run(mediaId);
  } finally {
    database.close();
  }
}

test("a new photo's tile is a <picture> the browser fills with its AVIF copy; an old photo shows its thumbnail @js-only", async ({ page, data }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const fresh = await data.createSection({ name: `Nuevas ${Date.now()}` });
  const uploaded = await data.uploadPhoto(fresh.id, { file: await jpeg(1600, 1200), name: "nueva.jpg" });
  const old = await data.createSection({ name: `Antiguas ${Date.now()}` });
  const before = await data.uploadPhoto(old.id, { file: await jpeg(1600, 1200), name: "vieja.jpg" });
  asStoredBefore(before.id);

  await page.goto("/gallery");
  const cover = (name: string) => page.getByRole("link", { name: new RegExp(`Ver fotos de ${name}`) }).locator("img");
  const freshCover = cover(fresh.name);
  await freshCover.scrollIntoViewIfNeeded();
  await expect.poll(() => freshCover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  // The AVIF source, at the width the phone's tile needs.
  expect(await freshCover.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-thumb-(240|480)\.avif$/);
  const picture = page.getByRole("link", { name: new RegExp(`Ver fotos de ${fresh.name}`) }).locator("picture");
  await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute("srcset", /-thumb-240\.avif 240w, .*-thumb-480\.avif 480w$/);
  await expect(picture.locator('source[type="image/webp"]')).toHaveAttribute("srcset", /-thumb-240\.webp 240w, .*-thumb-480\.webp 480w$/);
  await expect(picture.locator("source").first()).toHaveAttribute("sizes", /100vw/);
  await expect(freshCover).toHaveAttribute("width", "480");
  await expect(freshCover).toHaveAttribute("height", "360");
  await expect(freshCover).toHaveAttribute("decoding", "async");

  // Served through /uploads like its photo, kept by the browser for good (its name never changes).
  const avif = await page.request.get(await freshCover.evaluate((img: HTMLImageElement) => img.currentSrc));
  expect(avif.status()).toBe(200);
  expect(avif.headers()["content-type"]).toBe("image/avif");
  expect(avif.headers()["cache-control"]).toContain("immutable");
  expect(uploaded.thumbnail_url).toMatch(/-thumb\.jpg$/);

  // The photo from before: its single thumbnail, no <picture>.
  const oldCover = cover(old.name);
  await oldCover.scrollIntoViewIfNeeded();
  await expect.poll(() => oldCover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  expect(await oldCover.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-thumb\.jpg$/);
  await expect(page.getByRole("link", { name: new RegExp(`Ver fotos de ${old.name}`) }).locator("picture")).toHaveCount(0);

  // The first cover is the page's largest paint; the ones below the fold wait until they are scrolled to.
  const covers = page.locator(".gallery-cover");
  await expect(covers.first()).toHaveAttribute("fetchpriority", "high");
  await expect(covers.first()).toHaveAttribute("loading", "eager");
  const count = await covers.count();
  for (let i = 2; i < count; i++) await expect(covers.nth(i)).toHaveAttribute("loading", "lazy");
});

test("a section's own page lists its photos as <picture>s, lazy after the first row", async ({ page, data }, testInfo) => {
  const section = await data.createSection();
  for (let i = 0; i < 6; i++) await data.uploadPhoto(section.id, { file: await jpeg(800, 600), name: `f${i}.jpg` });
  await page.goto(`/gallery?section=${section.id}`);
  if (!jsDisabled(testInfo)) {
    // With the script the section opens as a dialog: its strip of small tiles asks for the 240 px copies.
    const strip = page.getByRole("dialog").locator(".carousel-thumbs picture source[type='image/avif']");
    await expect(strip).toHaveCount(6);
    await expect(strip.first()).toHaveAttribute("sizes", "72px");
    return;
  }
  const tiles = page.locator(".photo-list picture img");
  await expect(tiles).toHaveCount(6);
  for (let i = 0; i < 6; i++) await expect(tiles.nth(i)).toHaveAttribute("loading", i < 4 ? "eager" : "lazy");
  await expect(page.locator(".photo-list picture source[type='image/avif']").first()).toHaveAttribute("srcset", /-thumb-480\.avif 480w/);
});
