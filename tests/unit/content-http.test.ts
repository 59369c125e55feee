import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { contentHistoryAction, contentSectionAction, contentSectionLoader } from "~/http/admin/content.server";
import { contentHistory } from "~/models/content-store.server";
import { currentContent } from "~/models/content-live.server";
import { defaultContent } from "~/models/content-defaults.server";
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
