import ical, { type VEvent } from "node-ical";
import { chooseLanguage, expect, test } from "./fixtures";

// The e2e server's WEDDING_DATE is 2031-01-17T16:00:00-05:00 (playwright.config.ts): the event runs
// from then (4:00 PM, what the invitation says) to the reception's end (1:00 AM), in UTC.
const DATES = "20310117T210000Z/20310118T060000Z";

function onlyEvent(body: string): VEvent {
  const events = Object.values(ical.sync.parseICS(body)).filter((c): c is VEvent => c?.type === "VEVENT");
  expect(events).toHaveLength(1);
  return events[0];
}

test.describe("add to calendar", () => {
  test("the home page offers the .ics file and a Google Calendar link that follow WEDDING_DATE", async ({ page }) => {
    await page.goto("/");
    const hero = page.getByRole("region", { name: "Valeria & Sebastián" });
    await hero.getByText("Añadir al calendario").click();
    const ics = hero.getByRole("link", { name: "Archivo de calendario (.ics): Apple, Outlook y otros" });
    await expect(ics).toBeVisible();
    await expect(ics).toHaveAttribute("href", "/wedding.ics");
    const google = new URL((await hero.getByRole("link", { name: /Google Calendar/ }).getAttribute("href"))!);
    expect(google.origin + google.pathname).toBe("https://calendar.google.com/calendar/render");
    expect(google.searchParams.get("action")).toBe("TEMPLATE");
    expect(google.searchParams.get("text")).toBe("Boda de Valeria & Sebastián");
    expect(google.searchParams.get("dates")).toBe(DATES);
    expect(google.searchParams.get("location")).toBe("Country Club & Resort, Cocolí, Panamá");
    expect(google.searchParams.get("details")).toMatch(/Ceremonia de las 4:30\sp\.\sm\. a las 6:00\sp\.\sm\./);

    // The file itself, downloaded as the guest's browser does, read by a calendar parser.
    const download = page.waitForEvent("download");
    await ics.click();
    const file = await download;
    const event = onlyEvent(await new Response((await file.createReadStream()) as unknown as ReadableStream).text());
    expect(event.start.toISOString()).toBe("2031-01-17T21:00:00.000Z");
    expect(event.end?.toISOString()).toBe("2031-01-18T06:00:00.000Z");
    expect(event.summary).toBe("Boda de Valeria & Sebastián");
    expect(String(event.location)).toBe("Country Club & Resort, Cocolí, Panamá");
    expect(event.uid).toBeTruthy();
  });

  test("in English, the file and the link speak English", async ({ page }) => {
    await chooseLanguage(page, "en");
    await page.goto("/");
    const hero = page.getByRole("region", { name: "Valeria & Sebastián" });
    await hero.getByText("Add to calendar").click();
    const google = new URL((await hero.getByRole("link", { name: /Google Calendar/ }).getAttribute("href"))!);
    expect(google.searchParams.get("text")).toBe("Valeria & Sebastián's wedding");
    expect(google.searchParams.get("dates")).toBe(DATES);
    const response = await page.request.get("/wedding.ics");
    expect(response.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    const event = onlyEvent(await response.text());
    expect(event.summary).toBe("Valeria & Sebastián's wedding");
    expect(String(event.description)).toMatch(/Ceremony from 4:30\sPM to 6:00\sPM/);
  });

  test("the confirmed view offers it too", async ({ page, data }) => {
    const invitation = await data.createInvitation({ primaryGuest: "Elena Ruiz", confirmedGuests: [] });
    await page.goto("/confirm");
    await page.getByLabel("Código de Invitación").fill(invitation.code);
    await page.getByRole("button", { name: "Verificar Código" }).click();
    await expect(page.getByRole("heading", { name: "¡Asistencia Confirmada!" })).toBeVisible();
    await page.getByText("Añadir al calendario").click();
    await expect(page.getByRole("link", { name: "Archivo de calendario (.ics): Apple, Outlook y otros" })).toHaveAttribute("href", "/wedding.ics");
    const google = new URL((await page.getByRole("link", { name: /Google Calendar/ }).getAttribute("href"))!);
    expect(google.searchParams.get("dates")).toBe(DATES);
  });
});
