import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, TestInfo } from "@playwright/test";
import { expect, jsDisabled, startServer, TestData, test } from "./fixtures";

// The SERVER's clock decides the season: each season runs on a server of its own whose
// WEDDING_DATE and RSVP_DEADLINE are set relative to now.
const DAY = 24 * 60 * 60 * 1000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
/** The long date the page shows for an instant (in the wedding's time zone). */
const longDate = (instant: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "America/Panama" }).format(new Date(instant));

type Server = Awaited<ReturnType<typeof startServer>>;

async function openPage(server: Server, browser: Browser, testInfo: TestInfo, locale = "es-ES") {
  const context = await browser.newContext({ baseURL: server.baseURL, locale, javaScriptEnabled: !jsDisabled(testInfo) });
  return { context, page: await context.newPage() };
}

test.describe("after the RSVP deadline, before the wedding", () => {
  const env = { WEDDING_DATE: iso(20 * DAY), RSVP_DEADLINE: iso(-DAY) };
  let server: Server;
  let databaseDir: string;
  let answered: { code: string };
  test.beforeAll(async () => {
    // A guest answered while confirmations were open: the same database is served first with the
    // deadline ahead, the guests confirm, then the site runs past its deadline.
    databaseDir = fs.mkdtempSync(path.join(os.tmpdir(), "wedding-e2e-seasons-"));
    const database = { DATABASE_PATH: path.join(databaseDir, "wedding.sqlite") };
    const open = await startServer({ ...env, RSVP_DEADLINE: iso(DAY), ...database });
    try {
      answered = await new TestData(open).createInvitation({ primaryGuest: "Lucía Pérez", maxGuests: 2, confirmedGuests: ["Mario Pérez"] });
    } finally {
      await open.stop();
    }
    server = await startServer({ ...env, ...database });
  });
  test.afterAll(async () => {
    await server?.stop();
    if (databaseDir) fs.rmSync(databaseDir, { recursive: true, force: true });
  });

  test("the hero and the RSVP section say confirmations are closed, with the date, and lead to no form", async ({ browser }, testInfo) => {
    for (const [locale, texts] of [
      ["es-ES", { note: "Las confirmaciones se cerraron el", button: "Confirmaciones cerradas", cta: "Confirmar asistencia", rsvp: "Confirmar Asistencia" }],
      ["en-US", { note: "Confirmations closed on", button: "Confirmations closed", cta: "Confirm attendance", rsvp: "Confirm Attendance" }],
    ] as const) {
      const { context, page } = await openPage(server, browser, testInfo, locale);
      await page.goto("/");
      const hero = page.getByRole("region", { name: "Valeria & Sebastián" });
      await expect(hero.getByText(`${texts.note} ${longDate(env.RSVP_DEADLINE, locale)}.`)).toBeVisible();
      await expect(hero.getByRole("link", { name: texts.cta })).toHaveCount(0);
      // The countdown still runs towards the wedding.
      await expect(hero.getByRole("timer")).toBeVisible();
      const rsvp = page.locator(".rsvp-section");
      await expect(rsvp.getByText(new RegExp(`${texts.note} ${longDate(env.RSVP_DEADLINE, locale)}`))).toBeVisible();
      await expect(rsvp.getByRole("button", { name: texts.button })).toBeDisabled();
      await expect(page.getByRole("main").getByRole("link", { name: texts.rsvp })).toHaveCount(0);
      await context.close();
    }
  });

  test("/confirm keeps the spec's expired view", async ({ browser }, testInfo) => {
    const { context, page } = await openPage(server, browser, testInfo);
    await page.goto("/confirm");
    await expect(page.getByRole("heading", { name: "Confirmaciones cerradas" })).toBeVisible();
    await expect(page.getByText("Si tienes alguna consulta, por favor contáctanos directamente.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Volver al Inicio" })).toBeVisible();
    await expect(page.getByLabel("Código de Invitación")).toHaveCount(0);
    await context.close();
  });

  test("a guest who answered still sees the answer", async ({ browser }, testInfo) => {
    const invitation = answered;
    const { context, page } = await openPage(server, browser, testInfo);
    // The code was stored before the deadline (as the code form does).
    expect((await page.request.post("/confirm", { form: { intent: "verify", code: invitation.code } })).ok()).toBe(true);
    await page.goto("/");
    await expect(page.getByRole("region", { name: "Valeria & Sebastián" }).getByText("Ya confirmaste tu asistencia. ¡Gracias!")).toBeVisible();
    await expect(page.locator(".rsvp-section").getByRole("button", { name: "Asistencia ya confirmada" })).toBeDisabled();
    await page.goto("/confirm");
    await expect(page.getByRole("heading", { name: "¡Asistencia Confirmada!" })).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "Mario Pérez" })).toBeVisible();
    await context.close();
  });
});

test.describe("on the wedding day", () => {
  let server: Server;
  let later: Server;
  test.beforeAll(async () => {
    // Began a minute ago (today at the venue, unless this runs in the minute after midnight there).
    server = await startServer({ WEDDING_DATE: iso(-60_000), RSVP_DEADLINE: iso(-30 * DAY) });
    // SITE_AFTER_WEDDING_DAYS moves the turn to thanks: three days after, with 7, it is still the big day.
    later = await startServer({ WEDDING_DATE: iso(-3 * DAY), RSVP_DEADLINE: iso(-30 * DAY), SITE_AFTER_WEDDING_DAYS: "7" });
  });
  test.afterAll(async () => {
    await server?.stop();
    await later?.stop();
  });

  test("the hero shows the spec's countdown message, in both languages", async ({ browser }, testInfo) => {
    for (const s of [server, later]) {
      for (const [locale, message, thanks] of [
        ["es-ES", "¡Hoy es el gran día!", "¡Gracias por acompañarnos!"],
        ["en-US", "Today is the big day!", "Thank you for celebrating with us!"],
      ]) {
        const { context, page } = await openPage(s, browser, testInfo, locale);
        await page.goto("/");
        await expect(page.getByText(message)).toBeVisible();
        await expect(page.getByRole("timer")).toHaveCount(0);
        await expect(page.getByText(thanks)).toHaveCount(0);
        await context.close();
      }
    }
  });
});

test.describe("after the wedding", () => {
  let server: Server;
  test.beforeAll(async () => {
    server = await startServer({ WEDDING_DATE: iso(-3 * DAY), RSVP_DEADLINE: iso(-30 * DAY) });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("the hero thanks the guests and asks for their photos; the countdown and the RSVP step aside; the story and information stay", async ({
    browser,
  }, testInfo) => {
    for (const [locale, texts] of [
      [
        "es-ES",
        {
          thanks: "¡Gracias por acompañarnos!",
          share: "Comparte tus fotos",
          story: "Nuestra Historia",
          info: "Información Importante",
          rsvp: "Confirma tu Asistencia",
        },
      ],
      [
        "en-US",
        {
          thanks: "Thank you for celebrating with us!",
          share: "Share your photos",
          story: "Our Story",
          info: "Important Information",
          rsvp: "Confirm your Attendance",
        },
      ],
    ] as const) {
      const { context, page } = await openPage(server, browser, testInfo, locale);
      await page.goto("/");
      const hero = page.getByRole("region", { name: "Valeria & Sebastián" });
      await expect(hero.getByText(texts.thanks)).toBeVisible();
      await expect(page.getByRole("timer")).toHaveCount(0);
      await expect(page.getByText(/¡Hoy es el gran día!|Today is the big day!/)).toHaveCount(0);
      await expect(page.getByRole("heading", { name: texts.rsvp })).toHaveCount(0);
      await expect(page.getByRole("heading", { level: 2, name: texts.story })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: texts.info })).toBeVisible();
      await hero.getByRole("link", { name: texts.share }).click();
      await expect(page).toHaveURL(/\/gallery$/);
      await context.close();
    }
  });
});
