import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { contentHistoryAction, contentSectionAction, contentSectionLoader } from "~/http/admin/content.server";
import { contentHistory } from "~/models/content-store.server";
import { currentContent } from "~/models/content-live.server";
import { defaultContent } from "~/models/content-defaults.server";
import { startAdminSessionHeader } from "~/infra/session.server";
import { useTestDatabase } from "./helpers/test-db";

useTestDatabase();

const BASE = "http://localhost:3000";
const context: AppLoadContext = { clientIp: "203.0.113.7", cspNonce: "x" };

/** What an action answers: a thrown 401 is a Response too. */
async function answer(run: () => Promise<unknown>): Promise<number> {
  try {
    const result = await run();
    if (result instanceof Response) return result.status;
    return (result as { init?: { status?: number } | null }).init?.status ?? 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

describe("'Contenido' is the admin's only", () => {
  it("a sub-section's loader loads nothing without the session", async () => {
    const loaded = await contentSectionLoader("couple")({ request: new Request(`${BASE}/admin/content/couple`), params: {}, context });
    expect(loaded).toBeNull();
  });

  it("a save, a restore or an import without the session is a 401 and changes nothing", async () => {
    const form = new URLSearchParams({ intent: "saveContent", names: "Intruso" });
    const save = new Request(`${BASE}/admin/content/couple`, { method: "POST", body: form, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(await answer(() => contentSectionAction("couple")({ request: save, params: {}, context }))).toBe(401);
    const restore = new Request(`${BASE}/admin/content`, {
      method: "POST",
      body: new URLSearchParams({ intent: "restoreContent", id: "1" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(await answer(() => contentHistoryAction({ request: restore, params: {}, context }))).toBe(401);
    const file = new FormData();
    file.set("intent", "applyImport");
    file.set("text", JSON.stringify({ format: "wedding-site-content", content: { couple: { ...defaultContent().couple, names: "Intruso" } } }));
    const upload = new Request(`${BASE}/admin/content`, { method: "POST", body: file });
    expect(await answer(() => contentHistoryAction({ request: upload, params: {}, context }))).toBe(401);
    expect(await contentHistory()).toEqual([]);
    expect((await currentContent()).couple.names).toBe("Valeria & Sebastián");
  });
});

describe("'Importar contenido'", () => {
  it("a file nested 400,000 levels deep is a 400 with a message in the admin's language, and changes nothing", async () => {
    const cookie = (await startAdminSessionHeader(new Request(BASE))).split(";")[0];
    const deep = "[".repeat(400_000) + "]".repeat(400_000);
    for (const [language, message] of [
      ["es", "El archivo anida demasiados niveles (máximo 16): no es una exportación de contenido."],
      ["en", "The file nests too many levels (16 at most): it is not a content export."],
    ] as const) {
      for (const text of [`{"format":"wedding-site-content","content":{"quotes":{"quotes":${deep}}}}`, deep]) {
        const form = new FormData();
        form.set("intent", "importContent");
        form.set("file", new File([text], "contenido.json", { type: "application/json" }));
        const request = new Request(`${BASE}/admin/content`, { method: "POST", body: form, headers: { Cookie: cookie, "Accept-Language": language } });
        const reply = (await contentHistoryAction({ request, params: {}, context })) as { data: { error: Record<string, string[]> }; init: { status: number } };
        expect(reply.init.status).toBe(400);
        const [key] = reply.data.error[""];
        const { i18nFor } = await import("~/infra/i18n.server");
        expect((await i18nFor(language)).t(key)).toBe(message);
      }
    }
    expect(await contentHistory()).toEqual([]);
  });
});
