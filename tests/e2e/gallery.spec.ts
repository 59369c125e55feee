import http from "node:http";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { baseURL, chooseLanguage, expect, jsDisabled, test, uniqueClientAddress, openSection } from "./fixtures";
import { holdScripts } from "./scripts-held";

const jpeg = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 90, g: 140, b: 110 } } })
    .jpeg()
    .toBuffer();

async function upload(page: Page, scope: ReturnType<Page["locator"]>, noJs: boolean, file: { name: string; mimeType: string; buffer: Buffer }) {
  if (noJs) {
    await scope.getByLabel("Elegir una foto").setInputFiles(file);
    await scope.getByRole("button", { name: "Confirmar subida" }).click();
    return;
  }
  const chooser = page.waitForEvent("filechooser");
  await scope.getByRole("button", { name: "Subir foto" }).click();
  await (await chooser).setFiles(file);
}

/**
 * A multipart upload sent the way a phone on a real network sends it: the headers first, then a
 * photo of `size` bytes in 64 KiB pieces with pauses, so an answer given before the body is read
 * (and the connection closed under it) shows as an error, as a browser shows a network error.
 */
function slowUpload(path: string, client: string, fields: Record<string, string>, size: number) {
  const boundary = "----slow-upload-boundary";
  const head = Buffer.from(
    Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join("") + `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="grande.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise<{ status?: number; headers: http.IncomingHttpHeaders; body: string; error?: string }>((resolve) => {
    const answer: { status?: number; headers: http.IncomingHttpHeaders; body: string; error?: string } = { headers: {}, body: "" };
    const request = http.request(`${baseURL()}${path}`, {
      method: "POST",
      headers: {
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
        "Content-Length": String(head.length + size + tail.length),
        "X-Forwarded-For": client,
      },
    });
    request.on("response", (response) => {
      answer.status = response.statusCode;
      answer.headers = response.headers;
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (answer.body += chunk));
      response.on("end", () => resolve(answer));
    });
    request.on("error", (error) => resolve({ ...answer, error: error.message }));
    void (async () => {
      request.write(head);
      for (let sent = 0; sent < size; sent += 64 * 1024) {
        if (request.destroyed) return;
        request.write(Buffer.alloc(Math.min(64 * 1024, size - sent), 0xff));
        await new Promise((r) => setTimeout(r, 15));
      }
      request.end(tail);
    })();
  });
}

test.describe("gallery", () => {
  test("shows active sections, opens one, and a guest's photo appears after upload", async ({ page, data }, testInfo) => {
    const noJs = jsDisabled(testInfo);
    const section = await data.createSection({ name: `Boda ${Date.now()}`, description: "Fotos de la fiesta" });
    await page.goto("/gallery");
    await expect(page.getByRole("heading", { level: 1, name: "Galería de Fotos" })).toBeVisible();
    await expect(page.getByRole("link", { name: `Ver fotos de ${section.name}` })).toContainText("Aún no hay imágenes");
    const scope = await openSection(page, section.name, noJs);
    await expect(scope.getByText("No hay fotos en esta sección todavía.")).toBeVisible();
    await upload(page, scope, noJs, { name: "recuerdo.jpg", mimeType: "image/jpeg", buffer: await jpeg() });
    if (!noJs) {
      await expect(scope.getByText("Archivo seleccionado: recuerdo.jpg")).toBeVisible();
      await expect(scope.getByRole("button", { name: "Quitar selección" })).toBeVisible();
      await scope.getByRole("button", { name: "Confirmar subida" }).click();
      await expect(page.getByText("¡Foto subida exitosamente! Gracias por compartirla.").first()).toBeVisible();
      await expect(scope.getByText("Foto 1 de 1")).toBeVisible();
      await expect(scope.getByRole("button", { name: "Subir foto" })).toBeVisible(); // selection cleared
    } else {
      await expect(page.getByText("¡Foto subida exitosamente! Gracias por compartirla.")).toBeVisible();
    }
    await expect(page.getByRole("img", { name: "recuerdo.jpg" }).first()).toBeVisible();
    const rows = (await data.section(section.id))!.media;
    expect(rows).toHaveLength(1);
    expect(rows[0].type).toBe("IMAGE");
    expect(rows[0].file_path).toMatch(new RegExp(`^${section.id}/\\d+-[0-9a-f]+\\.jpg$`));
    // The stored photo is served with the right headers.
    const served = await page.request.get(rows[0].public_url);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/jpeg");
    expect(served.headers()["x-content-type-options"]).toBe("nosniff");
    expect(served.headers()["cache-control"]).toContain("max-age=31536000");
    // The cover of the card is now the photo.
    await page.goto("/gallery");
    await expect(page.getByRole("link", { name: `Ver fotos de ${section.name}` })).toContainText("1 foto");
  });

  test("a file that is not an image is refused with a clear message", async ({ page, data }, testInfo) => {
    const noJs = jsDisabled(testInfo);
    const section = await data.createSection({ name: `PDF ${Date.now()}` });
    const scope = await openSection(page, section.name, noJs);
    await upload(page, scope, noJs, { name: "invitacion.jpg", mimeType: "image/jpeg", buffer: Buffer.from("%PDF-1.4\n%%EOF") });
    if (!noJs) await scope.getByRole("button", { name: "Confirmar subida" }).click();
    await expect(
      page.getByText("El archivo no es una foto ni un vídeo válido. Sube una foto JPG, PNG o WebP, o un vídeo MP4, MOV o WebM.").first(),
    ).toBeVisible();
    expect((await data.section(section.id))?.media).toEqual([]);
  });

  test("a photo over 5 MB is not kept", async ({ page, data }, testInfo) => {
    const noJs = jsDisabled(testInfo);
    const section = await data.createSection({ name: `Grande ${Date.now()}` });
    const scope = await openSection(page, section.name, noJs);
    const big = { name: "enorme.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 0xff) };
    await upload(page, scope, noJs, big);
    await expect(page.getByText("El archivo es demasiado grande. El tamaño máximo es 5 MB.").first()).toBeVisible();
    if (!noJs) {
      await expect(scope.getByText("Archivo seleccionado: enorme.jpg")).toHaveCount(0);
      await expect(scope.getByRole("button", { name: "Subir foto" })).toBeVisible();
    }
    expect((await data.section(section.id))?.media).toEqual([]);
  });

  test("a section with uploads off has no upload control and refuses a direct post", async ({ page, data }, testInfo) => {
    const section = await data.createSection({ name: `Cerrada ${Date.now()}`, allowUpload: false });
    const scope = await openSection(page, section.name, jsDisabled(testInfo));
    await expect(scope.getByRole("button", { name: "Subir foto" })).toHaveCount(0);
    await expect(scope.getByLabel("Elegir una foto")).toHaveCount(0);
    const response = await page.request.post("/gallery", {
      multipart: { sectionId: String(section.id), file: { name: "a.jpg", mimeType: "image/jpeg", buffer: await jpeg() } },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect((await data.section(section.id))?.media).toEqual([]);
  });

  test("an inactive section is invisible and takes no uploads", async ({ page, data }) => {
    const section = await data.createSection({ name: `Oculta ${Date.now()}`, isActive: false });
    await page.goto("/gallery");
    await expect(page.getByRole("link", { name: `Ver fotos de ${section.name}` })).toHaveCount(0);
    await page.goto(`/gallery?section=${section.id}`);
    await expect(page.getByText("La sección no existe o no está disponible.")).toBeVisible();
    const response = await page.request.post("/gallery", {
      multipart: { sectionId: String(section.id), file: { name: "a.jpg", mimeType: "image/jpeg", buffer: await jpeg() } },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(404);
  });

  test("a forged upload from another site is refused @js-only", async ({ request, data }) => {
    const section = await data.createSection({ name: `Ajena ${Date.now()}` });
    const response = await request.post("/gallery", {
      headers: { Origin: "https://evil.example" },
      multipart: { sectionId: String(section.id), file: { name: "a.jpg", mimeType: "image/jpeg", buffer: await jpeg() } },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect((await data.section(section.id))?.media).toEqual([]);
  });

  test("an upload without a file or section gets the spec's message @js-only", async ({ request }) => {
    const response = await request.post("/gallery", { multipart: { sectionId: "1" }, maxRedirects: 0 });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain("Se requiere archivo y ID de sección");
  });

  test("a photo whose name holds ';' or '=' is kept under that name; a malformed body gets its own message @js-only", async ({ request, data }) => {
    const section = await data.createSection({ name: `Nombres ${Date.now()}` });
    for (const name of ["a;b.jpg", "a=b.jpg"]) {
      const response = await request.post("/gallery", {
        multipart: { sectionId: String(section.id), file: { name, mimeType: "image/jpeg", buffer: await jpeg(320, 240) } },
        maxRedirects: 0,
      });
      expect(response.status(), name).toBe(302);
    }
    expect([...(await data.section(section.id))!.media].sort((a, b) => a.id - b.id).map((m) => m.name)).toEqual(["a;b.jpg", "a=b.jpg"]);
    const malformed = await request.post("/gallery", {
      headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
      data: `--xyz\r\nContent-Disposition: form-data; name="sectionId"\r\n\r\n${section.id}\r\n`,
      maxRedirects: 0,
    });
    expect(malformed.status()).toBe(400);
    expect(await malformed.text()).toContain("No se pudo leer el envío. Vuelve a elegir la foto e inténtalo de nuevo.");
  });

  test("a rate-limited upload with a 1 MB photo gets the 429 message, its body read, not a reset connection @js-only", async ({ data }) => {
    const section = await data.createSection({ name: `Limitada ${Date.now()}` });
    const client = uniqueClientAddress();
    // Use up the default allowance (RATE_LIMIT_UPLOADS, 120) with small posts (a post without a file still counts).
    for (let i = 0; i < 120; i++) {
      const small = await fetch(`${baseURL()}/api/gallery/sections/${section.id}/media`, {
        method: "POST",
        body: new FormData(),
        headers: { "X-Forwarded-For": client },
      });
      expect(small.status).toBe(400);
    }
    for (const [path, fields] of [
      [`/api/gallery/sections/${section.id}/media`, {}],
      ["/gallery", { sectionId: String(section.id) }],
    ] as const) {
      const answer = await slowUpload(path, client, fields, 1024 * 1024);
      expect(answer.error, path).toBeUndefined();
      expect(answer.status, path).toBe(429);
      // Answered after the body was read: the connection is kept, not closed under the client.
      expect(answer.headers.connection, path).not.toBe("close");
      expect(answer.headers["retry-after"], path).toMatch(/^\d+$/);
      expect(answer.body, path).toContain("Demasiados intentos. Por favor, espera");
    }
    expect((await data.section(section.id))?.media).toEqual([]);
  });

  test("the uploads route reads nothing outside the store @js-only", async ({ request }) => {
    for (const path of [
      "/uploads/../package.json",
      "/uploads/..%2f..%2fpackage.json",
      "/uploads/%2e%2e/%2e%2e/server.mjs",
      "/uploads/1/..%2f..%2f.env",
      "/uploads/1/x.svg",
      "/uploads/etc/passwd",
    ]) {
      const response = await request.get(path, { maxRedirects: 0 });
      const body = await response.text();
      expect(body, path).not.toContain("wedding-site");
      expect(body, path).not.toContain("createRequestHandler");
      expect([302, 404], path).toContain(response.status());
    }
  });

  test("the carousel moves with buttons and arrow keys @js-only", async ({ page, data }) => {
    const section = await data.createSection({ name: `Carrusel ${Date.now()}` });
    for (const name of ["uno.jpg", "dos.jpg"]) {
      const response = await page.request.post("/gallery", {
        multipart: { sectionId: String(section.id), file: { name, mimeType: "image/jpeg", buffer: await jpeg() } },
      });
      expect(response.status()).toBeLessThan(400);
    }
    const dialog = await openSection(page, section.name, false);
    await expect(dialog.getByText("Foto 1 de 2")).toBeVisible();
    await expect(dialog.getByRole("img", { name: "uno.jpg" })).toBeVisible();
    await dialog.getByRole("button", { name: "Foto siguiente" }).click();
    await expect(dialog.getByRole("img", { name: "dos.jpg" })).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(dialog.getByText("Foto 1 de 2")).toBeVisible();
    await dialog.getByRole("button", { name: "Foto anterior" }).click();
    await expect(dialog.getByText("Foto 2 de 2")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });
  test("thumbnails pick a photo, a swipe moves, and a new upload is shown @js-only", async ({ page, data }) => {
    const section = await data.createSection({ name: `Miniaturas ${Date.now()}` });
    for (const name of ["uno.jpg", "dos.jpg", "tres.jpg"]) {
      await page.request.post("/gallery", {
        multipart: { sectionId: String(section.id), file: { name, mimeType: "image/jpeg", buffer: await jpeg() } },
      });
    }
    const dialog = await openSection(page, section.name, false);
    // Arrow keys work as soon as the dialog opens, wherever the focus is inside it.
    await page.keyboard.press("ArrowLeft");
    await expect(dialog.getByText("Foto 3 de 3")).toBeVisible();
    await dialog.getByRole("button", { name: "Mostrar la foto 2" }).click();
    await expect(dialog.getByRole("img", { name: "dos.jpg" })).toBeVisible();
    // Thumbnails are lazy and sized.
    const thumb = dialog.getByRole("button", { name: "Mostrar la foto 1" }).locator("img");
    await expect(thumb).toHaveAttribute("loading", "lazy");
    await expect(thumb).toHaveAttribute("width", /\d+/);
    // Swipe left (drag) → next photo, on the photo as the guest sees it (loaded, in its place).
    const shown = dialog.getByRole("img", { name: "dos.jpg" });
    await expect(shown).toHaveJSProperty("complete", true);
    const box = (await shown.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(dialog.getByText("Foto 3 de 3")).toBeVisible();
    // The web-sized copy is shown, the thumbnail file is what the strip loads.
    expect(await dialog.getByRole("img", { name: "tres.jpg" }).getAttribute("src")).not.toContain("-thumb");
    expect(await thumb.getAttribute("src")).toContain("-thumb");
    // Uploading a fourth shows it.
    await dialog.getByRole("button", { name: "Mostrar la foto 1" }).click();
    const chooser = page.waitForEvent("filechooser");
    await dialog.getByRole("button", { name: "Subir foto" }).click();
    await (
      await chooser
    ).setFiles({
      name: "cuatro.png",
      mimeType: "image/png",
      buffer: await sharp(await jpeg(300, 200))
        .png()
        .toBuffer(),
    });
    await dialog.getByRole("button", { name: "Confirmar subida" }).click();
    await expect(dialog.getByText("Foto 4 de 4")).toBeVisible();
    await expect(dialog.getByRole("img", { name: "cuatro.png" })).toBeVisible();
    // Closing the dialog and opening it again: no selection left.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  test("in English: labels, buttons and messages", async ({ page, data }, testInfo) => {
    const noJs = jsDisabled(testInfo);
    await chooseLanguage(page, "en");
    const section = await data.createSection({ name: `Party ${Date.now()}` });
    for (const name of ["one.jpg", "two.jpg"]) {
      await page.request.post("/gallery", {
        multipart: { sectionId: String(section.id), file: { name, mimeType: "image/jpeg", buffer: await jpeg() } },
      });
    }
    await page.goto("/gallery");
    await expect(page).toHaveTitle(/^Gallery · /);
    await expect(page.getByRole("heading", { level: 1, name: "Photo Gallery" })).toBeVisible();
    await page.getByRole("link", { name: `See photos of ${section.name}` }).click();
    if (noJs) {
      const article = page.getByRole("article", { name: section.name });
      await expect(article.getByRole("img", { name: "one.jpg" })).toBeVisible();
      await expect(article.getByLabel("Choose a photo")).toBeVisible();
      await expect(article.getByRole("button", { name: "Confirm upload" })).toBeVisible();
      await expect(article.getByRole("link", { name: "Back to the gallery" })).toBeVisible();
    } else {
      const dialog = page.getByRole("dialog", { name: section.name });
      await expect(dialog.getByText("Photo 1 of 2")).toBeVisible();
      await dialog.getByRole("button", { name: "Next photo" }).click();
      await expect(dialog.getByRole("img", { name: "two.jpg" })).toBeVisible();
      await dialog.getByRole("button", { name: "Previous photo" }).click();
      await expect(dialog.getByRole("img", { name: "one.jpg" })).toBeVisible();
      await expect(dialog.getByRole("button", { name: "Upload photo" })).toBeVisible();
    }
  });

  test("a section link without an id says one is required", async ({ page }) => {
    await page.goto("/gallery?section=abc");
    await expect(page.getByText("Se requiere un ID de sección")).toBeVisible();
  });

  test("photos of a section turned inactive are no longer served to guests @js-only", async ({ page, data }) => {
    const section = await data.createSection({ name: `Luego oculta ${Date.now()}` });
    const response = await page.request.post("/gallery", {
      multipart: { sectionId: String(section.id), file: { name: "a.jpg", mimeType: "image/jpeg", buffer: await jpeg() } },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers()["server-timing"]).toMatch(/receive;dur=[\d.]+, process;dur=[\d.]+/);
    const [row] = (await data.section(section.id))!.media;
    expect((await page.request.get(row.thumbnail_url!)).status()).toBe(200);
    await data.gallery.updateSection(section.id, { is_active: false });
    for (const url of [row.public_url, row.thumbnail_url!]) expect((await page.request.get(url)).status()).toBe(404);
  });

  test("the server refuses a body over 5 MB however it is sent, and HEIC with its own message @js-only", async ({ request, data }) => {
    const section = await data.createSection({ name: `Limite ${Date.now()}` });
    const big = await request.post("/gallery", {
      multipart: {
        sectionId: String(section.id),

        file: { name: "big.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 0xff) },
      },
    });
    expect(big.status()).toBe(413);
    expect(await big.text()).toContain("El archivo es demasiado grande. El tamaño máximo es 5 MB.");
    const avif = Buffer.from(
      await sharp(await jpeg(64, 48))
        .avif()
        .toBuffer(),
    );
    for (const [from, to] of [
      ["avif", "heic"],
      ["av01", "hvc1"],
    ]) {
      for (let i = avif.indexOf(from); i !== -1; i = avif.indexOf(from, i + 4)) avif.write(to, i, "latin1");
    }
    const heic = await request.post("/gallery", {
      multipart: { sectionId: String(section.id), file: { name: "IMG_0001.HEIC", mimeType: "image/heic", buffer: avif } },
    });
    expect(heic.status()).toBe(415);
    expect(await heic.text()).toContain("Las fotos HEIC del iPhone no son compatibles");
    expect((await data.section(section.id))?.media).toEqual([]);
  });
});

// A guest on a slow phone picks photos, or taps, before the page's script runs (decision 0043).
test.describe("uploading before the page's script runs @js-only", () => {
  test("photos picked before the script runs are still picked once it runs, and upload", async ({ page, data }) => {
    const section = await data.createSection({ name: `Lenta ${Date.now()}` });
    const scripts = await holdScripts(page);
    await page.goto(`/gallery?section=${section.id}`, { waitUntil: "commit" });
    await page.getByLabel("Elegir una foto").setInputFiles([
      { name: "antes-1.jpg", mimeType: "image/jpeg", buffer: await jpeg(320, 240) },
      { name: "antes-2.jpg", mimeType: "image/jpeg", buffer: await jpeg(320, 240) },
    ]);
    scripts.release();
    const dialog = page.getByRole("dialog", { name: section.name });
    const list = dialog.getByRole("list", { name: "Fotos elegidas" });
    await expect(list.getByRole("listitem")).toHaveCount(2);
    await expect(list.getByRole("listitem").filter({ hasText: "antes-1.jpg" })).toContainText("En espera");
    await dialog.getByRole("button", { name: "Confirmar subida" }).click();
    await expect(page.getByText("2 de 2 fotos subidas.")).toBeVisible();
    expect((await data.section(section.id))?.media.map((m) => m.name).sort()).toEqual(["antes-1.jpg", "antes-2.jpg"]);
  });

  test("a tap before the script runs posts the plain form: the photo is stored and the same message shows", async ({ page, data }) => {
    const section = await data.createSection({ name: `Rápida ${Date.now()}` });
    const scripts = await holdScripts(page);
    await page.goto(`/gallery?section=${section.id}`, { waitUntil: "commit" });
    await page.getByLabel("Elegir una foto").setInputFiles({ name: "toque.jpg", mimeType: "image/jpeg", buffer: await jpeg(320, 240) });
    await page.getByRole("button", { name: "Confirmar subida" }).click();
    await expect(page).toHaveURL(new RegExp(`/gallery\\?section=${section.id}$`));
    scripts.release();
    await expect(page.getByText("¡Foto subida exitosamente! Gracias por compartirla.").filter({ visible: true })).toHaveCount(1);
    await expect(page.getByRole("dialog", { name: section.name }).getByRole("img", { name: "toque.jpg" }).first()).toBeVisible();
    expect((await data.section(section.id))?.media.map((m) => m.name)).toEqual(["toque.jpg"]);
  });
});
