import type { Browser, Page, TestInfo } from "@playwright/test";
import { a11yPage, expectNoSeriousA11yViolations } from "./axe";
import { baseURL, expect, jsDisabled, startServer, test } from "./fixtures";

// The e2e server's dates (playwright.config.ts).
const WEDDING = new Date("2031-01-17T16:00:00-05:00");

const SECTION_HEADINGS_ES = ["Palabras que nos inspiran", "Nuestra Historia", "Información Importante", "Ubicación", "Alojamiento", "Confirma tu Asistencia"];
const SECTION_HEADINGS_EN = ["Words that inspire us", "Our Story", "Important Information", "Location", "Accommodation", "Confirm your Attendance"];

/** The level-2 headings of the page, in document order. */
const h2s = (page: Page) => page.getByRole("main").getByRole("heading", { level: 2 }).allTextContents();
const countdownValues = (page: Page) => page.getByRole("timer").getByText(/^\d+$/).allTextContents();

/** Stores an invitation code for this browser the way a guest does: through /confirm. */
async function storeCode(page: Page, invitation: { code: string; primaryGuest: string }) {
  await page.goto("/confirm");
  await page.getByLabel("Código de Invitación").fill(invitation.code);
  await page.getByRole("button", { name: "Verificar Código" }).click();
  await expect(page.getByRole("heading", { name: new RegExp(`Hola, ${invitation.primaryGuest}|¡Asistencia Confirmada!`) })).toBeVisible();
}

/** "4:30 p. m." as a pattern that accepts any kind of space Intl puts in it. */
const spaced = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\!¡]/g, "\\$&").replace(/ /g, "\\s"));

test.describe("home page (es)", () => {
  test("has the seven sections, in order, with their content", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle("Valeria & Sebastián · 17 de enero de 2031");

    // 1. Hero: names, date, countdown, RSVP note with the deadline as a long date.
    const hero = page.getByRole("region", { name: "Valeria & Sebastián" });
    await expect(hero.getByRole("heading", { level: 1, name: "Valeria & Sebastián" })).toBeVisible();
    await expect(hero.getByText("17 de enero de 2031")).toBeVisible();
    const timer = hero.getByRole("timer", { name: "Cuenta regresiva para la boda" });
    for (const unit of ["Días", "Horas", "Minutos", "Segundos"]) await expect(timer.getByText(unit, { exact: true })).toBeVisible();
    await expect(hero.getByText("Por favor, confirma tu asistencia antes del 17 de diciembre de 2030.")).toBeVisible();
    await expect(hero.getByRole("link", { name: "Confirmar asistencia" })).toHaveAttribute("href", "/confirm");

    // Sections 2-7 in order, after the hero.
    expect(await h2s(page)).toEqual(SECTION_HEADINGS_ES);

    // 2. Quotes (text and optional author) and the portrait.
    const quotes = page.getByRole("region", { name: "Palabras que nos inspiran" });
    const carousel = quotes.getByRole("region", { name: "Citas" });
    for (const text of [
      "El amor es paciente, es bondadoso.",
      "No hay medicina que cure lo que no cura la felicidad.",
      "Contigo, cualquier lugar se siente como hogar.",
      "Un viaje de mil millas comienza con un solo paso.",
      "Elegirte hoy, mañana y todos los días.",
    ]) {
      await expect(carousel.getByRole("figure").filter({ hasText: text }).first()).toBeAttached();
    }
    await expect(carousel.getByText("— 1 Corintios 13:4").first()).toBeAttached();
    await expect(quotes.getByRole("img", { name: "Retrato de Valeria & Sebastián" })).toBeVisible();

    // 3. About us: six moments (two single photos, four collages), built-in Spanish titles, gallery button.
    const story = page.getByRole("region", { name: "Nuestra Historia" });
    const moments = story.getByRole("listitem");
    await expect(moments).toHaveCount(6);
    const titles = ["Cómo nos conocimos", "Nuestro primer viaje", "Nuestro primer hogar", "Aventuras juntos", "La propuesta", "Nuestra familia"];
    const photos = [1, 3, 2, 4, 1, 2];
    for (const [i, title] of titles.entries()) {
      const moment = moments.nth(i);
      await expect(moment.getByRole("heading", { level: 3 })).toHaveText(title);
      await expect(moment.getByRole("img")).toHaveCount(photos[i]);
      await expect(moment.getByRole("img").first()).toHaveAttribute("alt", `${title}, foto 1 de ${photos[i]}`);
    }
    await expect(story.getByRole("link", { name: "Ver la galería de fotos" })).toHaveAttribute("href", "/gallery");

    // 4. Important information: six cards with image, title, subtitle and description.
    const info = page.getByRole("region", { name: "Información Importante" });
    const cards: [string, string][] = [
      ["Código de vestimenta", "Formal de verano"],
      ["Ceremonia", "4:30 p. m."],
      ["Buffet", "Cena"],
      ["Brindis", "Después de la cena"],
      ["Baile", "¡Hasta la 1:00 a. m.!"],
      ["Regalos", "Tu presencia es lo más importante"],
    ];
    await expect(info.getByRole("article")).toHaveCount(6);
    for (const [i, [title, subtitle]] of cards.entries()) {
      const card = info.getByRole("article").nth(i);
      await expect(card).toHaveAccessibleName(title);
      await expect(card).toContainText(spaced(subtitle));
      await expect(card.getByRole("img")).toHaveAttribute("alt", /^Ilustración/);
    }

    // 5. Location: venue, city, ceremony and reception cards, the map and its link.
    const location = page.getByRole("region", { name: "Ubicación" });
    await expect(location.getByText("Country Club & Resort").first()).toBeVisible();
    await expect(location.getByText("Cocolí, Panamá")).toBeVisible();
    const ceremony = location.getByRole("article", { name: "Ceremonia" });
    await expect(ceremony).toContainText(/4:30\sp\.\sm\.\s–\s6:00\sp\.\sm\./);
    await expect(ceremony).toContainText("En los jardines del club");
    await expect(ceremony.getByRole("img")).toHaveAttribute("alt", /ceremonia/);
    const reception = location.getByRole("article", { name: "Recepción" });
    await expect(reception).toContainText(/6:00\sp\.\sm\.\s–\s1:00\sa\.\sm\./);
    await expect(location.getByTitle("Mapa del lugar de la boda")).toHaveAttribute("src", /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html/);
    await expect(location.getByTitle("Mapa del lugar de la boda")).toHaveAttribute("loading", "lazy");
    await expect(location.getByRole("link", { name: "Abrir el mapa en OpenStreetMap" })).toHaveAttribute("href", /^https:\/\/www\.openstreetmap\.org\/\?mlat=/);

    // 6 and 7 have their own tests; here, their headline content.
    await expect(page.getByRole("region", { name: "Alojamiento" }).getByRole("article")).toHaveCount(2);
    await expect(page.getByRole("region", { name: "Confirma tu Asistencia" }).getByText("Fecha límite: 17 de diciembre de 2030")).toBeVisible();
  });

  test("every image has alt text and dimensions; only the hero's is loaded eagerly", async ({ page }) => {
    await page.goto("/");
    const images = await page
      .getByRole("main")
      .locator("img")
      .evaluateAll((imgs) =>
        imgs.map((img) => ({
          alt: img.getAttribute("alt"),
          width: img.getAttribute("width"),
          height: img.getAttribute("height"),
          loading: img.getAttribute("loading"),
        })),
      );
    expect(images.length).toBeGreaterThan(20);
    for (const img of images) {
      expect(img.alt, JSON.stringify(img)).toBeTruthy();
      expect(Number(img.width), JSON.stringify(img)).toBeGreaterThan(0);
      expect(Number(img.height), JSON.stringify(img)).toBeGreaterThan(0);
    }
    expect(images[0]).toMatchObject({ alt: "Dos anillos entrelazados entre ramas de laurel", loading: "eager" });
    expect(images.slice(1).every((img) => img.loading === "lazy")).toBe(true);
  });

  test("accommodation: prices, beds, times, the reservation contact and the notes", async ({ page }) => {
    await page.goto("/");
    const section = page.getByRole("region", { name: "Alojamiento" });
    const one = section.getByRole("article", { name: "Apartamento de 1 habitación" });
    await expect(one).toContainText("1 cama king o 2 camas dobles");
    await expect(one.getByRole("definition")).toHaveText([/^95\sUS\$$/, /^70\sUS\$$/]);
    const two = section.getByRole("article", { name: "Apartamento de 2 habitaciones" });
    await expect(two).toContainText("1 cama king y 2 camas dobles");
    await expect(two.getByRole("definition")).toHaveText([/^120\sUS\$$/, /^90\sUS\$$/]);
    await expect(one.getByRole("term")).toHaveText(["Primera noche", "Noches adicionales"]);
    await expect(section.getByText(/^3:00\sp\.\sm\.$/)).toBeVisible();
    await expect(section.getByText(/^12:00\sp\.\sm\.$/)).toBeVisible();
    await expect(section.getByText("Ana Lucía Herrera")).toBeVisible();
    await expect(section.getByRole("link", { name: "Llamar al +507 6000-0000" })).toHaveAttribute("href", "tel:+50760000000");
    await expect(section.getByRole("link", { name: "Escribir a reservas@example.com" })).toHaveAttribute("href", "mailto:reservas@example.com");
    await expect(section.getByText("Importante: las tarifas especiales aplican solo mencionando la boda de Valeria & Sebastián.")).toBeVisible();
    await expect(section.getByText("La disponibilidad es limitada; te recomendamos reservar cuanto antes.")).toBeVisible();
  });

  test("the RSVP button links to /confirm until the stored invitation is confirmed, then it is disabled", async ({ page, data }) => {
    await page.goto("/");
    const rsvp = page.getByRole("region", { name: "Confirma tu Asistencia" });
    await expect(rsvp.getByRole("link", { name: "Confirmar Asistencia" })).toHaveAttribute("href", "/confirm");
    await expect(rsvp.getByRole("button", { name: "Asistencia ya confirmada" })).toHaveCount(0);

    // A stored invitation that is not confirmed yet: still open.
    const open = await data.createInvitation({ primaryGuest: "Inés Abierta", maxGuests: 2 });
    await storeCode(page, open);
    await page.goto("/");
    await expect(rsvp.getByRole("link", { name: "Confirmar Asistencia" })).toBeVisible();

    // A confirmed one: the button is disabled and says so (from the server, so also without JavaScript).
    const done = await data.createInvitation({ primaryGuest: "Carla Confirmada", confirmedGuests: [] });
    await page.context().clearCookies();
    await storeCode(page, done);
    await page.goto("/");
    await expect(rsvp.getByRole("button", { name: "Asistencia ya confirmada" })).toBeDisabled();
    await expect(rsvp.getByRole("link", { name: "Confirmar Asistencia" })).toHaveCount(0);
    const hero = page.getByRole("region", { name: "Valeria & Sebastián" });
    await expect(hero.getByText("Ya confirmaste tu asistencia. ¡Gracias!")).toBeVisible();
    await expect(hero.getByRole("link", { name: "Confirmar asistencia" })).toHaveCount(0);
  });

  test("the countdown is in the server's HTML, counting to the wedding", async ({ page }) => {
    const before = Date.now();
    await page.goto("/");
    const values = (await countdownValues(page)).map(Number);
    expect(values).toHaveLength(4);
    const days = (WEDDING.getTime() - before) / 86_400_000;
    expect(Math.abs(values[0] - Math.floor(days))).toBeLessThanOrEqual(1);
    expect(values[1]).toBeLessThan(24);
    expect(values[2]).toBeLessThan(60);
    expect(values[3]).toBeLessThan(60);
  });

  test("without a hero video file the tinted background shows, and nothing fails", async ({ page, request }) => {
    const head = await request.head("/media/hero.mp4");
    expect(head.status()).toBe(204);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Valeria & Sebastián" })).toBeVisible();
    await page.waitForTimeout(1500); // past the HEAD check and a would-be retry
    await expect(page.locator("video")).toHaveCount(0);
  });

  test("the map never holds the page: its link is always there", async ({ page }) => {
    // Tests run offline: the frame cannot load, yet the page loads and the link is usable.
    await page.goto("/", { waitUntil: "load", timeout: 15_000 });
    const location = page.getByRole("region", { name: "Ubicación" });
    await location.scrollIntoViewIfNeeded();
    await expect(location.getByRole("link", { name: "Abrir el mapa en OpenStreetMap" })).toBeVisible();
  });
});

test.describe("home page (en)", () => {
  test.use({ locale: "en-US" });

  test("speaks English with US formats, and English titles override the Spanish ones", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page).toHaveTitle("Valeria & Sebastián · January 17, 2031");
    expect(await h2s(page)).toEqual(SECTION_HEADINGS_EN);
    const hero = page.getByRole("region", { name: "Valeria & Sebastián" });
    await expect(hero.getByText("January 17, 2031")).toBeVisible();
    for (const unit of ["Days", "Hours", "Minutes", "Seconds"]) await expect(page.getByRole("timer").getByText(unit, { exact: true })).toBeVisible();
    await expect(hero.getByText("Please confirm your attendance before December 17, 2030.")).toBeVisible();

    await expect(page.getByRole("region", { name: "Quotes" }).getByText("— 1 Corinthians 13:4").first()).toBeAttached();
    const story = page.getByRole("region", { name: "Our Story" });
    await expect(story.getByRole("heading", { level: 3 })).toHaveText([
      "How we met",
      "Our first trip",
      "Our first home",
      "Adventures together",
      "The proposal",
      "Our family",
    ]);
    await expect(story.getByRole("link", { name: "See the photo gallery" })).toHaveAttribute("href", "/gallery");

    const info = page.getByRole("region", { name: "Important Information" });
    await expect(info.getByRole("article", { name: "Ceremony" })).toContainText(/4:30\sPM/);
    await expect(info.getByRole("article", { name: "Dance" })).toContainText(/Until 1:00\sAM!/);
    await expect(info.getByRole("article", { name: "Dress code" }).getByRole("img")).toHaveAttribute("alt", "Drawing of a party dress");

    const location = page.getByRole("region", { name: "Location" });
    await expect(location.getByText("Cocolí, Panama")).toBeVisible();
    await expect(location.getByRole("article", { name: "Ceremony" })).toContainText(/4:30\sPM – 6:00\sPM/);
    await expect(location.getByRole("article", { name: "Reception" })).toContainText(/6:00\sPM – 1:00\sAM/);
    await expect(location.getByRole("link", { name: "Open the map on OpenStreetMap" })).toBeVisible();

    await expect(page.getByRole("region", { name: "Confirm your Attendance" }).getByRole("link", { name: "Confirm Attendance" })).toHaveAttribute(
      "href",
      "/confirm",
    );
    await expect(page.getByText("Deadline: December 17, 2030")).toBeVisible();
  });

  test("accommodation in US formats", async ({ page }) => {
    await page.goto("/");
    const section = page.getByRole("region", { name: "Accommodation" });
    await expect(section.getByRole("article", { name: "1-bedroom apartment" }).getByRole("definition")).toHaveText(["$95", "$70"]);
    await expect(section.getByRole("article", { name: "2-bedroom apartment" }).getByRole("definition")).toHaveText(["$120", "$90"]);
    await expect(section.getByRole("article", { name: "1-bedroom apartment" })).toContainText("1 king bed or 2 double beds");
    await expect(section.getByText(/^3:00\sPM$/)).toBeVisible();
    await expect(section.getByText(/^12:00\sPM$/)).toBeVisible();
    await expect(section.getByRole("link", { name: "Call +507 6000-0000" })).toHaveAttribute("href", "tel:+50760000000");
    await expect(section.getByRole("link", { name: "Email reservas@example.com" })).toHaveAttribute("href", "mailto:reservas@example.com");
    await expect(section.getByText("Important: the special rates apply only when you mention Valeria & Sebastián's wedding.")).toBeVisible();
  });
});

test.describe("on the wedding day, after the moment", () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  test.beforeAll(async () => {
    // A minute ago: still the wedding's day at the venue (from the next day the home page thanks
    // the guests instead: tests/e2e/seasons.spec.ts).
    server = await startServer({ WEDDING_DATE: new Date(Date.now() - 60_000).toISOString(), RSVP_DEADLINE: "2019-12-18T23:59:59-05:00" });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  async function openHome(browser: Browser, testInfo: TestInfo, locale: string) {
    const context = await browser.newContext({ baseURL: server.baseURL, locale, javaScriptEnabled: !jsDisabled(testInfo) });
    return { context, page: await context.newPage() };
  }

  test("the server renders the big-day message instead of the countdown", async ({ browser }, testInfo) => {
    for (const [locale, message] of [
      ["es-ES", "¡Hoy es el gran día!"],
      ["en-US", "Today is the big day!"],
    ]) {
      const { context, page } = await openHome(browser, testInfo, locale);
      await page.goto("/");
      await expect(page.getByText(message)).toBeVisible();
      await expect(page.getByRole("timer")).toHaveCount(0);
      await context.close();
    }
  });
});

test.describe("countdown with the browser's clock @js-only", () => {
  test("ticks every second from the browser's time", async ({ page }) => {
    await page.clock.install({ time: new Date("2031-01-15T14:58:00-05:00") });
    await page.goto("/");
    await page.clock.pauseAt(new Date("2031-01-15T14:58:30-05:00"));
    await page.clock.runFor(1000);
    await expect.poll(() => countdownValues(page)).toEqual(["02", "01", "01", "29"]);
    await page.clock.runFor(1000);
    await expect.poll(() => countdownValues(page)).toEqual(["02", "01", "01", "28"]);
    await page.clock.runFor(60_000);
    await expect.poll(() => countdownValues(page)).toEqual(["02", "01", "00", "28"]);
  });

  test("switches to the big-day message when the moment comes", async ({ page }) => {
    await page.clock.install({ time: new Date("2031-01-17T15:59:50-05:00") });
    await page.goto("/");
    await page.clock.pauseAt(new Date("2031-01-17T15:59:55-05:00"));
    await expect.poll(() => countdownValues(page)).toEqual(["00", "00", "00", "05"]);
    await page.clock.runFor(5000);
    await expect(page.getByText("¡Hoy es el gran día!")).toBeVisible();
    await expect(page.getByRole("timer")).toHaveCount(0);
  });

  test("after the date the browser shows the message in English too", async ({ page }) => {
    await page.clock.install({ time: new Date("2031-01-18T10:00:00-05:00") });
    await chooseEnglish(page);
    await page.goto("/");
    await expect(page.getByText("Today is the big day!")).toBeVisible();
  });
});

async function chooseEnglish(page: Page) {
  const value = Buffer.from(JSON.stringify("en")).toString("base64");
  await page.context().addCookies([{ name: "lng", value, url: baseURL() }]);
}

test.describe("hero video @js-only", () => {
  test("a file that fails to load is retried once after a second, then the tinted background stays", async ({ page }) => {
    // A "video" that exists (HEAD: video/mp4) but cannot be decoded.
    await page.route("**/media/hero.mp4", (route) => route.fulfill({ status: 200, contentType: "video/mp4", body: "not a video" }));
    await page.addInitScript(() => {
      const log: { t: number; change: "added" | "removed" }[] = [];
      (window as unknown as { videoLog: typeof log }).videoLog = log;
      new MutationObserver((records) => {
        for (const r of records) {
          for (const n of r.addedNodes) if (n.nodeName === "VIDEO") log.push({ t: performance.now(), change: "added" });
          for (const n of r.removedNodes) if (n.nodeName === "VIDEO") log.push({ t: performance.now(), change: "removed" });
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto("/");
    const log = () => page.evaluate(() => (window as unknown as { videoLog: { t: number; change: string }[] }).videoLog);
    await expect.poll(async () => (await log()).map((e) => e.change), { timeout: 10_000 }).toEqual(["added", "removed", "added", "removed"]);
    const [, firstError, retry] = await log();
    expect(retry.t - firstError.t).toBeGreaterThanOrEqual(950);
    expect(retry.t - firstError.t).toBeLessThan(3000);
    await page.waitForTimeout(1500);
    expect(await log()).toHaveLength(4);
    await expect(page.locator("video")).toHaveCount(0);
  });

  test("an existing file plays muted and looping over the fallback", async ({ page }) => {
    // The HEAD check finds a video; the file itself never arrives, so the element stays.
    await page.route("**/media/hero.mp4", (route) =>
      route.request().method() === "HEAD" ? route.fulfill({ status: 200, contentType: "video/mp4" }) : undefined,
    );
    await page.goto("/");
    const video = page.locator("video");
    await expect(video).toHaveCount(1);
    expect(
      await video.evaluate((v: HTMLVideoElement) => ({
        muted: v.muted,
        loop: v.loop,
        autoplay: v.autoplay,
        hidden: v.getAttribute("aria-hidden"),
        opacity: getComputedStyle(v).opacity,
        filter: getComputedStyle(v).filter,
      })),
    ).toEqual({ muted: true, loop: true, autoplay: true, hidden: "true", opacity: "1", filter: "blur(0.5px)" });
  });
});

test.describe("quotes carousel @js-only", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  const scrollLeft = (page: Page) => page.getByRole("region", { name: "Citas" }).evaluate((el) => el.scrollLeft);

  test("drifts by itself, three cards at a time, and pauses on hover and on keyboard focus", async ({ page }) => {
    await page.goto("/");
    const track = page.getByRole("region", { name: "Citas" });
    await track.scrollIntoViewIfNeeded();
    await expect.poll(() => scrollLeft(page), { timeout: 5000 }).toBeGreaterThan(2);

    const trackBox = (await track.boundingBox())!;
    const cardBox = (await track.getByRole("figure").first().boundingBox())!;
    expect(cardBox.width).toBeGreaterThanOrEqual(280);
    expect(Math.floor(trackBox.width / cardBox.width)).toBeGreaterThanOrEqual(3);

    await track.hover();
    await page.waitForTimeout(100);
    const hovered = await scrollLeft(page);
    await page.waitForTimeout(600);
    expect(Math.abs((await scrollLeft(page)) - hovered)).toBeLessThan(1);

    await page.mouse.move(5, 5);
    await expect.poll(() => scrollLeft(page)).toBeGreaterThan(hovered + 2);

    await track.focus();
    await page.waitForTimeout(100);
    const focused = await scrollLeft(page);
    await page.waitForTimeout(600);
    expect(Math.abs((await scrollLeft(page)) - focused)).toBeLessThan(1);
  });

  test("waits while it is off screen (the hero fills the first view)", async ({ page }) => {
    await page.goto("/");
    const track = page.getByRole("region", { name: "Citas" });
    await expect(track.getByRole("figure").nth(3)).toBeAttached(); // the looping copy: moving mode
    expect((await track.boundingBox())!.y).toBeGreaterThan(900);
    await page.waitForTimeout(800);
    expect(await scrollLeft(page)).toBe(0);
    await track.scrollIntoViewIfNeeded();
    await expect.poll(() => scrollLeft(page), { timeout: 5000 }).toBeGreaterThan(2);
  });

  test("stays still with reduced motion, each quote once", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    const track = page.getByRole("region", { name: "Citas" });
    await track.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    const still = await scrollLeft(page);
    await page.waitForTimeout(800);
    expect(await scrollLeft(page)).toBe(still);
    expect(still).toBeLessThan(5);
    await expect(track.getByText("El amor es paciente, es bondadoso.")).toHaveCount(1);
    await expect(track.getByText("El amor es paciente, es bondadoso.")).toBeVisible();
  });
});

test("the first visit to the home page loads no stylesheet (no toast code) until a toast is shown @js-only", async ({ page, data }) => {
  const requested: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "stylesheet") requested.push(request.url());
  });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  expect(requested).toEqual([]);
  // The toast container arrives with the first toast: a valid code on /confirm shows one.
  const inv = await data.createInvitation({ primaryGuest: "Toast Home", maxGuests: 1 });
  await page.getByRole("navigation", { name: "Navegación principal" }).getByRole("link", { name: "Confirmar" }).click();
  await page.getByLabel("Código de Invitación").fill(inv.code);
  await page.getByRole("button", { name: "Verificar Código" }).click();
  await expect(page.getByText("¡Código válido!").filter({ visible: true })).toHaveCount(1);
});

test.describe("quotes without JavaScript @no-js-only", () => {
  test("a plain row, each quote once", async ({ page }) => {
    await page.goto("/");
    const track = page.getByRole("region", { name: "Citas" });
    await expect(track.getByText("Elegirte hoy, mañana y todos los días.")).toHaveCount(1);
    await expect(track.getByText("El amor es paciente, es bondadoso.")).toBeVisible();
  });
});

test.describe("meteors @js-only", () => {
  const meteorAnimations = (page: Page) => page.evaluate(() => document.getAnimations().filter((a) => (a as CSSAnimation).animationName === "meteor").length);

  test("twenty of them, none with reduced motion", async ({ page }) => {
    await page.goto("/");
    await expect.poll(() => meteorAnimations(page)).toBe(20);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await expect.poll(() => meteorAnimations(page)).toBe(0);
  });
});

test.describe("the map @js-only", () => {
  test("offline, the frame gives way to a note and the link stays", async ({ page, context }) => {
    await page.goto("/");
    const location = page.getByRole("region", { name: "Ubicación" });
    await location.scrollIntoViewIfNeeded();
    await expect(location.getByTitle("Mapa del lugar de la boda")).toBeAttached();
    await context.setOffline(true);
    await expect(location.getByText("El mapa necesita conexión a internet. Puedes abrirlo con el enlace de abajo.")).toBeVisible();
    await expect(location.getByTitle("Mapa del lugar de la boda")).toHaveCount(0);
    await expect(location.getByRole("link", { name: "Abrir el mapa en OpenStreetMap" })).toBeVisible();
    await context.setOffline(false);
    await expect(location.getByTitle("Mapa del lugar de la boda")).toBeAttached();
  });
});

/** Fakes the browser's autoplay policy: play() is refused unless `allow(el)` says yes. */
async function fakeAutoplayPolicy(page: Page, policy: "block-all" | "muted-only" | "allow-all") {
  await page.addInitScript((policy) => {
    let gesture = false;
    for (const type of ["pointerdown", "keydown", "touchstart"]) window.addEventListener(type, () => (gesture = true), true);
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      const allowed = gesture || policy === "allow-all" || (policy === "muted-only" && this.muted);
      if (!allowed) return Promise.reject(new DOMException("play() failed because the user didn't interact with the document first.", "NotAllowedError"));
      Object.defineProperty(this, "paused", { value: false, configurable: true });
      return Promise.resolve();
    };
    HTMLMediaElement.prototype.pause = function (this: HTMLMediaElement) {
      Object.defineProperty(this, "paused", { value: true, configurable: true });
      this.dispatchEvent(new Event("pause"));
    };
  }, policy);
}

const audioState = (page: Page) =>
  page.evaluate(() => {
    const a = document.querySelector("audio")!;
    return { muted: a.muted, volume: a.volume, loop: a.loop };
  });

test.describe("music @js-only", () => {
  test("autoplay refused: the hint shows, hides after 8 seconds, and the first click starts the music", async ({ page }) => {
    await fakeAutoplayPolicy(page, "block-all");
    // When the hint comes and goes, in the page's (fake) time.
    await page.addInitScript(() => {
      const log: { change: "shown" | "hidden"; t: number }[] = [];
      (window as unknown as { hintLog: typeof log }).hintLog = log;
      const isHint = (n: Node) => n.nodeType === 1 && (n.textContent ?? "").startsWith("Toca cualquier parte");
      new MutationObserver((records) => {
        for (const r of records) {
          for (const n of r.addedNodes) if (isHint(n)) log.push({ change: "shown", t: Date.now() });
          for (const n of r.removedNodes) if (isHint(n)) log.push({ change: "hidden", t: Date.now() });
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.clock.install();
    await page.goto("/");
    const hint = page.getByText("Toca cualquier parte de la página para escuchar nuestra música 🎵");
    await expect(hint).toBeVisible();
    await expect(page.getByRole("button", { name: "Reproducir música" })).toBeVisible();
    // Stop the page's time, then move it on by hand well past 8 seconds.
    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + 250);
    await page.clock.runFor(10_000);
    await expect(hint).toBeHidden();
    const log = await page.evaluate(() => (window as unknown as { hintLog: { change: string; t: number }[] }).hintLog);
    expect(log.map((e) => e.change)).toEqual(["shown", "hidden"]);
    expect(log[1].t - log[0].t).toBeGreaterThanOrEqual(7900);
    expect(log[1].t - log[0].t).toBeLessThanOrEqual(8100);

    await page.getByRole("heading", { level: 1 }).click();
    await expect(page.getByRole("button", { name: "Pausar música" })).toBeVisible();
    expect(await audioState(page)).toEqual({ muted: false, volume: 0.5, loop: true });
  });

  test("autoplay refused: an interaction before 8 seconds hides the hint", async ({ page }) => {
    await fakeAutoplayPolicy(page, "block-all");
    await page.goto("/");
    const hint = page.getByText("Toca cualquier parte de la página para escuchar nuestra música 🎵");
    await expect(hint).toBeVisible();
    await page.keyboard.press("Shift");
    await expect(hint).toBeHidden();
    await expect(page.getByRole("button", { name: "Pausar música" })).toBeVisible();
  });

  test("only muted autoplay allowed: plays muted without a hint; the first click unmutes", async ({ page }) => {
    await fakeAutoplayPolicy(page, "muted-only");
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Pausar música" })).toBeVisible();
    await expect.poll(() => audioState(page)).toMatchObject({ muted: true });
    await expect(page.getByText("Toca cualquier parte de la página para escuchar nuestra música 🎵")).toHaveCount(0);
    await page.getByRole("heading", { level: 1 }).click();
    await expect.poll(() => audioState(page)).toMatchObject({ muted: false });
    await page.getByRole("button", { name: "Controles de música" }).click();
    await expect(page.getByRole("button", { name: "Silenciar música" })).toBeVisible();
  });

  test("play, pause, mute and volume (0 to 1, step 0.01); raising the volume while muted unmutes", async ({ page }) => {
    await fakeAutoplayPolicy(page, "allow-all");
    await page.goto("/");
    const control = page.getByRole("region", { name: "Música de fondo" });
    await expect(control.getByRole("button", { name: "Pausar música" })).toBeVisible();
    await control.getByRole("button", { name: "Pausar música" }).click();
    await expect(control.getByRole("button", { name: "Reproducir música" })).toBeVisible();
    // A paused player stays paused when the guest clicks elsewhere.
    await page.getByRole("heading", { level: 1 }).click();
    await expect(control.getByRole("button", { name: "Reproducir música" })).toBeVisible();
    await control.getByRole("button", { name: "Reproducir música" }).click();
    await expect(control.getByRole("button", { name: "Pausar música" })).toBeVisible();

    const settings = control.getByRole("button", { name: "Controles de música" });
    await expect(settings).toHaveAttribute("aria-expanded", "false");
    await settings.click();
    await expect(settings).toHaveAttribute("aria-expanded", "true");
    const volume = control.getByRole("slider", { name: "Volumen de la música" });
    await expect(volume).toHaveAttribute("min", "0");
    await expect(volume).toHaveAttribute("max", "1");
    await expect(volume).toHaveAttribute("step", "0.01");
    await expect(volume).toHaveValue("0.5");

    await control.getByRole("button", { name: "Silenciar música" }).click();
    await expect(control.getByRole("button", { name: "Activar sonido" })).toBeVisible();
    await expect(volume).toHaveValue("0");
    expect(await audioState(page)).toMatchObject({ muted: true });

    await volume.fill("0.8");
    await expect(control.getByRole("button", { name: "Silenciar música" })).toBeVisible();
    expect(await audioState(page)).toEqual({ muted: false, volume: 0.8, loop: true });

    await volume.focus();
    await page.keyboard.press("ArrowLeft");
    await expect(volume).toHaveValue("0.79");
  });

  test("every control is at least 44 px", async ({ page }) => {
    await fakeAutoplayPolicy(page, "allow-all");
    await page.goto("/");
    const control = page.getByRole("region", { name: "Música de fondo" });
    // Playing: the player's code is here (it hydrates after the page's first load, decision 0014).
    await expect(control.getByRole("button", { name: "Pausar música" })).toBeVisible();
    await control.getByRole("button", { name: "Controles de música" }).click();
    for (const target of [
      control.getByRole("button", { name: "Pausar música" }),
      control.getByRole("button", { name: "Controles de música" }),
      control.getByRole("button", { name: "Silenciar música" }),
      control.getByRole("slider", { name: "Volumen de la música" }),
    ]) {
      const box = (await target.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThanOrEqual(44);
    }
    // Bottom right of the window.
    const box = (await control.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(viewport.width - (box.x + box.width)).toBeLessThan(40);
    expect(viewport.height - (box.y + box.height)).toBeLessThan(40);
  });

  test("names in English", async ({ page }) => {
    await fakeAutoplayPolicy(page, "block-all");
    await chooseEnglish(page);
    await page.goto("/");
    const control = page.getByRole("region", { name: "Background music" });
    await expect(page.getByText("Tap anywhere on the page to hear our music 🎵")).toBeVisible();
    await expect(control.getByRole("button", { name: "Play music" })).toBeVisible();
    await control.getByRole("button", { name: "Music controls" }).click();
    await expect(control.getByRole("button", { name: "Mute music" })).toBeVisible();
    await expect(control.getByRole("slider", { name: "Music volume" })).toBeVisible();
  });

  test("the demo's music is an MP3, served with byte ranges as phones ask for it", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("audio")).toHaveAttribute("src", "/media/music.mp3");
    const part = await page.request.get("/media/music.mp3", { headers: { Range: "bytes=0-99" } });
    expect(part.status()).toBe(206);
    expect(part.headers()["content-type"]).toBe("audio/mpeg");
    expect(part.headers()["content-range"]).toMatch(/^bytes 0-99\/\d+$/);
  });

  test("a music file that cannot load is logged and the player stays off", async ({ page }) => {
    await page.route("**/media/music.mp3", (route) => route.fulfill({ status: 200, contentType: "audio/mpeg", body: "not audio" }));
    const errors: string[] = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).click();
    await expect.poll(() => errors.join("\n")).toContain("Background music could not be loaded");
    await expect(page.getByRole("button", { name: "Reproducir música" })).toBeVisible();
    await expect(page.getByText("Toca cualquier parte de la página para escuchar nuestra música 🎵")).toHaveCount(0);
  });
});

test.describe("console", () => {
  for (const [locale, colorScheme] of [
    ["es-ES", "light"],
    ["es-ES", "dark"],
    ["en-US", "light"],
    ["en-US", "dark"],
  ] as const) {
    test(`no errors or hydration warnings on / (${locale}, ${colorScheme})`, async ({ browser }, testInfo) => {
      // The service worker registers as on a guest's phone: its registration must not complain either.
      const context = await browser.newContext({ locale, colorScheme, baseURL: baseURL(), javaScriptEnabled: !jsDisabled(testInfo), serviceWorkers: "allow" });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error" || m.type() === "warning") problems.push(`${m.type()}: ${m.text()}`);
      });
      page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
      await page.goto("/");
      // Scroll to the end so every lazy image and the map frame load.
      for (let i = 0; i < 12; i++) {
        await page.mouse.wheel(0, 1200);
        await page.waitForTimeout(80);
      }
      await expect.poll(() => page.locator("img").evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete))).toBe(true);
      await page.waitForTimeout(500);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});

test.describe("accessibility of the home page's states", () => {
  // axe reads the whole page's DOM and styles, twice in some of these: CPU-bound, it takes several
  // times longer on a loaded machine than the default budget allows for a page and two runs.
  test.describe.configure({ timeout: 60_000 });
  for (const [locale, colorScheme] of [
    ["es-ES", "dark"],
    ["en-US", "light"],
  ] as const) {
    test(`a confirmed guest's home page (${locale}, ${colorScheme})`, async ({ browser, data }, testInfo) => {
      const page = await a11yPage(browser, { baseURL: baseURL(), locale, colorScheme }, jsDisabled(testInfo));
      const done = await data.createInvitation({ primaryGuest: "Axe Confirmada", confirmedGuests: [] });
      await page.goto("/confirm");
      await page.getByLabel(locale === "es-ES" ? "Código de Invitación" : "Invitation Code").fill(done.code);
      await page.getByRole("button", { name: locale === "es-ES" ? "Verificar Código" : "Verify Code" }).click();
      await expect(
        page
          .getByRole("heading", { level: 1 })
          .or(page.getByRole("heading", { level: 2 }))
          .filter({ hasText: /Confirmada|Confirmed/ })
          .first(),
      ).toBeVisible();
      await page.goto("/");
      await expect(page.getByRole("button", { name: locale === "es-ES" ? "Asistencia ya confirmada" : "Attendance already confirmed" })).toBeDisabled();
      await expectNoSeriousA11yViolations(page, `/ confirmed ${locale} ${colorScheme}`);
      await page.context().close();
    });
  }

  test("the music panel open, the autoplay hint and the offline map @js-only", async ({ page, context }) => {
    await fakeAutoplayPolicy(page, "block-all");
    await page.goto("/");
    await expect(page.getByText("Toca cualquier parte de la página para escuchar nuestra música 🎵")).toBeVisible();
    await expectNoSeriousA11yViolations(page, "/ autoplay hint");
    await page.getByRole("button", { name: "Controles de música" }).click();
    await context.setOffline(true);
    await expect(page.getByText("El mapa necesita conexión a internet. Puedes abrirlo con el enlace de abajo.")).toBeVisible();
    await expectNoSeriousA11yViolations(page, "/ music panel, map offline");
    await context.setOffline(false);
  });
});
