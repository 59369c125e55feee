import sharp from "sharp";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as contentExport from "~/routes/admin_.content.export[.]json";
import * as guestExport from "~/routes/admin_.export[.]csv";
import * as galleryZip from "~/routes/admin_.gallery[.]zip";
import * as keepsakeZip from "~/routes/admin_.keepsake[.]zip";
import * as importPage from "~/routes/admin_.import/route";
import * as qr from "~/routes/admin_.qr.$file";
import * as stats from "~/routes/api.invitations.stats";
import * as uploads from "~/routes/uploads.$";
import { createSection, updateSection } from "~/models/gallery.server";
import { createInvitation } from "~/models/invitations.server";
import { savePhoto } from "~/models/photos.server";
import { useTestDatabase } from "./helpers/test-db";

/**
 * Every route that accepts the admin API token (the /api routes, the admin's downloads, the import
 * form, hidden photos) counts a wrong token as a failed login of the client: past the same
 * allowance as /api it answers 429 in the request's language, and the right token then works for
 * another client, and for the same one once the window has passed.
 */

const TOKEN = "unit-admin-api-token-0123456789";
const ALLOWANCE = 4;
const WINDOW_SECONDS = 60;
useTestDatabase({ ADMIN_API_TOKEN: TOKEN, RATE_LIMIT_LOGIN_ATTEMPTS: String(ALLOWANCE), RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS) });

afterEach(() => {
  vi.useRealTimers();
});

type Handler = (args: { request: Request; params: Record<string, string>; context: { clientIp: string } }) => Promise<unknown>;
interface Route {
  name: string;
  handler: Handler;
  method: "GET" | "POST";
  path: string;
  params: Record<string, string>;
}

async function routes(): Promise<Route[]> {
  const created = await createInvitation({ primaryGuest: "Ana Pérez", maxGuests: 2 });
  if (!created.ok) throw new Error(created.error);
  const section = await createSection({ name: "Oculta", is_active: true, allow_upload: true });
  if (!section.ok) throw new Error(section.error);
  const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#a07050" } })
    .jpeg()
    .toBuffer();
  const saved = await savePhoto(section.section.id, { bytes, name: "a.jpg" });
  if (!saved.ok) throw new Error(saved.error);
  await updateSection(section.section.id, { is_active: false });
  const key = saved.media.file_path;
  const code = created.invitation.code;
  return [
    { name: "/api/invitations/stats", handler: stats.loader as Handler, method: "GET", path: "/api/invitations/stats", params: {} },
    { name: "/admin/export.csv", handler: guestExport.loader as Handler, method: "GET", path: "/admin/export.csv", params: {} },
    { name: "/admin/content/export.json", handler: contentExport.loader as Handler, method: "GET", path: "/admin/content/export.json", params: {} },
    { name: "/admin/gallery.zip", handler: galleryZip.loader as Handler, method: "GET", path: "/admin/gallery.zip", params: {} },
    { name: "/admin/keepsake.zip", handler: keepsakeZip.loader as Handler, method: "GET", path: "/admin/keepsake.zip", params: {} },
    { name: "/admin/qr/{code}.svg", handler: qr.loader as Handler, method: "GET", path: `/admin/qr/${code}.svg`, params: { file: `${code}.svg` } },
    { name: "/admin/import", handler: importPage.action as Handler, method: "POST", path: "/admin/import", params: {} },
    { name: "/uploads/{hidden photo}", handler: uploads.loader as Handler, method: "GET", path: `/uploads/${key}`, params: { "*": key } },
  ];
}

let clients = 0;
const freshClient = () => `198.51.100.${++clients}`;

/** The status and body of what a route answered (or threw), called the way Remix does. */
async function call(route: Route, token: string, client: string, language = "es"): Promise<{ status: number; text: string }> {
  const headers = new Headers({ Authorization: `Bearer ${token}`, "Accept-Language": language, Host: "localhost" });
  let body: FormData | undefined;
  if (route.method === "POST") {
    body = new FormData();
    body.set("intent", "preview");
    body.set("csv", "primaryGuest,maxGuests\nLuis Gómez,2\n");
  }
  const request = new Request(`http://localhost${route.path}`, { method: route.method, headers, body });
  let answer: unknown;
  try {
    answer = await route.handler({ request, params: route.params, context: { clientIp: client } });
  } catch (thrown) {
    answer = thrown;
  }
  if (answer instanceof Response) return { status: answer.status, text: await answer.text() };
  const init = (answer as { init?: { status?: number } | null }).init;
  return { status: init?.status ?? 200, text: JSON.stringify((answer as { data?: unknown }).data ?? answer) };
}

describe("wrong API tokens on every route that accepts the token", () => {
  it("are refused with 429 after the same number as /api, with the message in the request's language", async () => {
    const all = await routes();
    // How many wrong tokens /api answers before it refuses.
    const api = all[0];
    const apiClient = freshClient();
    let apiAnswered = 0;
    while ((await call(api, "wrong-token", apiClient)).status === 401) apiAnswered++;
    expect(apiAnswered).toBe(ALLOWANCE);

    for (const route of all) {
      const client = freshClient();
      for (let i = 0; i < apiAnswered; i++) {
        const answer = await call(route, `wrong-token-${i}`, client);
        expect(answer.status, `${route.name} wrong token ${i + 1}`).not.toBe(429);
        expect(answer.status, `${route.name} wrong token ${i + 1}`).not.toBe(200);
      }
      const spanish = await call(route, "wrong-token-again", client);
      expect(spanish.status, route.name).toBe(429);
      expect(spanish.text, route.name).toContain("Demasiados intentos");
      const english = await call(route, "wrong-token-again", client, "en");
      expect(english.status, route.name).toBe(429);
      expect(english.text, route.name).toContain("Too many attempts");
      // Past the allowance even the right token waits: guessing cannot go on.
      expect((await call(route, TOKEN, client)).status, route.name).toBe(429);
    }
  });

  it("leave the right token working for another client, and for the same one after the window", async () => {
    const all = await routes();
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    for (const route of all) {
      const client = freshClient();
      for (let i = 0; i <= ALLOWANCE; i++) await call(route, "wrong-token", client);
      expect((await call(route, TOKEN, client)).status, route.name).toBe(429);
      const other = await call(route, TOKEN, freshClient());
      expect(other.status, `${route.name} for another client`).toBe(200);
    }
    vi.setSystemTime(Date.now() + WINDOW_SECONDS * 1000 + 1);
    for (const route of all) {
      expect((await call(route, TOKEN, `198.51.100.${clients}`)).status, `${route.name} after the window`).toBe(200);
    }
  });
});
