import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { i18nConfig } from "~/i18n";
import { getFixedT, i18nFor, REMEMBERED_TEXTS_MAX, rememberPlainTexts } from "~/infra/i18n.server";
import { resources } from "~/locales";

async function plainI18next(lng: string) {
  const instance = createInstance();
  await instance.init({ ...i18nConfig, resources, lng });
  return instance;
}

describe("the server's i18next", () => {
  it("answers every text as i18next itself does, plain or with options, in both languages", async () => {
    for (const lng of ["es", "en"] as const) {
      const plain = (await plainI18next(lng)).getFixedT(lng, "confirm");
      const t = (await i18nFor(lng)).getFixedT(lng, "confirm");
      // Twice each: the second answer of a plain text is the remembered one.
      for (let round = 0; round < 2; round++) {
        expect(t("title")).toBe(plain("title"));
        expect(t("greeting", { name: "Lucía" })).toBe(plain("greeting", { name: "Lucía" }));
        expect(t("greeting", { name: "Ana" })).toBe(plain("greeting", { name: "Ana" }));
        expect(t("additionalNote", { count: 1 })).toBe(plain("additionalNote", { count: 1 }));
        expect(t("additionalNote", { count: 3 })).toBe(plain("additionalNote", { count: 3 }));
        expect(t("common:close")).toBe(plain("common:close"));
      }
    }
    // As react-i18next's useTranslation asks (no language of its own: null).
    const es = await i18nFor("es");
    expect(es.getFixedT(null, "common")("close")).toBe("Cerrar");
    expect(es.getFixedT(null, ["confirm", "common"])("title")).toBe((await plainI18next("es")).getFixedT("es", "confirm")("title"));
    expect((await i18nFor("es")).getFixedT("es", "common")("close")).toBe("Cerrar");
    expect((await i18nFor("en")).getFixedT("en", "common")("close")).toBe("Close");
  });

  it("keeps one language's remembered texts apart from the other's, and namespaces apart", async () => {
    const shared = rememberPlainTexts(await plainI18next("es"));
    expect(shared.getFixedT("es", "common")("close")).toBe("Cerrar");
    expect(shared.getFixedT("en", "common")("close")).toBe("Close");
    expect(shared.getFixedT("es", "confirm")("title")).not.toBe(shared.getFixedT("es", "common")("title"));
  });

  it("stays right past the number of texts it remembers (keys made from a request cannot grow it without end)", async () => {
    const t = rememberPlainTexts(await plainI18next("es")).getFixedT("es", "common");
    for (let i = 0; i < REMEMBERED_TEXTS_MAX + 100; i++) expect(t(`unknown.key${i}`)).toBe(`unknown.key${i}`);
    expect(t("close")).toBe("Cerrar");
  });

  it("translates server messages in the request's language", async () => {
    const english = new Request("http://localhost/", { headers: { "Accept-Language": "en-US,en;q=0.9" } });
    const spanish = new Request("http://localhost/", { headers: { "Accept-Language": "es-MX" } });
    expect((await getFixedT(english))("close")).toBe("Close");
    expect((await getFixedT(spanish))("close")).toBe("Cerrar");
    expect((await getFixedT(english, ["common", "confirm"]))("confirm:greeting", { name: "Ana" })).toBe("Hello, Ana");
  });
});
