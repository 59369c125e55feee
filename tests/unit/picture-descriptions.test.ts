import type { AppLoadContext } from "@remix-run/node";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router-dom";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { InfoCards } from "~/components/home/InfoCards";
import { Location } from "~/components/home/Location";
import { Story } from "~/components/home/Story";
import { contentHistoryAction, contentSectionAction } from "~/http/admin/content.server";
import { db } from "~/infra/db.server";
import { i18nFor } from "~/infra/i18n.server";
import { startAdminSessionHeader } from "~/infra/session.server";
import type { Language } from "~/lib/constants";
import { pictureDescriptionIn, withPicture } from "~/lib/content-pictures";
import { pictureAlt } from "~/lib/picture-alt";
import type { ContentSection } from "~/lib/content-schemas";
import { defaultContent } from "~/models/content-defaults.server";
import { currentContent, refresh } from "~/models/content-live.server";
import { forgetSiteMedia } from "~/models/content-media.server";
import { contentHistory } from "~/models/content-store.server";
import { homeFacts } from "~/models/content-texts.server";
import { multipartRequest } from "./helpers/multipart";
import { useStoreDriver } from "./helpers/storage";
import { useTestDatabase } from "./helpers/test-db";

/**
 * A photo the couple uploads has its own description (es/en), empty at first: the page never
 * shows the default drawing's ('Ilustración de un arco de flores…') on it.
 */
const BASE = "http://localhost";
const context = { clientIp: "203.0.113.7", cspNonce: "x" } as unknown as AppLoadContext;
const CEREMONY_DRAWING = "Ilustración de un arco de flores para la ceremonia";

const adminCookie = async () => (await startAdminSessionHeader(new Request(BASE))).split(";")[0];
const photo = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: "#c63" } })
    .jpeg()
    .toBuffer();

/** The redirect's or the refusal's status, and the refusal's key and picture. */
async function answer(pending: Promise<unknown>) {
  try {
    const res = (await pending) as Response | { data: { error?: Record<string, string[]>; initialValue?: { picture?: string } }; init: ResponseInit | null };
    if (res instanceof Response) return { status: res.status };
    return { status: res.init?.status ?? 200, error: res.data.error?.[""]?.[0], picture: res.data.initialValue?.picture };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status };
    throw thrown;
  }
}

async function upload(section: ContentSection, picture: string, cookie: string) {
  const built = multipartRequest([
    { name: "intent", bytes: Buffer.from("uploadMedia") },
    { name: "picture", bytes: Buffer.from(picture) },
    { name: "file", filename: "nosotros.jpg", bytes: await photo() },
  ]);
  const request = new Request(`${BASE}/admin/content/${section}`, {
    method: "POST",
    headers: { ...Object.fromEntries(built.request.headers), Cookie: cookie },
    body: built.request.body,
    duplex: "half",
  } as RequestInit);
  return answer(contentSectionAction(section)({ request, params: {}, context }));
}

/** 'Guardar descripción' under a picture (a plain form). */
function describe_(section: ContentSection, picture: string, description: { es?: string; en?: string }, cookie?: string) {
  const form = new URLSearchParams({ intent: "describePicture", picture });
  if (description.es !== undefined) form.set("description.es", description.es);
  if (description.en !== undefined) form.set("description.en", description.en);
  const request = new Request(`${BASE}/admin/content/${section}`, {
    method: "POST",
    body: form,
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
  });
  return answer(contentSectionAction(section)({ request, params: {}, context }));
}

/** The home page's story, cards and places, rendered in a language. */
async function homeHtml(lang: Language) {
  const facts = await homeFacts(lang);
  const i18n = await i18nFor(lang);
  return renderToString(
    createElement(
      I18nextProvider,
      { i18n },
      createElement(MemoryRouter, null, [
        createElement(Story, { key: 1, moments: facts.moments }),
        createElement(InfoCards, { key: 2, infoCards: facts.infoCards, names: facts.names }),
        createElement(Location, { key: 3, venue: facts.venue, schedule: facts.schedule, place: facts.place, names: facts.names }),
      ]),
    ),
  );
}
const altOf = (html: string, src: string) =>
  new RegExp(`<img[^>]*src="${src.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}"[^>]*>`).exec(html)?.[0].match(/alt="([^"]*)"/)?.[1];

describe("a picture's description (pure)", () => {
  it("a default picture has none (the site's own applies); the couple's is theirs, English falling back to Spanish, empty by default", () => {
    expect(pictureDescriptionIn("/images/ceremony.svg", { es: "Algo", en: "" }, "es")).toBeNull();
    const mine = "/media/site/1700000000000-aaaaaaaaaaaa.jpg";
    expect(pictureDescriptionIn(mine, undefined, "es")).toBe("");
    expect(pictureDescriptionIn(mine, { es: "Ana y Luis en la playa", en: "" }, "en")).toBe("Ana y Luis en la playa");
    expect(pictureDescriptionIn(mine, { es: "Ana y Luis en la playa", en: "Ana and Luis on the beach" }, "en")).toBe("Ana and Luis on the beach");
    expect(
      pictureAlt(
        null,
        () => "drawing",
        () => "whose",
      ),
    ).toBe("drawing");
    expect(
      pictureAlt(
        "",
        () => "drawing",
        () => "whose",
      ),
    ).toBe("whose");
    expect(
      pictureAlt(
        "theirs",
        () => "drawing",
        () => "whose",
      ),
    ).toBe("theirs");
  });

  it("a new photo replaces the description of the one before with an empty one", () => {
    const content = defaultContent();
    content.couple = { ...content.couple, ceremonyImageDescription: { es: "La foto de antes", en: "" } };
    const next = withPicture(content, { section: "couple", event: "ceremony" }, "/media/site/1700000000000-bbbbbbbbbbbb.jpg");
    expect(next).toMatchObject({ ceremonyImageDescription: { es: "", en: "" } });
  });
});

describe("the couple's pictures' descriptions", () => {
  const store = useStoreDriver("local", "descriptions");
  useTestDatabase(store.env);
  beforeEach(() => forgetSiteMedia());

  it("a replaced ceremony photo never keeps the drawing's alt: with no description it says whose photo it is", async () => {
    expect(altOf(await homeHtml("es"), "/images/ceremony.svg")).toBe(CEREMONY_DRAWING);
    const cookie = await adminCookie();
    expect((await upload("couple", "couple.ceremony", cookie)).status).toBe(302);
    const src = (await currentContent()).couple.ceremonyImage!;
    const names = (await currentContent()).couple.names.replace("&", "&amp;");
    const es = await homeHtml("es");
    expect(altOf(es, src)).toBe(`Foto de ${names}: Ceremonia`);
    expect(es).not.toContain(CEREMONY_DRAWING);
    expect(altOf(await homeHtml("en"), src)).toBe(`Photo from ${names}: Ceremony`);
    // The reception keeps its own drawing and its description.
    expect(altOf(es, "/images/reception.svg")).toBe("Ilustración de dos copas para la recepción");
  });

  it("a description typed in es and en is a new version in 'Historial'; each language shows its own, English empty shows Spanish", async () => {
    const cookie = await adminCookie();
    await upload("info", "info.0", cookie);
    const src = (await currentContent()).info.cards[0].image!;
    const before = (await contentHistory()).length;
    expect((await describe_("info", "info.0", { es: "Ana con su vestido azul", en: "Ana in her blue dress" }, cookie)).status).toBe(302);
    expect(await contentHistory()).toHaveLength(before + 1);
    expect((await contentHistory())[0].section).toBe("info");
    expect(altOf(await homeHtml("es"), src)).toBe("Ana con su vestido azul");
    expect(altOf(await homeHtml("en"), src)).toBe("Ana in her blue dress");

    await describe_("info", "info.0", { es: "Ana con su vestido azul", en: "" }, cookie);
    expect(altOf(await homeHtml("en"), src)).toBe("Ana con su vestido azul");
  });

  it("a description is data: `{{…}}`, `$t(…)` and markup are shown as typed (escaped), never read as a template", async () => {
    const cookie = await adminCookie();
    await upload("story", "story.0.0", cookie);
    const src = (await currentContent()).story.moments[0].images![0];
    const typed = `$t(home:location.ceremonyImageAlt) {{names}} "<b>"`;
    expect((await describe_("story", "story.0.0", { es: typed }, cookie)).status).toBe(302);
    const html = await homeHtml("es");
    expect(altOf(html, src)).toBe("$t(home:location.ceremonyImageAlt) {{names}} &quot;&lt;b&gt;&quot;");
  });

  it("saving the texts keeps the description; a new photo starts empty again; restoring the default brings the drawing's alt back", async () => {
    const cookie = await adminCookie();
    // The default version first, to restore later.
    const form = new URLSearchParams({ intent: "saveContent" });
    const couple = (await currentContent()).couple;
    for (const [name, value] of Object.entries({
      names: couple.names,
      "venue.es": couple.venue.es,
      "city.es": couple.city.es,
      latitude: String(couple.latitude),
      longitude: String(couple.longitude),
      ceremonyStart: couple.ceremonyStart,
      ceremonyEnd: couple.ceremonyEnd,
      "ceremonyDescription.es": couple.ceremonyDescription.es,
      receptionStart: couple.receptionStart,
      receptionEnd: couple.receptionEnd,
      "receptionDescription.es": couple.receptionDescription.es,
      timeZone: couple.timeZone,
    }))
      form.set(name, value);
    const saveTexts = () =>
      answer(
        contentSectionAction("couple")({
          request: new Request(`${BASE}/admin/content/couple`, {
            method: "POST",
            body: form,
            headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
          }),
          params: {},
          context,
        }),
      );
    expect((await saveTexts()).status).toBe(302);
    const defaultVersion = (await contentHistory())[0].id;

    await upload("couple", "couple.ceremony", cookie);
    await describe_("couple", "couple.ceremony", { es: "Nuestra boda civil", en: "" }, cookie);
    expect((await saveTexts()).status).toBe(302);
    expect((await currentContent()).couple.ceremonyImageDescription).toEqual({ es: "Nuestra boda civil", en: "" });

    await upload("couple", "couple.ceremony", cookie);
    expect((await currentContent()).couple.ceremonyImageDescription).toEqual({ es: "", en: "" });

    const restore = new Request(`${BASE}/admin/content`, {
      method: "POST",
      body: new URLSearchParams({ intent: "restoreContent", id: String(defaultVersion) }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    });
    expect((await answer(contentHistoryAction({ request: restore, params: {}, context }))).status).toBe(302);
    expect(altOf(await homeHtml("es"), "/images/ceremony.svg")).toBe(CEREMONY_DRAWING);
  });

  it("refuses a default picture's description, a too long one, another sub-section's picture and a post without the session; nothing is saved", async () => {
    const cookie = await adminCookie();
    expect(await describe_("couple", "couple.ceremony", { es: "Arco" }, cookie)).toMatchObject({
      status: 400,
      error: "contentMedia:errors.defaultPicture",
      picture: "couple.ceremony",
    });
    await upload("couple", "couple.reception", cookie);
    const saves = (await contentHistory()).length;
    expect(await describe_("couple", "couple.reception", { es: "x".repeat(301) }, cookie)).toMatchObject({
      status: 400,
      error: "content:errors.tooLong",
      picture: "couple.reception",
    });
    expect(await describe_("info", "couple.reception", { es: "Copas" }, cookie)).toMatchObject({ status: 400 });
    expect((await describe_("couple", "couple.reception", { es: "Copas" })).status).toBe(401);
    expect(await contentHistory()).toHaveLength(saves);
    expect((await currentContent()).couple.receptionImageDescription).toEqual({ es: "", en: "" });
  });

  it("a version saved before descriptions existed still loads, its photos described as none", async () => {
    const story = defaultContent().story;
    const src = "/media/site/1700000000000-cccccccccccc.jpg";
    const old = { moments: story.moments.map((m, i) => ({ title: m.title, description: m.description, ...(i === 0 ? { images: [src] } : {}) })) };
    await db()
      .insertInto("content_versions")
      .values({ section: "story", data: JSON.stringify(old), saved_at: new Date().toISOString() })
      .execute();
    await refresh();
    expect((await currentContent()).story.moments[0].images).toEqual([src]);
    const facts = await homeFacts("es");
    expect(facts.moments[0].imageAlts).toEqual([""]);
    expect(altOf(await homeHtml("es"), src)).toBe(`${facts.moments[0].title}, foto 1 de 1`);
  });
});
