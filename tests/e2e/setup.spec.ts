import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { Browser } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { expect, jsDisabled, startServer, test } from "./fixtures";

/**
 * The first run in the browser: a site started with no admin password prints a one-time
 * /setup?token=… link; the couple opens it, names themselves, sets the dates and the password, and
 * lands in the panel signed in. Each test starts a server of its own (no ADMIN_PASSWORD, the dates
 * left to Contenido) and reads the link from that server's own start output.
 */

type Server = Awaited<ReturnType<typeof startServer>>;

/** Our own server's start notice holds the link. */
function setupLink(server: Server): string {
  const match = /http:\/\/\S+\/setup\?token=[A-Za-z0-9_-]+/.exec(server.output());
  if (!match) throw new Error(`no setup link in the start output:\n${server.output()}`);
  return match[0];
}

/**
 * A GET on a connection of its own (fetch keeps one connection alive, which one worker holds): the
 * cluster hands each new connection to the next worker, so a few of these reach every worker.
 */
function getOnNewConnection(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on("error", reject);
  });
}

const FRESH_SITE = { ADMIN_PASSWORD: "", SEED_DEMO_DATA: "1", WEDDING_DATE: "", RSVP_DEADLINE: "" };

async function freshSite(env: Record<string, string> = {}): Promise<Server> {
  return startServer({ ...FRESH_SITE, ...env });
}

async function browse(browser: Browser, server: Server, language: "es" | "en", noJs: boolean) {
  const context = await browser.newContext({ baseURL: server.baseURL, javaScriptEnabled: !noJs, viewport: { width: 390, height: 844 } });
  if (language === "en") {
    await context.addCookies([{ name: "lng", value: Buffer.from(JSON.stringify("en")).toString("base64"), url: server.baseURL }]);
  }
  return context;
}

/** The guest list as the admin's API sees it. */
async function invitationNames(server: Server): Promise<string[]> {
  const res = await fetch(`${server.baseURL}/api/invitations`, { headers: { Authorization: `Bearer ${process.env.E2E_ADMIN_API_TOKEN}` } });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { invitations?: { primaryGuest: string }[] } | { primaryGuest: string }[];
  const list = Array.isArray(body) ? body : (body.invitations ?? []);
  return list.map((i) => i.primaryGuest);
}

const ES = {
  title: "Configura tu sitio",
  names: "Nombres de la pareja",
  wedding: "Fecha y hora de la boda",
  deadline: "Fecha límite para confirmar",
  password: "Contraseña del panel",
  confirm: "Repite la contraseña",
  demo: "Empezar con contenido de ejemplo",
  submit: "Crear mi sitio",
  mismatch: "Las contraseñas no coinciden.",
  short: "La contraseña debe tener al menos 10 caracteres.",
};
const EN = {
  title: "Set up your site",
  names: "The couple's names",
  wedding: "Wedding date and time",
  deadline: "RSVP deadline",
  password: "Admin panel password",
  confirm: "Repeat the password",
  demo: "Start with sample content",
  submit: "Create my site",
  mismatch: "The passwords do not match.",
  short: "The password must be at least 10 characters.",
};

test.describe("first-run setup", () => {
  test.describe.configure({ timeout: 120_000 });

  for (const language of ["es", "en"] as const) {
    const t = language === "es" ? ES : EN;

    test(`(${language}) a mismatched or short password is refused in the visitor's language and saves nothing; then the site is set up, demo off: signed in, names on the home page, an empty guest list`, async ({
      browser,
    }, testInfo) => {
      const server = await freshSite();
      const context = await browse(browser, server, language, jsDisabled(testInfo));
      const page = await context.newPage();
      try {
        await page.goto(setupLink(server));
        await expect(page.getByRole("heading", { level: 1, name: t.title })).toBeVisible();
        // A phone's width: nothing wider than the screen; every control at least 44 px high.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        for (const control of await page.locator("form#setup input:not([type=hidden]), form#setup select, form#setup button").all()) {
          const target = (await control.evaluate((el) => (el.closest("label") ?? el).getBoundingClientRect().height)) as number;
          expect(target).toBeGreaterThanOrEqual(44);
        }
        // axe runs as a script in the page: the js project checks it (the server's markup is the same without).
        if (!jsDisabled(testInfo)) await expectNoSeriousA11yViolations(page, `setup (${language})`);
        await page.getByLabel(t.names).fill("Ana & Luis");
        await page.getByLabel(t.wedding).fill("2031-06-20T18:30");
        await page.getByLabel(t.deadline).fill("2031-05-20T23:59");
        await page.getByLabel(t.password, { exact: true }).fill("una-clave-larga");
        await page.getByLabel(t.confirm).fill("otra-clave-larga");
        // npm start's default (SEED_DEMO_DATA on): ticked; this couple starts empty.
        await expect(page.getByLabel(t.demo)).toBeChecked();
        await page.getByLabel(t.demo).uncheck();
        await page.getByRole("button", { name: t.submit }).click();
        await expect(page.getByText(t.mismatch)).toBeVisible();
        expect(new URL(page.url()).pathname).toBe("/setup");

        await page.getByLabel(t.password, { exact: true }).fill("corta");
        await page.getByLabel(t.confirm).fill("corta");
        await page.getByRole("button", { name: t.submit }).click();
        await expect(page.getByText(t.short)).toBeVisible();
        // Nothing saved: the panel still has no password to sign in with, the link still works.
        expect((await fetch(setupLink(server))).status).toBe(200);

        await page.getByLabel(t.names).fill("Ana & Luis");
        await page.getByLabel(t.password, { exact: true }).fill("una-clave-larga");
        await page.getByLabel(t.confirm).fill("una-clave-larga");
        if (await page.getByLabel(t.demo).isChecked()) await page.getByLabel(t.demo).uncheck();
        await page.getByRole("button", { name: t.submit }).click();
        await expect(page).toHaveURL(/\/admin$/);
        await expect(page.getByRole("button", { name: language === "es" ? "Cerrar sesión" : "Log out" })).toBeVisible();

        await page.goto("/");
        await expect(page.getByText("Ana & Luis").first()).toBeVisible();
        expect(await invitationNames(server)).toEqual([]);
        // Spent: the link is now the not-found page.
        expect((await fetch(setupLink(server))).status).toBe(404);
      } finally {
        await context.close();
        await server.stop();
      }
    });
  }

  test("(en) demo on: the demo invitations are there", async ({ browser }, testInfo) => {
    const server = await freshSite();
    const context = await browse(browser, server, "en", jsDisabled(testInfo));
    const page = await context.newPage();
    try {
      expect(await invitationNames(server)).toEqual([]);
      await page.goto(setupLink(server));
      await page.getByLabel(EN.names).fill("Marta & Joan");
      await page.getByLabel(EN.wedding).fill("2031-09-12T17:00");
      await page.getByLabel(EN.deadline).fill("2031-08-01T23:59");
      await page.getByLabel(EN.password, { exact: true }).fill("a-long-password");
      await page.getByLabel(EN.confirm).fill("a-long-password");
      await expect(page.getByLabel(EN.demo)).toBeChecked();
      await page.getByRole("button", { name: EN.submit }).click();
      await expect(page).toHaveURL(/\/admin$/);
      expect((await invitationNames(server)).sort()).toEqual(["Ana García", "Carlos Méndez", "Familia Rodríguez"]);
    } finally {
      await context.close();
      await server.stop();
    }
  });

  test("no token or a wrong one is the not-found page and changes nothing; a second start prints a new link and the old token is refused", async ({
    browser,
  }, testInfo) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wedding-e2e-setup-"));
    const files = { DATABASE_PATH: path.join(dir, "wedding.sqlite"), UPLOADS_DIR: path.join(dir, "uploads") };
    // The cluster (a boot process, then two workers): every worker reads the token's hash boot stored.
    const cluster = { ...files, WEB_CONCURRENCY: "2" };
    let server = await freshSite(cluster);
    const context = await browse(browser, server, "es", jsDisabled(testInfo));
    const page = await context.newPage();
    try {
      const first = setupLink(server);
      const wrong = first.replace(/token=.*/, "token=not-the-token");
      for (const url of [`${server.baseURL}/setup`, wrong]) {
        const res = await page.goto(url);
        expect(res?.status()).toBe(404);
        await expect(page.getByRole("heading", { name: "Página no encontrada" })).toBeVisible();
      }
      // A plain post with a wrong token: 404, nothing set up.
      const body = new URLSearchParams({
        token: "not-the-token",
        names: "Intrusos",
        weddingDate: "2031-06-20T18:30",
        rsvpDeadline: "2031-05-20T23:59",
        password: "una-clave-larga",
        confirmPassword: "una-clave-larga",
      });
      const posted = await fetch(`${server.baseURL}/setup`, { method: "POST", body, redirect: "manual" });
      expect(posted.status).toBe(404);
      expect(posted.headers.get("set-cookie")).toBeNull();
      expect((await fetch(first)).status).toBe(200);

      // A second start: a new link; the first one is refused.
      await server.stop();
      server = await freshSite(cluster);
      const second = setupLink(server).replace(/^http:\/\/[^/]+/, server.baseURL);
      expect(new URL(second).searchParams.get("token")).not.toBe(new URL(first).searchParams.get("token"));
      const old = `${server.baseURL}/setup?${new URL(first).searchParams}`;
      expect((await page.goto(old))?.status()).toBe(404);
      expect((await page.goto(second))?.status()).toBe(200);
      // Every worker knows the new token (and has read the secrets file before setup is done).
      for (let i = 0; i < 4; i++) expect((await getOnNewConnection(second)).status).toBe(200);

      // The plain form post (no script needed) with the new token: 302 to /admin and the session cookie.
      body.set("token", new URL(second).searchParams.get("token")!);
      body.set("names", "Ana & Luis");
      const done = await fetch(`${server.baseURL}/setup`, { method: "POST", body, redirect: "manual" });
      expect(done.status).toBe(302);
      expect(done.headers.get("location")).toBe("/admin");
      const cookie = done.headers.get("set-cookie")!.split(";")[0];
      expect(cookie).toMatch(/\S+=\S+/);
      // The session opens the panel whichever worker answers (each reads the new password's hash).
      for (let i = 0; i < 4; i++) expect((await getOnNewConnection(`${server.baseURL}/admin`, { Cookie: cookie })).body).toContain("Cerrar sesión");
      // Done: the link, GET or POST, is the not-found page (whichever worker answers).
      for (let i = 0; i < 4; i++) expect((await getOnNewConnection(second)).status).toBe(404);
      expect((await fetch(`${server.baseURL}/setup`, { method: "POST", body, redirect: "manual" })).status).toBe(404);
    } finally {
      await context.close();
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

test("a start with ADMIN_PASSWORD prints no setup link and /setup is the not-found page", async () => {
  const server = await startServer({ SEED_DEMO_DATA: "0" });
  try {
    expect(server.output()).not.toContain("/setup?token=");
    expect((await fetch(`${server.baseURL}/setup?token=anything`)).status).toBe(404);
  } finally {
    await server.stop();
  }
});
