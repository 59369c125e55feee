import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { Accommodation } from "~/components/home/Accommodation";
import { InfoCards } from "~/components/home/InfoCards";
import { Location } from "~/components/home/Location";
import { Quotes } from "~/components/home/Quotes";
import { Story } from "~/components/home/Story";
import { SiteFooter } from "~/components/layout/SiteFooter";
import { weddingCalendarFile } from "~/http/calendar.server";
import { i18nFor, pageTexts } from "~/infra/i18n.server";
import type { Language } from "~/lib/constants";
import { fillMarks } from "~/lib/format";
import { defaultContent } from "~/models/content-defaults.server";
import { saveContentSection } from "~/models/content-store.server";
import { coupleTexts, homeFacts } from "~/models/content-texts.server";
import { currentContent } from "~/models/content-live.server";
import { composeGuestEmail } from "~/models/invitation-emails.server";
import { slideshowFeed } from "~/models/slideshow.server";
import { addWish, approveWish } from "~/models/wishes.server";
import { meta as homeMeta } from "~/routes/_index";
import { meta as slideshowMeta } from "~/routes/slideshow/route";
import { useTestDatabase } from "./helpers/test-db";

// What the couple (or a guest) types is data: never read by i18next as `{{…}}` or `$t(…)`.
const NESTED = "$t(home:story.met.title)";
const MARK = "{{date}}";
// Three story titles that name each other: read as texts, each pulls in the next without end.
const LOOP = ["$t(home:story.trip.title)", "$t(home:story.proposal.title)", "$t(home:story.met.title)"];
const NAMES = "Ana $& {{date}} $t(home:story.met.title)";

useTestDatabase({ WEDDING_DATE: "2031-01-17T16:00:00-05:00", RSVP_DEADLINE: "2030-12-17T23:59:59-05:00", PUBLIC_URL: "https://boda.example.com" });

async function saveTexts() {
  const content = defaultContent();
  await saveContentSection("couple", { ...content.couple, names: NAMES, venue: { es: NESTED, en: "" }, city: { es: MARK, en: "" } });
  const story = content.story;
  LOOP.forEach((title, i) => (story.moments[i] = { ...story.moments[i], title: { es: title, en: "" }, description: { es: `${NESTED} ${MARK}`, en: "" } }));
  await saveContentSection("story", story);
}

async function render(lang: Language, node: ReactNode): Promise<string> {
  const i18n = await i18nFor(lang);
  return renderToString(createElement(I18nextProvider, { i18n }, createElement(MemoryRouter, null, node)));
}

describe("the couple's texts are data, shown as typed", () => {
  it("the home page's parts and the footer show `$t(…)`, `{{…}}` and a three-text loop literally", async () => {
    await saveTexts();
    for (const lang of ["es", "en"] as const) {
      const facts = await homeFacts(lang);
      const couple = { names: NAMES, city: MARK }; // what the root's loader sends (the venue and city have no English)
      const html = await render(
        lang,
        createElement("div", null, [
          createElement(Story, { key: 1, moments: facts.moments }),
          createElement(Location, { key: 2, venue: facts.venue, schedule: facts.schedule, place: facts.place, names: facts.names }),
          createElement(InfoCards, { key: 3, infoCards: facts.infoCards, names: facts.names }),
          createElement(Accommodation, { key: 4, accommodation: facts.accommodation }),
          createElement(Quotes, { key: 5, quotes: facts.quotes, names: facts.names, portrait: null }),
          createElement(SiteFooter, { key: 6, weddingDate: "2031-01-17T21:00:00.000Z", timeZone: "America/Panama", names: couple.names, city: couple.city }),
        ]),
      );
      for (const title of LOOP) expect(html).toContain(`<h3>${title}</h3>`);
      expect(html).toContain(`${NESTED} ${MARK}`);
      expect(html).toContain(NESTED); // the venue
      // The footer: the date, then the city as typed (not the date a second time).
      expect(html).toMatch(/2031 · \{\{date\}\}<\/p>/);
      expect(html).toContain("Ana $&amp; {{date}} $t(home:story.met.title)");
      expect(html).not.toContain("Cómo nos conocimos");
      expect(html).not.toContain("How we met");
    }
  });

  it("no couple's text is in the texts the browser's i18next is given; the root's data carries them", async () => {
    await saveTexts();
    expect(coupleTexts((await currentContent()).couple, "en")).toEqual({ names: NAMES, venue: NESTED, city: MARK });
    const texts = JSON.stringify(await pageTexts(new Request("http://x/"), "home", "common", "footer"));
    expect(texts).not.toContain("$t(home:story");
  });

  it("the home page's <title> and description, and the slideshow's, keep the names and city as typed", async () => {
    await saveTexts();
    const lang = "es";
    const facts = await homeFacts(lang);
    const home = (await pageTexts(new Request("http://x/"), "home")).es!;
    const root = { id: "root", data: { lang, weddingDate: "2031-01-17T21:00:00.000Z", couple: { names: NAMES, venue: NESTED, city: MARK } } };
    const args = (data: unknown) => ({ data, matches: [root], params: {}, location: {} }) as unknown as Parameters<typeof homeMeta>[0];
    const tags = homeMeta(args({ facts, i18n: { es: home } })) as { title?: string; name?: string; content?: string }[];
    expect(tags[0].title).toBe(`${NAMES} · 17 de enero de 2031`);
    expect(tags.find((t) => t.name === "description")?.content).toContain(`Nuestra boda en ${MARK}:`);
    const slideshowTexts = (await pageTexts(new Request("http://x/"), "slideshow")).es!;
    const slide = slideshowMeta(args({ i18n: { es: slideshowTexts } }) as never) as { title?: string }[];
    expect(slide[0].title).toContain(NAMES);
  });

  it("the calendar file's place and title are the couple's, as typed", async () => {
    await saveTexts();
    const file = await weddingCalendarFile(new Request("http://x/wedding.ics"));
    if (!file.ok) throw new Error(file.error);
    const unfolded = file.body.replace(/\r\n[ \t]/g, "");
    expect(unfolded).toContain(`LOCATION:${NESTED}\\, ${MARK}`);
    expect(unfolded).toContain("SUMMARY:Boda de Ana $& {{date}} $t(home:story.met.title)");
  });

  it("an e-mail quotes the couple's names and a guest's name as typed", async () => {
    await saveTexts();
    const mail = await composeGuestEmail("invitation", { code: "ABC234", primaryGuest: `Eva ${NESTED} ${MARK}` }, "es", "eva@example.com");
    expect(mail.subject).toBe(`${NAMES} te invitan a su boda`);
    expect(mail.text).toContain(`¡Hola, Eva ${NESTED} ${MARK}!`);
    expect(mail.text).not.toContain("Cómo nos conocimos");
  });

  it("the slideshow's data and captions keep a guest's wish as typed", async () => {
    await saveTexts();
    const wish = await addWish({ name: `Eva ${NESTED}`, message: `${MARK} ${LOOP[0]}` });
    if (!wish.ok) throw new Error(wish.error);
    if (wish.status === "pending") await approveWish(wish.id);
    const feed = await slideshowFeed();
    expect(feed.wishes).toEqual([expect.objectContaining({ name: `Eva ${NESTED}`, message: `${MARK} ${LOOP[0]}` })]);
    const t = (await i18nFor("es")).getFixedT("es", "slideshow");
    expect(t("wishFrom", { name: feed.wishes[0].name })).toContain(`Eva ${NESTED}`);
  });

  it("the marks 'Contenido' documents are filled once; any other stays, and a value is not read again", () => {
    expect(fillMarks("{{ceremonyStart}} · {{date}}", { ceremonyStart: "{{date}} $&" })).toBe("{{date}} $& · {{date}}");
  });
});
