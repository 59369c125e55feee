import sharp from "sharp";
import { chooseLanguage, expect, jsDisabled, test, openSection } from "./fixtures";

const jpeg = (shade: number) =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: { r: shade, g: 140, b: 110 } } })
    .jpeg()
    .toBuffer();

/** Five picks from a camera roll: three photos, one over 5 MB, one PDF renamed .jpg. */
async function cameraRoll() {
  return [
    { name: "uno.jpg", mimeType: "image/jpeg", buffer: await jpeg(40) },
    { name: "enorme.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 0xff) },
    { name: "dos.jpg", mimeType: "image/jpeg", buffer: await jpeg(120) },
    { name: "invitacion.jpg", mimeType: "image/jpeg", buffer: Buffer.from("%PDF-1.4\n%%EOF") },
    { name: "tres.jpg", mimeType: "image/jpeg", buffer: await jpeg(200) },
  ];
}

test.describe("uploading a camera roll", () => {
  test("a batch of 5 with one too large and one not an image: the other 3 are stored, each file's result shown", async ({ page, data }, testInfo) => {
    test.setTimeout(90_000);
    const noJs = jsDisabled(testInfo);
    const section = await data.createSection({ name: `Tanda ${Date.now()}` });
    const scope = await openSection(page, section.name, noJs);
    const files = await cameraRoll();
    const result = (name: string) => scope.getByRole("listitem").filter({ hasText: name });
    if (noJs) {
      const input = scope.getByLabel("Elegir una foto");
      // Photos the server decodes, and the videos it keeps as sent (decision 0063).
      await expect(input).toHaveAttribute("accept", "image/jpeg,image/png,image/webp,image/gif,video/mp4,video/quicktime,video/webm");
      await input.setInputFiles(files);
      await scope.getByRole("button", { name: "Confirmar subida" }).click();
      await expect(scope.getByRole("heading", { name: "Resultado de la subida" })).toBeVisible();
    } else {
      const chooser = page.waitForEvent("filechooser");
      await scope.getByRole("button", { name: "Subir foto" }).click();
      await (await chooser).setFiles(files);
      const list = scope.getByRole("list", { name: "Fotos elegidas" });
      await expect(list.getByRole("listitem")).toHaveCount(5);
      await expect(result("uno.jpg")).toContainText("En espera");
      await scope.getByRole("button", { name: "Confirmar subida" }).click();
    }
    await expect(scope.getByText("3 de 5 fotos subidas.").first()).toBeVisible({ timeout: 30_000 });
    for (const name of ["uno.jpg", "dos.jpg", "tres.jpg"]) await expect(result(name)).toContainText("Subida");
    await expect(result("enorme.jpg")).toContainText("El archivo es demasiado grande. El tamaño máximo es 5 MB.");
    await expect(result("invitacion.jpg")).toContainText(
      "El archivo no es una foto ni un vídeo válido. Sube una foto JPG, PNG o WebP, o un vídeo MP4, MOV o WebM.",
    );
    expect((await data.section(section.id))?.media.map((m) => m.name).sort()).toEqual(["dos.jpg", "tres.jpg", "uno.jpg"]);
    // The stored photos are in the section.
    await expect(page.getByRole("img", { name: "tres.jpg" }).first()).toBeVisible();
    if (!noJs) {
      await scope.getByRole("button", { name: "Listo" }).click();
      await expect(scope.getByRole("button", { name: "Subir foto" })).toBeVisible();
    }
  });

  test("closing the dialog while photos upload asks first; keeping on leaves it open @js-only", async ({ page, data }) => {
    const section = await data.createSection({ name: `Cerrar ${Date.now()}` });
    // Uploads are held until the test lets them go, so the batch is surely under way.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/gallery/sections/*/media", async (route) => {
      await held;
      await route.continue().catch(() => {});
    });
    const dialog = await openSection(page, section.name, false);
    const chooser = page.waitForEvent("filechooser");
    await dialog.getByRole("button", { name: "Subir foto" }).click();
    await (
      await chooser
    ).setFiles([
      { name: "a.jpg", mimeType: "image/jpeg", buffer: await jpeg(10) },
      { name: "b.jpg", mimeType: "image/jpeg", buffer: await jpeg(60) },
      { name: "c.jpg", mimeType: "image/jpeg", buffer: await jpeg(90) },
    ]);
    await dialog.getByRole("button", { name: "Confirmar subida" }).click();
    await expect(dialog.getByRole("button", { name: "Subiendo..." })).toBeDisabled();
    // Two at a time: the third waits its turn.
    await expect(dialog.getByRole("listitem").filter({ hasText: "c.jpg" })).toContainText("En espera");

    await page.keyboard.press("Escape");
    const confirm = page.getByRole("dialog", { name: "¿Cancelar la subida?" });
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Seguir subiendo" }).click();
    await expect(confirm).toBeHidden();
    await expect(dialog).toBeVisible();

    await dialog.getByRole("button", { name: "Subiendo..." }).focus();
    await page.keyboard.press("Escape");
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Sí, cancelar" }).click();
    await expect(dialog).toBeHidden();
    release();
    await page.unroute("**/api/gallery/sections/*/media");
    // The photo that was still waiting was never sent.
    expect((await data.section(section.id))?.media.map((m) => m.name)).not.toContain("c.jpg");
  });

  test("in English: each photo's status and the summary @js-only", async ({ page, data }) => {
    await chooseLanguage(page, "en");
    const section = await data.createSection({ name: `Party ${Date.now()}` });
    await page.goto("/gallery");
    await page.getByRole("link", { name: `See photos of ${section.name}` }).click();
    const dialog = page.getByRole("dialog", { name: section.name });
    const chooser = page.waitForEvent("filechooser");
    await dialog.getByRole("button", { name: "Upload photo" }).click();
    await (
      await chooser
    ).setFiles([
      { name: "one.jpg", mimeType: "image/jpeg", buffer: await jpeg(10) },
      { name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("%PDF-1.4\n%%EOF") },
    ]);
    await expect(dialog.getByRole("list", { name: "Chosen photos" }).getByRole("listitem")).toHaveCount(2);
    await dialog.getByRole("button", { name: "Confirm upload" }).click();
    await expect(dialog.getByText("1 of 2 photos uploaded.").first()).toBeVisible({ timeout: 30_000 });
    await expect(dialog.getByRole("listitem").filter({ hasText: "notes.jpg" })).toContainText("The file is not a valid photo or video.");
    await expect(dialog.getByRole("listitem").filter({ hasText: "one.jpg" })).toContainText("Uploaded");
  });
});
