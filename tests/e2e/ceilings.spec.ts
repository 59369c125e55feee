import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { chooseLanguage, expect, jsDisabled, startServer, test } from "./fixtures";

/**
 * The site-wide ceilings (decision 0037), each on a server of its own started with a tiny ceiling:
 * a guest whose photo would pass the ceiling on pending photos reads why, in their language, and
 * nothing of the photo is kept; the admin's 'Por revisar' says so. 'Mensajes' pages through every
 * pending wish and 'Rechazar todos' empties them. And a worker killed in the middle of an upload
 * leaves no temporary file once it has been replaced.
 */

type Server = Awaited<ReturnType<typeof startServer>>;
const TOKEN = () => process.env.E2E_ADMIN_API_TOKEN!;
const FULL = {
  es: "La galería no acepta más fotos por ahora. Inténtalo más tarde.",
  en: "The gallery is not taking more photos right now. Please try again later.",
};

const jpeg = (background: string) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background } })
    .jpeg()
    .toBuffer();

/** Every file under a folder, relative to it. */
function filesIn(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => fs.statSync(path.join(dir, f)).isFile())
    .sort();
}

async function login(page: Page, password: string, lang: "es" | "en") {
  await page.goto("/admin");
  await page.getByLabel(lang === "es" ? "Contraseña" : "Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: lang === "es" ? "Acceder" : "Sign in" }).click();
  await expect(page.getByRole("heading", { name: lang === "es" ? "Panel de Administración" : "Admin Panel", exact: true })).toBeVisible();
}

async function newPage(browser: Browser, server: Server, noJs: boolean, lang: "es" | "en") {
  const context = await browser.newContext({ baseURL: server.baseURL, javaScriptEnabled: !noJs });
  const page = await context.newPage();
  await chooseLanguage(page, lang);
  return page;
}

test.describe("the ceiling on photos waiting for review", () => {
  test.describe.configure({ mode: "serial" });
  let server: Server;
  test.beforeAll(async () => {
    server = await startServer({ PENDING_PHOTOS_MAX: "1", WEB_CONCURRENCY: "1" });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  for (const lang of ["es", "en"] as const) {
    test(`a guest's photo past the ceiling is refused with a clear message, nothing of it kept; 'Por revisar' warns (${lang})`, async ({
      browser,
    }, testInfo) => {
      const noJs = jsDisabled(testInfo);
      const auth = { Authorization: `Bearer ${TOKEN()}` };
      const created = await fetch(`${server.baseURL}/api/gallery/sections`, {
        method: "POST",
        headers: { ...auth, "Content-Type": "application/json" },
        body: JSON.stringify({ name: `Fiesta ${lang}`, is_active: true, allow_upload: true, review_uploads: true }),
      });
      expect(created.status).toBe(201);
      const section = (await created.json()) as { id: number; name: string };
      // One guest's photo waits for review: the ceiling (1) is reached (by this photo, or the other language's).
      const form = new FormData();
      form.set("file", new Blob([new Uint8Array(await jpeg("#c08060"))], { type: "image/jpeg" }), "primera.jpg");
      const first = await fetch(`${server.baseURL}/api/gallery/sections/${section.id}/media`, { method: "POST", body: form });
      expect([201, 503]).toContain(first.status);
      const uploads = path.join(server.dataDir, "uploads");
      const before = filesIn(uploads);

      const page = await newPage(browser, server, noJs, lang);
      await page.goto(`/gallery?section=${section.id}`);
      const scope = noJs ? page.getByRole("article", { name: section.name }) : page.getByRole("dialog", { name: section.name });
      const photo = { name: "segunda.jpg", mimeType: "image/jpeg", buffer: await jpeg("#405060") };
      if (noJs) {
        await scope.getByLabel(lang === "es" ? "Elegir una foto" : "Choose a photo").setInputFiles(photo);
      } else {
        const chooser = page.waitForEvent("filechooser");
        await scope.getByRole("button", { name: lang === "es" ? "Subir foto" : "Upload photo" }).click();
        await (await chooser).setFiles(photo);
      }
      await scope.getByRole("button", { name: lang === "es" ? "Confirmar subida" : "Confirm upload" }).click();
      await expect(page.getByText(FULL[lang]).first()).toBeVisible();

      // Nothing half-written: no new file (photo, thumbnail or temporary) in the uploads folder, no row.
      expect(filesIn(uploads)).toEqual(before);
      const listed = await fetch(`${server.baseURL}/api/gallery/review`, { headers: auth });
      const pendingNames = JSON.stringify(await listed.json());
      expect(pendingNames).not.toContain("segunda.jpg");

      // The admin's 'Por revisar' says why guests cannot upload.
      const admin = await newPage(browser, server, noJs, lang);
      await login(admin, process.env.E2E_ADMIN_PASSWORD!, lang);
      await admin.goto("/admin/review");
      await expect(
        admin.getByRole("alert").filter({ hasText: lang === "es" ? "Hay demasiadas fotos por revisar" : "Too many photos are waiting for review" }),
      ).toBeVisible();
      await page.context().close();
      await admin.context().close();
    });
  }
});

test.describe("the ceiling on wishes waiting for review", () => {
  let server: Server;
  test.beforeAll(async () => {
    server = await startServer({ PENDING_WISHES_MAX: "1", WEB_CONCURRENCY: "1" });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("a guest's wish past the ceiling is refused with a clear message, nothing stored", async ({ browser }, testInfo) => {
    const noJs = jsDisabled(testInfo);
    const first = await fetch(`${server.baseURL}/api/gallery/wishes`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Primera", message: "Felicidades" }),
    });
    expect([201, 503]).toContain(first.status);
    const page = await newPage(browser, server, noJs, "es");
    await page.goto("/gallery");
    const form = page.getByRole("form", { name: "Deja un mensaje para los novios" });
    await form.getByLabel("Tu nombre").fill("Segunda");
    await form.getByLabel("Mensaje").fill("Que vivan los novios");
    await form.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect(page.getByText("Los novios no pueden recibir más mensajes por ahora. Inténtalo más tarde.").first()).toBeVisible();
    // Without JavaScript the refusal is a new page: it gives back what was typed.
    if (noJs) await expect(page.getByRole("form", { name: "Deja un mensaje para los novios" }).getByLabel("Tu nombre")).toHaveValue("Segunda");
    const pending = (await (await fetch(`${server.baseURL}/api/gallery/wishes/review`, { headers: { Authorization: `Bearer ${TOKEN()}` } })).json()) as {
      pending: { name: string }[];
    };
    expect(pending.pending.map((w) => w.name)).toEqual(["Primera"]);
    await page.context().close();
  });
});

test.describe("'Mensajes' with more pending wishes than a page", () => {
  test.describe.configure({ mode: "serial" });
  let server: Server;
  test.beforeAll(async () => {
    // Wishes come through the API, as guests send them: the per-client allowance must let 501 through.
    server = await startServer({ RATE_LIMIT_WISHES: "1000", WEB_CONCURRENCY: "1" });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("the 501st pending wish is on page 2; 'Rechazar todos' (after its confirmation) empties the pending ones", async ({ browser }, testInfo) => {
    test.setTimeout(120_000);
    const noJs = jsDisabled(testInfo);
    const send = (n: number) =>
      fetch(`${server.baseURL}/api/gallery/wishes`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: `Invitado ${n}`, message: `Mensaje número ${n}` }),
      }).then((r) => expect(r.status).toBe(201));
    // In order (the page lists the oldest first), a few at a time.
    for (let n = 1; n <= 501; n += 20) await Promise.all(Array.from({ length: Math.min(20, 502 - n) }, (_, i) => send(n + i)));

    const admin = await newPage(browser, server, noJs, "es");
    await login(admin, process.env.E2E_ADMIN_PASSWORD!, "es");
    await admin.goto("/admin/wishes");
    const pending = admin.getByRole("region", { name: "Por revisar (501)" });
    await expect(pending.getByText("Mensaje número 500", { exact: true })).toBeVisible();
    await expect(pending.getByText("Mensaje número 501", { exact: true })).toHaveCount(0);
    await pending.getByRole("navigation", { name: "Páginas de mensajes por revisar" }).getByRole("link", { name: "Siguiente" }).click();
    await expect(admin).toHaveURL(/[?&]page=2\b/);
    await expect(pending.getByText("Mensaje número 501", { exact: true })).toBeVisible();
    await expect(pending.getByText("Página 2 de 2")).toBeVisible();

    await pending.getByRole("button", { name: "Rechazar todos los mensajes por revisar" }).click();
    // With JavaScript a dialog asks; without, a page of its own.
    const question = noJs ? admin.getByRole("alertdialog") : admin.getByRole("dialog");
    await expect(question).toContainText("¿Rechazar todos los mensajes por revisar?");
    await question.getByRole("button", { name: "Sí, eliminar" }).click();
    await expect(admin.getByText("501 mensajes rechazados").first()).toBeAttached();
    await admin.goto("/admin/wishes");
    await expect(admin.getByRole("region", { name: "Por revisar (0)" })).toContainText("No hay mensajes por revisar.");
    await admin.context().close();
  });
});

test.describe("a worker killed in the middle of an upload @js-only", () => {
  let server: Server;
  test.beforeAll(async () => {
    server = await startServer({ WEB_CONCURRENCY: "2" });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  /** The primary's children that serve (Linux /proc). */
  function workerPids(): number[] {
    const pids: number[] = [];
    for (const entry of fs.readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
        if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === server.pid) pids.push(Number(entry));
      } catch {
        /* ended meanwhile */
      }
    }
    return pids;
  }

  test("leaves no temporary file once its replacement has started", async () => {
    test.setTimeout(60_000);
    const login = await fetch(`${server.baseURL}/admin`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseURL },
      body: new URLSearchParams({ intent: "login", password: process.env.E2E_ADMIN_PASSWORD! }).toString(),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(cookie).toContain("=");
    await expect.poll(() => workerPids().length, { timeout: 15_000 }).toBe(2);

    // A hero video sent slowly: its head (an MP4's ftyp box) and 8 MB of 30, then the client waits.
    const boundary = "----ceilings";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nuploadMedia\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="slot"\r\n\r\nheroVideo\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="boda.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
    const ftyp = Buffer.alloc(24);
    ftyp.writeUInt32BE(24, 0);
    ftyp.write("ftypisom", 4, "latin1");
    ftyp.write("isommp41", 16, "latin1");
    const total = head.length + 30 * 1024 * 1024;
    const request = http.request(`${server.baseURL}/admin/content/media`, {
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, "Content-Length": String(total), Cookie: cookie, Origin: server.baseURL },
    });
    request.on("error", () => {}); // the worker dies under it
    request.write(head);
    request.write(ftyp);
    for (let i = 0; i < 8; i++) request.write(Buffer.alloc(1024 * 1024, i));

    const uploads = path.join(server.dataDir, "uploads");
    const temps = () => filesIn(uploads).filter((f) => f.endsWith(".tmp"));
    await expect.poll(temps, { timeout: 15_000 }).toHaveLength(1);

    const before = workerPids();
    for (const pid of before) process.kill(pid, "SIGKILL");
    // Both replaced (new processes), then the dead workers' temporary file is gone.
    await expect.poll(() => workerPids().filter((pid) => !before.includes(pid)).length, { timeout: 15_000 }).toBe(2);
    await expect.poll(temps, { timeout: 15_000 }).toEqual([]);
    request.destroy();
    expect((await fetch(`${server.baseURL}/healthz`)).status).toBe(200);
  });
});
