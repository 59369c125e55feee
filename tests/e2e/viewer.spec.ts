import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test, type TestData } from "./fixtures";

const jpeg = (background: string) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background } })
    .jpeg()
    .toBuffer();

async function sectionWithPhotos(page: Page, data: TestData, names: string[]) {
  const section = await data.createSection({ name: `Visor ${Date.now()}` });
  const colors = ["red", "green", "blue", "orange"];
  for (const [i, name] of names.entries()) {
    const response = await page.request.post("/gallery", {
      multipart: { sectionId: String(section.id), file: { name, mimeType: "image/jpeg", buffer: await jpeg(colors[i % colors.length]) } },
    });
    expect(response.ok()).toBe(true);
  }
  return section;
}

// The viewer is the scripted dialog; without JavaScript a section is a page of thumbnails.
test.describe("the photo viewer @js-only", () => {
  test("arrow keys move through the photos and the position shows '2 / 3'; it wraps around", async ({ page, data }) => {
    const section = await sectionWithPhotos(page, data, ["uno.jpg", "dos.jpg", "tres.jpg"]);
    await page.goto("/gallery");
    await page.getByRole("link", { name: `Ver fotos de ${section.name}` }).click();
    const dialog = page.getByRole("dialog", { name: section.name });
    await expect(dialog.getByText("1 / 3", { exact: true })).toBeVisible();
    await expect(dialog.getByRole("img", { name: "uno.jpg" })).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(dialog.getByText("2 / 3", { exact: true })).toBeVisible();
    await expect(dialog.getByRole("img", { name: "dos.jpg" })).toBeVisible();
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(dialog.getByText("3 / 3", { exact: true })).toBeVisible();
    await expect(dialog.getByRole("img", { name: "tres.jpg" })).toBeVisible();
  });

  test("a swipe moves to the next or the previous photo", async ({ page, data }) => {
    const section = await sectionWithPhotos(page, data, ["uno.jpg", "dos.jpg"]);
    await page.goto("/gallery");
    await page.getByRole("link", { name: `Ver fotos de ${section.name}` }).click();
    const dialog = page.getByRole("dialog", { name: section.name });
    const photo = dialog.getByRole("img", { name: "uno.jpg" });
    await expect(photo).toBeVisible();
    const box = (await photo.boundingBox())!;
    const y = box.y + box.height / 2;
    const swipe = async (from: number, to: number) => {
      await page.mouse.move(from, y);
      await page.mouse.down();
      await page.mouse.move(to, y + 5, { steps: 5 });
      await page.mouse.up();
    };
    await swipe(box.x + box.width * 0.8, box.x + box.width * 0.2); // to the left: next
    await expect(dialog.getByText("2 / 2", { exact: true })).toBeVisible();
    await swipe(box.x + box.width * 0.2, box.x + box.width * 0.8); // to the right: previous
    await expect(dialog.getByText("1 / 2", { exact: true })).toBeVisible();
  });

  test("'Descargar' gives the photo's full-size copy under the guest's name for it", async ({ page, data }) => {
    const section = await sectionWithPhotos(page, data, ["atardecer.jpg", "brindis.jpg"]);
    const [first, second] = [...(await data.section(section.id))!.media].sort((a, b) => a.id - b.id);
    await page.goto("/gallery");
    await page.getByRole("link", { name: `Ver fotos de ${section.name}` }).click();
    const dialog = page.getByRole("dialog", { name: section.name });
    await expect(dialog.getByRole("link", { name: "Descargar atardecer.jpg" })).toHaveAttribute("href", first.public_url);
    await page.keyboard.press("ArrowRight");
    const link = dialog.getByRole("link", { name: "Descargar brindis.jpg" });
    await expect(link).toHaveAttribute("href", second.public_url);
    const download = page.waitForEvent("download");
    await link.click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("brindis.jpg");
  });
});
