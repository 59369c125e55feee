import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { describe, expect, it, vi } from "vitest";
import * as invitationsRoute from "~/routes/api.invitations._index";
import * as statsRoute from "~/routes/api.invitations.stats";
import { handleAdminAction, loadAdmin } from "~/http/admin-page.server";
import { createTab } from "~/routes/admin.create/create.server";
import { screenAction } from "~/http/admin/tab-action.server";
import { resetConfigForTests } from "~/infra/config.server";
import { migrateToLatest } from "~/infra/db.server";
import { finishSetup, resetSecretsForTests, sessionSecret, startSetup } from "~/infra/secrets.server";
import { startAdminSessionHeader } from "~/infra/session.server";
import { useScratchDatabase } from "./helpers/scratch-db";
import { useTestDatabase } from "./helpers/test-db";

const TOKEN = "unit-admin-api-token-0123456789";
const URL_BASE = "http://localhost/admin";

async function adminCookie(): Promise<string> {
  return (await startAdminSessionHeader(new Request(URL_BASE))).split(";")[0];
}

const isAdmin = async (cookie: string) => (await loadAdmin(new Request(URL_BASE, { headers: { Cookie: cookie } }))).authenticated;

/** Status and cookies of what the admin action answered: a redirect (Response) or data(). */
function answerOf(result: unknown): { status: number; setCookie: string[] } {
  if (result instanceof Response) return { status: result.status, setCookie: result.headers.getSetCookie() };
  const { init } = result as { init?: { status?: number; headers?: HeadersInit } | null };
  return { status: init?.status ?? 200, setCookie: new Headers(init?.headers).getSetCookie() };
}

/** Posts to the /admin layout's action (login, logout), or to Crear's for createInvitation. */
async function postAdmin(form: Record<string, string>, cookie?: string): Promise<{ status: number; setCookie: string[] }> {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded" });
  if (cookie) headers.set("Cookie", cookie);
  const create = form.intent === "createInvitation";
  const request = new Request(create ? `${URL_BASE}/create` : URL_BASE, { method: "POST", headers, body: new URLSearchParams(form) });
  const context = { clientIp: "203.0.113.5" };
  try {
    return answerOf(await (create ? screenAction(request, context, createTab) : handleAdminAction(request, context)));
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, setCookie: [] };
    throw thrown;
  }
}

/** GET /api/invitations/stats (admin) as a client at `ip`. */
async function stats(ip: string, headers: Record<string, string>) {
  const request = new Request("http://localhost/api/invitations/stats", { headers });
  const response = await statsRoute.loader({ request, params: {}, context: { clientIp: ip } });
  return { status: response.status, retryAfter: response.headers.get("Retry-After"), json: (await response.json()) as unknown };
}

describe("admin sessions are kept on the server", () => {
  useTestDatabase({ ADMIN_API_TOKEN: TOKEN });

  it("logout ends the session: a copy of the cookie gets the login dialog, 401 from the action and the API", async () => {
    const login = await postAdmin({ intent: "login", password: "test-admin-password" });
    const cookie = login.setCookie.find((c) => c.startsWith("wedding_admin="))!.split(";")[0];
    expect(await isAdmin(cookie)).toBe(true);
    expect((await stats("203.0.113.6", { Cookie: cookie })).status).toBe(200);

    expect((await postAdmin({ intent: "logout" }, cookie)).status).toBe(302);

    expect(await isAdmin(cookie)).toBe(false);
    expect((await postAdmin({ intent: "createInvitation", primaryGuest: "Replay", maxGuests: "1" }, cookie)).status).toBe(401);
    expect(await stats("203.0.113.6", { Cookie: cookie })).toMatchObject({ status: 401, json: { error: "No autorizado" } });
  });

  it("logging out one browser leaves another admin's session open", async () => {
    const mine = await adminCookie();
    const theirs = await adminCookie();
    await postAdmin({ intent: "logout" }, mine);
    expect(await isAdmin(mine)).toBe(false);
    expect(await isAdmin(theirs)).toBe(true);
  });

  it("a different ADMIN_PASSWORD ends every session opened before", async () => {
    const cookie = await adminCookie();
    expect(await isAdmin(cookie)).toBe(true);
    process.env.ADMIN_PASSWORD = "a-brand-new-password";
    resetConfigForTests();
    expect(await isAdmin(cookie)).toBe(false);
    // A session opened with the new password works.
    expect(await isAdmin(await adminCookie())).toBe(true);
  });

  it("a session is refused after 24 hours even when nothing else changed", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(new Date("2030-06-01T08:00:00Z"));
      const cookie = await adminCookie();
      vi.setSystemTime(new Date("2030-06-02T07:59:59Z"));
      expect(await isAdmin(cookie)).toBe(true);
      vi.setSystemTime(new Date("2030-06-02T08:00:00Z"));
      expect(await isAdmin(cookie)).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("admin sessions with the password chosen at setup", () => {
  useTestDatabase(
    { ADMIN_API_TOKEN: TOKEN },
    { sqliteOnly: "the generated password's hash is kept beside the SQLite file; PostgreSQL requires ADMIN_PASSWORD" },
  );

  it("a changed stored password (its hash) ends every session opened before", async () => {
    delete process.env.ADMIN_PASSWORD;
    resetConfigForTests();
    resetSecretsForTests();
    expect(startSetup()).toEqual(expect.any(String));
    finishSetup("the-first-chosen-password");
    const cookie = await adminCookie();
    expect(await isAdmin(cookie)).toBe(true);

    // The owner removes the hash to set the site up again (a new link on the next start).
    const file = path.join(path.dirname(process.env.DATABASE_PATH!), ".secrets.json");
    const stored = JSON.parse(fs.readFileSync(file, "utf8")) as { adminPasswordHash?: string };
    delete stored.adminPasswordHash;
    fs.writeFileSync(file, JSON.stringify(stored));
    resetSecretsForTests();
    expect(startSetup()).toEqual(expect.any(String));
    finishSetup("the-second-chosen-password");
    // The cookie secret is unchanged (same file): only the password is new.
    expect(JSON.parse(fs.readFileSync(file, "utf8"))).toMatchObject({ sessionSecret: sessionSecret() });
    expect(await isAdmin(cookie)).toBe(false);
  });
});

describe("guessing the admin API token", () => {
  useTestDatabase({ ADMIN_API_TOKEN: TOKEN, RATE_LIMIT_LOGIN_ATTEMPTS: "3" });

  it("wrong Bearer tokens count as failed logins: past the allowance even the right token gets 429 with Retry-After", async () => {
    const ip = "198.51.100.20";
    for (let i = 0; i < 3; i++) expect((await stats(ip, { Authorization: `Bearer wrong-token-${i}-000000000` })).status).toBe(401);
    const locked = await stats(ip, { Authorization: `Bearer wrong-token-x-000000000` });
    expect(locked.status).toBe(429);
    expect(Number(locked.retryAfter)).toBeGreaterThan(0);
    expect(locked.json).toEqual({ error: expect.stringMatching(/^Demasiados intentos/) });
    const right = await stats(ip, { Authorization: `Bearer ${TOKEN}` });
    expect(right.status).toBe(429);
    expect(Number(right.retryAfter)).toBeGreaterThan(0);
    // Another client is not affected.
    expect((await stats("198.51.100.21", { Authorization: `Bearer ${TOKEN}` })).status).toBe(200);
  });

  it("the right token never counts, and the locked-out client gets in once the window has passed", async () => {
    const ip = "198.51.100.30";
    for (let i = 0; i < 10; i++) expect((await stats(ip, { Authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(new Date("2030-06-01T08:00:00Z"));
      for (let i = 0; i < 4; i++) await stats(ip, { Authorization: "Bearer still-wrong-000000000000" });
      expect((await stats(ip, { Authorization: `Bearer ${TOKEN}` })).status).toBe(429);
      vi.setSystemTime(new Date("2030-06-01T08:10:01Z"));
      expect((await stats(ip, { Authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a wrong token also counts against the admin password of the same client", async () => {
    const ip = "198.51.100.40";
    for (let i = 0; i < 3; i++) await stats(ip, { Authorization: "Bearer wrong-token-000000000000" });
    const request = new Request(URL_BASE, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "login", password: "test-admin-password" }),
    });
    const answer = await handleAdminAction(request, { clientIp: ip });
    expect(answerOf(answer).status).toBe(429);
  });

  it("POST /api/invitations with a wrong token creates nothing and counts", async () => {
    const ip = "198.51.100.50";
    const post = (token: string) =>
      invitationsRoute.action({
        request: new Request("http://localhost/api/invitations", {
          method: "POST",
          headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
          body: JSON.stringify({ primaryGuest: "Intrusa", maxGuests: 1 }),
        }),
        params: {},
        context: { clientIp: ip },
      });
    for (let i = 0; i < 3; i++) expect((await post("wrong-token-000000000000")).status).toBe(401);
    expect((await post(TOKEN)).status).toBe(429);
  });
});

describe("the admin_sessions migration", () => {
  const openScratch = useScratchDatabase();

  it("opens a database made by the previous schema and keeps its data", async () => {
    const database = await openScratch("2026-11-22T000000_initial");
    await sql`INSERT INTO invitations (code, primary_guest, max_guests, confirmed, confirmed_at) VALUES ('QWERTY', 'Eva Ruiz', 2, 1, '2025-11-02T10:00:00.000Z')`.execute(
      database,
    );
    await sql`INSERT INTO guests (invitation_id, full_name, is_primary) VALUES (1, 'Eva Ruiz', 1), (1, 'Leo Ruiz', 0)`.execute(database);
    await sql`INSERT INTO gallery_sections (name, "order", allow_upload, is_active) VALUES ('Fiesta', 1, 0, 1)`.execute(database);

    await migrateToLatest(database);

    expect(await database.selectFrom("invitations").select(["code", "primary_guest", "max_guests", "confirmed"]).execute()).toEqual([
      { code: "QWERTY", primary_guest: "Eva Ruiz", max_guests: 2, confirmed: 1 },
    ]);
    expect(await database.selectFrom("guests").select("full_name").orderBy("id").execute()).toEqual([{ full_name: "Eva Ruiz" }, { full_name: "Leo Ruiz" }]);
    expect(await database.selectFrom("gallery_sections").select(["name", "allow_upload"]).execute()).toEqual([{ name: "Fiesta", allow_upload: 0 }]);
    await database.insertInto("admin_sessions").values({ id: "abc", created_at: 1, expires_at: 2, ended_at: null, password_tag: "t" }).execute();
    expect(await database.selectFrom("admin_sessions").select("id").execute()).toEqual([{ id: "abc" }]);
  });
});
