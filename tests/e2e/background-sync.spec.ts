import type { Browser, BrowserContext, CDPSession, Locator, Page } from "@playwright/test";
import { expect, jpeg, openSection, seatTables, startServer, TestData, test, workerReady } from "./fixtures";

/**
 * Background Sync for the phone's upload queue (decision 0071), in Chromium: a page asks for a
 * one-off sync when it queues a file, and the service worker sends what waits when the sync fires,
 * whether or not a page of the site is open. The test fires the sync itself through the Chrome
 * DevTools Protocol, as the browser does when the connection returns. "No signal" is the test's own
 * server stopped (as in offline.spec.ts: every request the page or its worker makes then fails);
 * "the signal returns" is the same server started again on the same address and data.
 */
test.describe.configure({ mode: "serial" });
// The rest of the suite blocks service workers (playwright.config.ts); these tests are about one.
test.use({ serviceWorkers: "allow" });

type Server = Awaited<ReturnType<typeof startServer>>;
const SYNC_TAG = "upload-queue";

async function newContext(browser: Browser, server: Server): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext({ baseURL: server.baseURL, locale: "es-ES", serviceWorkers: "allow" });
  await ctx.addCookies([{ name: "lng", value: Buffer.from(JSON.stringify("es")).toString("base64"), url: server.baseURL }]);
  return { ctx, page: await ctx.newPage() };
}

/** The server gone at once (its data kept; a graceful stop would wait for the browser's open connections): nothing answers at its address. */
async function signalGone(server: Server) {
  server.kill("SIGKILL");
  await expect
    .poll(() =>
      fetch(`${server.baseURL}/healthz`).then(
        () => "up",
        () => "down",
      ),
    )
    .toBe("down");
}

/** The same server started again on the same address, with the same database and photos. */
const signalBack = (server: Server) =>
  startServer({ PORT: new URL(server.baseURL).port, DATABASE_PATH: `${server.dataDir}/wedding.sqlite`, UPLOADS_DIR: `${server.dataDir}/uploads` });

/** Fires the site's upload sync through DevTools (as the browser does when it has a connection again); `page` may be about:blank. */
async function syncFirer(ctx: BrowserContext, page: Page, origin: string) {
  const cdp: CDPSession = await ctx.newCDPSession(page);
  const registration = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const found = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(origin));
      if (found) resolve(found.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  const registrationId = await registration;
  return () => cdp.send("ServiceWorker.dispatchSyncEvent", { origin, registrationId, tag: SYNC_TAG, lastChance: false });
}

/**
 * The next outcome the service worker tells the site's pages (its BroadcastChannel), heard inside
 * the worker itself: no page of the site needs to be open. Resolves once the worker has tried a file.
 */
async function nextWorkerOutcome(ctx: BrowserContext): Promise<{ heard: Promise<string> }> {
  const worker = ctx.serviceWorkers()[0] ?? (await ctx.waitForEvent("serviceworker"));
  const heard = worker.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const channel = new BroadcastChannel("wedding-upload-queue");
        channel.onmessage = (event: MessageEvent<{ outcome?: { kind: string } }>) => {
          if (!event.data.outcome) return;
          channel.close();
          resolve(event.data.outcome.kind);
        };
      }),
  );
  // The listener is in place once this returns.
  await worker.evaluate(() => true);
  return { heard };
}

/** The section's media names as the admin's API lists them. */
const mediaNames = async (data: TestData, id: number) => ((await data.section(id))?.media ?? []).map((m) => m.name).sort();

async function chooseAndSend(page: Page, scope: Locator, name: string) {
  const chooser = page.waitForEvent("filechooser");
  await scope.getByRole("button", { name: "Subir foto" }).click();
  await (await chooser).setFiles({ name, mimeType: "image/jpeg", buffer: await jpeg(640, 480) });
  await scope.getByRole("button", { name: "Confirmar subida" }).click();
}

test("a photo queued without signal, every page of the site closed: the sync fired offline keeps it, fired online sends it once @js-only", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const first = await startServer({});
  let again: Server | null = null;
  try {
    const section = await new TestData(first).createSection({ name: "Sin señal y sin pestaña" });
    const { ctx, page } = await newContext(browser, first);
    await page.goto("/gallery");
    await workerReady(page);
    const scope = await openSection(page, section.name, false);
    await scope.getByLabel("Tu nombre").fill("Prima Sol");

    await signalGone(first);
    await chooseAndSend(page, scope, "sin-pestana.jpg");
    await expect(scope.getByRole("status").filter({ hasText: "Esperando conexión (1)" })).toBeVisible();
    await page.close();

    // Only a blank page is left: nothing of the site runs but its service worker.
    const blank = await ctx.newPage();
    expect(ctx.pages().map((p) => p.url())).toEqual(["about:blank"]);
    const fireSync = await syncFirer(ctx, blank, first.baseURL);

    // Still no signal: the worker tries, finds none, and keeps the photo (the browser syncs again later).
    const offline = await nextWorkerOutcome(ctx);
    await fireSync();
    expect(await offline.heard).toBe("offline");

    again = await signalBack(first);
    const data = new TestData(again);
    expect(await mediaNames(data, section.id)).toEqual([]);

    // The signal is back: the sync sends it, with no page of the site open.
    const online = await nextWorkerOutcome(ctx);
    await fireSync();
    expect(await online.heard).toBe("stored");
    expect(await mediaNames(data, section.id)).toEqual(["sin-pestana.jpg"]);
    expect(ctx.pages().map((p) => p.url())).toEqual(["about:blank"]);

    // Another sync, and the gallery opened again: nothing waits, nothing is sent twice.
    await fireSync();
    await blank.goto("/gallery");
    await expect(blank.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(blank.getByRole("list", { name: "Fotos y vídeos por enviar" })).toHaveCount(0);
    await expect(blank.getByText(/Esperando conexión/)).toHaveCount(0);
    expect(await mediaNames(data, section.id)).toEqual(["sin-pestana.jpg"]);
    await ctx.close();
  } finally {
    await again?.stop();
    await first.stop();
  }
});

test("a table's page left open: the sync waits for the queue's lock, sends its photo to its table, and the page's list says 'Enviada' without a reload @js-only", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const server = await startServer({});
  try {
    const data = new TestData(server);
    const section = await data.createSection({ name: "Fotos de las mesas (sync)" });
    const [azucena, lirio] = await seatTables(server, [
      { name: "Azucena", people: [] },
      { name: "Lirio", people: [] },
    ]);
    const { ctx, page } = await newContext(browser, server);
    await page.goto("/admin");
    await page.getByLabel("Contraseña", { exact: true }).fill("e2e-admin-password");
    await page.getByRole("button", { name: "Acceder" }).click();
    await expect(page.getByRole("navigation", { name: "Secciones del panel" })).toBeVisible();
    await page.goto("/admin/tables/print");
    await page.getByLabel("Sección para las fotos de las mesas").selectOption({ label: section.name });
    await page.getByRole("button", { name: "Guardar sección" }).click();
    await expect(page.getByText("Sección guardada.").filter({ visible: true }).first()).toBeVisible();

    await page.clock.install();
    await page.goto(`/mesa/${azucena}`);
    await workerReady(page);
    // The page's clock stands still: its own retries (on a timer) never look at the queue again, so
    // only the worker's news can change its list.
    await page.clock.pauseAt(Date.now() + 1000);
    // This page's own sends never get through (its requests only: the worker's are its own);
    // whatever arrives was sent by the worker.
    await page.route(/\/api\/tables\/[^/]+\/media$/, (route) => route.abort("internetdisconnected"));
    // A sender of the site holds the queue's lock (as this page's own sender does while it sends).
    await page.evaluate(
      (lock) =>
        new Promise<void>((granted) => {
          void navigator.locks.request(lock, () => {
            granted();
            return new Promise<void>((release) => ((window as unknown as { releaseQueue: () => void }).releaseQueue = release));
          });
        }),
      "wedding-upload-queue",
    );
    const upload = page.getByRole("region", { name: "Sube tus fotos" });
    await upload.getByLabel("Tu nombre").fill("Tío Nardo");
    await upload.getByLabel("Elegir una foto").setInputFiles({ name: "azucena.jpg", mimeType: "image/jpeg", buffer: await jpeg(640, 480) });
    await upload.getByRole("button", { name: "Confirmar subida" }).click();
    const line = upload.getByRole("list", { name: "Fotos y vídeos por enviar" }).getByRole("listitem").filter({ hasText: "azucena.jpg" });
    await expect(line).toContainText("En espera");

    // The sync fires: the worker waits for the lock, and sends nothing meanwhile.
    const fireSync = await syncFirer(ctx, page, server.baseURL);
    await fireSync();
    await expect.poll(() => page.evaluate(async () => (await navigator.locks.query()).pending?.length ?? 0)).toBeGreaterThan(0);
    expect((await data.section(section.id))?.media ?? []).toEqual([]);
    await page.evaluate(() => (window as unknown as { releaseQueue: () => void }).releaseQueue());

    await expect(line).toContainText("Enviada");
    await expect(upload.getByText(/Esperando conexión/)).toHaveCount(0);
    const slideshow = async (token: string) =>
      ((await (await page.request.get(`/slideshow.json?table=${token}`)).json()) as { photos: { uploader_name: string }[] }).photos.map((p) => p.uploader_name);
    expect(await slideshow(azucena)).toEqual(["Tío Nardo"]);
    expect(await slideshow(lirio)).toEqual([]);
    expect((await data.section(section.id))?.media.map((m) => m.name)).toEqual(["azucena.jpg"]);
    await ctx.close();
  } finally {
    await server.stop();
  }
});
