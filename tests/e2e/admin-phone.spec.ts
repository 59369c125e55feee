import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expectNoSeriousA11yViolations } from "./axe";
import { baseURL, chooseLanguage, expect, jsDisabled, login, openSection, test } from "./fixtures";

/**
 * The admin on a phone: every screen fits the width (no sideways scrolling), the panel's links all
 * reachable with the current one marked, the invitations' buttons within reach, no music, long
 * file names readable, and a new invitation's code in view.
 */
const PASSWORD = process.env.E2E_ADMIN_PASSWORD!;
const PHONES = [
  { width: 390, height: 844 },
  { width: 360, height: 800 },
];

const panelNav = (page: Page) => page.getByRole("navigation", { name: "Secciones del panel" });

/** Every admin screen (Correos only shows when the site sends e-mail, which the test server does not), with its tab. */
const SCREENS = [
  { path: "/admin", tab: "Estadísticas" },
  { path: "/admin/invitations", tab: "Invitaciones" },
  { path: "/admin/create", tab: "Crear" },
  { path: "/admin/gallery", tab: "Galería" },
  { path: "/admin/wishes", tab: null },
  { path: "/admin/reminders", tab: null },
  { path: "/admin/review", tab: /^Por revisar/ },
  { path: "/admin/content", tab: "Contenido" },
  { path: "/admin/backups", tab: "Copia de seguridad" },
  ...["couple", "story", "info", "accommodation", "quotes", "media", "gifts", "faq"].map((s) => ({ path: `/admin/content/${s}`, tab: "Contenido" })),
];

const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** At least one row in 'Historial' (its table is what widened the page): 'Alojamiento' saved as it is. */
async function oneContentSave(page: Page) {
  await page.goto("/admin/content/accommodation");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByText("Contenido guardado").first()).toBeAttached();
}

for (const viewport of PHONES) {
  test.describe(`admin at ${viewport.width} px`, () => {
    test.use({ viewport, isMobile: true, hasTouch: true });

    test("no screen scrolls sideways; every panel link is within the width and the current one is marked", async ({ page, data }) => {
      test.setTimeout(120_000);
      await data.createInvitation({
        primaryGuest: `Maximiliano Alejandro de la Santísima Trinidad ${Date.now()}`,
        maxGuests: 4,
        confirmedGuests: ["Acompañante Con Un Nombre Bastante Largo"],
      });
      await login(page);
      await oneContentSave(page);
      for (const screen of SCREENS) {
        await page.goto(screen.path);
        const nav = panelNav(page);
        await expect(nav).toBeVisible();
        expect(await sidewaysScroll(page), `${screen.path} scrolls sideways`).toBeLessThanOrEqual(0);
        for (const link of await nav.getByRole("link").all()) {
          await expect(link).toBeInViewport();
          const box = (await link.boundingBox())!;
          expect(box.x, `${await link.textContent()} on ${screen.path}`).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width, `${await link.textContent()} on ${screen.path}`).toBeLessThanOrEqual(viewport.width);
        }
        if (screen.tab) await expect(nav.getByRole("link", { name: screen.tab })).toHaveAttribute("aria-current", "page");
        else await expect(nav.locator("[aria-current='page']")).toHaveCount(0);
      }
      await page.goto("/admin/content");
      await expect(page.getByRole("heading", { level: 2, name: "Historial" })).toBeVisible();
      // 'Restaurar' within the width, not in a part of the table scrolled out of sight.
      const restore = page.getByRole("button", { name: /^Restaurar Alojamiento/ }).first();
      expect(await restore.evaluate((e) => e.getBoundingClientRect().right)).toBeLessThanOrEqual(viewport.width);
    });

    test("Invitaciones: each invitation's 'Editar' and 'Compartir' are within the width, and 'Compartir' opens", async ({ page, data }) => {
      const inv = await data.createInvitation({ primaryGuest: `Tarjeta ${viewport.width} ${Date.now()}`, maxGuests: 2 });
      await login(page);
      await page.goto(`/admin/invitations?q=${encodeURIComponent(inv.primaryGuest)}`);
      const edit = page.getByRole("link", { name: `Editar invitación de ${inv.primaryGuest}` });
      const share = page.getByText("Compartir", { exact: true }).first();
      // Where each one is as the page opens, before anything scrolls (a table frame scrolled sideways would hide the problem).
      for (const control of [edit, share]) {
        const [left, right] = await control.evaluate((e) => [e.getBoundingClientRect().left, e.getBoundingClientRect().right]);
        expect(left).toBeGreaterThanOrEqual(0);
        expect(right).toBeLessThanOrEqual(viewport.width);
      }
      await share.click();
      await expect(page.getByRole("group", { name: new RegExp(inv.primaryGuest) }).getByRole("textbox")).toHaveValue(new RegExp(`${inv.code}$`));
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    });

    test("after 'Crear Invitación' the new code is on the screen", async ({ page, data }) => {
      await login(page);
      await panelNav(page).getByRole("link", { name: "Crear" }).click();
      const name = `Código visible ${viewport.width} ${Date.now()}`;
      await page.getByLabel("Invitado Principal").fill(name);
      await page.getByRole("button", { name: "Crear Invitación" }).click();
      const created = page.getByRole("region", { name: new RegExp(name) });
      await expect(created).toBeVisible();
      const [row] = await data.invitationsNamed(name);
      data.trackInvitation(row.id);
      const code = created.getByText(row.code, { exact: true });
      await expect(code).toBeInViewport();
      // In view and on top: neither the toast nor the sticky header covers it.
      await expect
        .poll(() =>
          code.evaluate((e) => {
            const r = e.getBoundingClientRect();
            return e.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
          }),
        )
        .toBe(true);
    });
  });
}

/** The result of 'Crear Invitación' in each language: what the test reads and types. */
const CREATE_TEXTS = {
  es: {
    password: "Contraseña",
    signIn: "Acceder",
    panel: "Panel de Administración",
    nav: "Secciones del panel",
    tab: "Crear",
    name: "Invitado Principal",
    submit: "Crear Invitación",
    toast: "Invitación creada exitosamente",
    link: "Enlace personal",
    copy: "Copiar enlace",
    share: "Compartir",
    whatsApp: "Enviar por WhatsApp",
  },
  en: {
    password: "Password",
    signIn: "Sign in",
    panel: "Admin Panel",
    nav: "Panel sections",
    tab: "Create",
    name: "Primary Guest",
    submit: "Create Invitation",
    toast: "Invitation created successfully",
    link: "Personal link",
    copy: "Copy link",
    share: "Share",
    whatsApp: "Send via WhatsApp",
  },
} as const;

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe("after 'Crear Invitación' on a 390 × 844 phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  for (const lang of ["es", "en"] as const) {
    test(`the code, the full personal link and 'Compartir' are in view, not under the notification (${lang})`, async ({ page, data }, testInfo) => {
      const texts = CREATE_TEXTS[lang];
      const js = !jsDisabled(testInfo);
      // A phone's share sheet (the Web Share API; Chromium on Linux has none): what it was given is kept.
      if (js)
        await page.addInitScript(() =>
          Object.assign(navigator, { share: async (shared: ShareData) => void ((window as unknown as { shared: ShareData }).shared = shared) }),
        );
      await chooseLanguage(page, lang);
      await page.goto("/admin/create");
      await page.getByLabel(texts.password, { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: texts.signIn }).click();
      await expect(page.getByRole("heading", { name: texts.panel, exact: true })).toBeVisible();
      const name = `Resultado ${lang} ${Date.now()}`;
      await page.getByLabel(texts.name).fill(name);
      await page.getByRole("button", { name: texts.submit }).click();

      const result = page.getByRole("region", { name: new RegExp(name) });
      await expect(result).toBeVisible();
      const [row] = await data.invitationsNamed(name);
      data.trackInvitation(row.id);
      const link = result.getByLabel(texts.link);
      await expect(link).toHaveValue(new RegExp(`^https?://[^/]+/i/${row.code}$`));
      const code = result.getByText(row.code, { exact: true });
      const share = js ? result.getByRole("button", { name: texts.share, exact: true }) : result.getByRole("link", { name: texts.whatsApp });
      const controls = js ? [code, link, result.getByRole("button", { name: texts.copy }), share] : [code, link, share];
      if (js) await expect(result.getByRole("heading")).toBeFocused();

      // The notification: the toast with JavaScript, the flash message on the page without.
      const notice = page.getByText(texts.toast).filter({ visible: true }).first();
      await expect(notice).toBeAttached();
      for (const control of controls) {
        await expect(control).toBeInViewport({ ratio: 1 });
        const box = (await control.boundingBox())!;
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height).toBeLessThanOrEqual(844);
        const noticeBox = await notice.boundingBox();
        if (noticeBox) expect(overlaps(box, noticeBox), `${await control.textContent()} under the notification`).toBe(false);
      }
      if (js) {
        // axe runs as a script: only where the page has them.
        await expectNoSeriousA11yViolations(page, `/admin/create's result (${lang})`);
        await share.click();
        await expect.poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData }).shared?.url)).toMatch(new RegExp(`/i/${row.code}$`));
      } else {
        await expect(share).toHaveAttribute("href", new RegExp(`^https://wa\\.me/\\?text=.*${row.code}`));
      }
    });
  }
});

test.describe("admin on a phone, no music", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("a tap in the admin starts no music and no music hint is shown @js-only", async ({ page }) => {
    await login(page);
    await page.goto("/admin/review");
    await page.getByRole("heading", { name: "Panel de Administración", exact: true }).click();
    await expect(page.getByRole("region", { name: "Música de fondo" })).toHaveCount(0);
    await expect(page.getByText(/Toca cualquier parte de la página/)).toHaveCount(0);
    const playing = await page.evaluate(() => [...document.querySelectorAll("audio")].some((a) => !a.paused));
    expect(playing).toBe(false);
    // The guests' site still has it.
    await page.goto("/");
    await expect(page.getByRole("region", { name: "Música de fondo" })).toBeAttached();
  });
});

/** How many characters a line of the element's text holds, on average (one line box per rectangle). */
const charsPerLine = (page: Page, text: string) =>
  page.evaluate((wanted) => {
    const el = [...document.querySelectorAll("li span")].find((e) => e.textContent === wanted);
    if (!el) return 0;
    const range = document.createRange();
    range.selectNodeContents(el);
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    return wanted.length / lines;
  }, text);

test.describe("upload result on a phone", () => {
  test.use({ viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true });

  test("a long file name wraps in lines of many characters, never one or two", async ({ page, data }, testInfo) => {
    const noJs = jsDisabled(testInfo);
    // A section whose photos wait for approval: each line's result is the longest text ('Se publicará cuando…').
    const response = await page.request.post(`${baseURL()}/api/gallery/sections`, {
      headers: { Authorization: `Bearer ${process.env.E2E_ADMIN_API_TOKEN}` },
      data: { name: `Nombres largos ${Date.now()}`, allow_upload: true, is_active: true, review_uploads: true },
    });
    expect(response.status()).toBe(201);
    const section = (await response.json()) as { id: number; name: string };
    data.trackSection(section.id);
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#a07050" } })
      .jpeg()
      .toBuffer();
    const long = (c: string) => `${c.repeat(116)}.jpg`;
    const files = [long("a"), long("b")].map((name) => ({ name, mimeType: "image/jpeg", buffer: photo }));
    const scope = await openSection(page, section.name, noJs);
    await scope.getByLabel("Tu nombre").fill("Prima Lejana");
    if (noJs) {
      await scope.getByLabel("Elegir una foto").setInputFiles(files);
    } else {
      const chooser = page.waitForEvent("filechooser");
      await scope.getByRole("button", { name: "Subir foto" }).click();
      await (await chooser).setFiles(files);
    }
    await scope.getByRole("button", { name: "Confirmar subida" }).click();
    await expect(scope.getByRole("listitem").filter({ hasText: files[0].name })).toContainText("Se publicará cuando los novios la aprueben");
    for (const file of files) expect(await charsPerLine(page, file.name)).toBeGreaterThanOrEqual(8);
  });
});
