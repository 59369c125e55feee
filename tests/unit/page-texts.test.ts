import { describe, expect, it } from "vitest";
import { adminLoginTexts, pageTexts, textsIn } from "~/infra/i18n.server";
import { resources } from "~/locales";
import { namespaces, siteNamespaces } from "~/locales/namespaces";

// The browser's i18next holds only what the loaders send (decision 0014).
describe("the texts a page's loader sends", () => {
  it("are the asked namespaces in the request's language only", async () => {
    const texts = await pageTexts(new Request("http://x/", { headers: { "Accept-Language": "en-US,en;q=0.9" } }), "home");
    expect(Object.keys(texts)).toEqual(["en"]);
    // The app's texts only: the couple's ('Contenido') are the loaders' data (decision 0035).
    expect(texts.en).toEqual({ home: resources.en.home });
    const spanish = await pageTexts(new Request("http://x/"), "confirm", "gallery");
    expect(Object.keys(spanish)).toEqual(["es"]);
    expect(Object.keys(spanish.es!)).toEqual(["confirm", "gallery"]);
  });

  it("can carry both languages (the admin's cards and share texts use each invitation's)", () => {
    const texts = textsIn(["es", "en"], ["dashboard"]);
    expect(texts.es?.dashboard).toBe(resources.es.dashboard);
    expect(texts.en?.dashboard).toBe(resources.en.dashboard);
  });

  it("give a visitor without the admin session the login's texts, none of the panel's", async () => {
    const texts = await adminLoginTexts(new Request("http://x/admin"));
    expect(texts).toEqual({ es: { dashboard: { login: resources.es.dashboard.login } } });
    expect(JSON.stringify(texts)).not.toContain(resources.es.dashboard.stats.totalGuests);
  });

  it("the namespace list matches the files, and the site-wide ones are among them", () => {
    expect([...namespaces].sort()).toEqual(Object.keys(resources.es).sort());
    expect([...namespaces].sort()).toEqual(Object.keys(resources.en).sort());
    for (const ns of siteNamespaces) expect(namespaces).toContain(ns);
  });
});
