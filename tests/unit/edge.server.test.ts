import { describe, expect, it } from "vitest";
import { edge } from "~/http/edge.server";
import { flashToastHeader, startAdminSessionHeader, storeCodeHeader, uploaderNameHeader } from "~/infra/session.server";
import { useTestDatabase } from "./helpers/test-db";

const lng = (value: string) => `lng=${encodeURIComponent(Buffer.from(JSON.stringify(value)).toString("base64"))}`;
const theme = (value: string) => `theme=${encodeURIComponent(Buffer.from(JSON.stringify(value)).toString("base64"))}`;

describe("what server.mjs reads from the app", () => {
  it("the language: the saved choice first, then the browser's, then Spanish", async () => {
    expect(await edge.language({})).toBe("es");
    expect(await edge.language({ acceptLanguage: "en-US,en;q=0.9" })).toBe("en");
    expect(await edge.language({ cookie: lng("en"), acceptLanguage: "es" })).toBe("en");
    expect(await edge.language({ cookie: `a=1; ${lng("es")}`, acceptLanguage: "en" })).toBe("es");
    // A cookie the app would not accept counts as no choice.
    expect(await edge.language({ cookie: lng("de"), acceptLanguage: "en" })).toBe("en");
    expect(await edge.language({ cookie: "lng=ImVuIg-garbage" })).toBe("es");
  });

  it("the theme: the saved one, or empty when the page follows the system", async () => {
    expect(await edge.theme({})).toBe("");
    expect(await edge.theme({ cookie: theme("dark") })).toBe("dark");
    expect(await edge.theme({ cookie: `x=1; ${theme("light")}` })).toBe("light");
    expect(await edge.theme({ cookie: theme("purple") })).toBe("");
  });

  it("texts come from app/locales in either language", async () => {
    expect(await edge.text("es", "crossOrigin")).toBe("Solicitud rechazada: el formulario no proviene de este sitio.");
    expect(await edge.text("en", "crossOrigin")).toBe("Request refused: the form did not come from this site.");
    expect(await edge.text("en", "api.methodNotAllowed")).toBe("Method not allowed");
    expect(await edge.text("xx", "backHome")).toBe("Volver al Inicio");
  });
});

describe("the personal cookies the server keeps out of its page cache", () => {
  useTestDatabase();

  it("are the cookies the app sets for a guest's invitation, the admin's session, a toast and the uploader's name", async () => {
    const request = new Request("http://localhost/");
    const nameOf = (setCookie: string) => setCookie.slice(0, setCookie.indexOf("="));
    const set = [
      await storeCodeHeader(request, "ABC234"),
      await startAdminSessionHeader(request),
      await flashToastHeader(request, { kind: "info", key: "x" }),
      // The gallery's form is filled with it (decision 0033): a cached page would hand one guest's name to another.
      await uploaderNameHeader(request, "Ana"),
    ];
    expect(set.map(nameOf).sort()).toEqual([...edge.cookies.personal].sort());
    expect(nameOf(set[0])).toBe(edge.cookies.invitation);
  });
});
