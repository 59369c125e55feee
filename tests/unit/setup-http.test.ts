import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { loadAdmin } from "~/http/admin-page.server";
import { resetConfigForTests } from "~/infra/config.server";
import { db } from "~/infra/db.server";
import { checkAdminPassword, setupPending, startSetup } from "~/infra/secrets.server";
import { contentHistory } from "~/models/content-store.server";
import { currentContent } from "~/models/content-live.server";
import { handleSetup, loadSetupPage } from "~/routes/setup/setup.server";
import { useTestDatabase } from "./helpers/test-db";

const BASE = "http://localhost:3000";

/** Status, headers and body of what the loader or action answered: data(), a Response, or a thrown Response. */
async function answer(run: () => Promise<unknown>): Promise<{ status: number; headers: Headers; body: unknown }> {
  try {
    const result = await run();
    if (result instanceof Response) return { status: result.status, headers: result.headers, body: null };
    const { init, data } = result as { init?: { status?: number; headers?: HeadersInit } | null; data: unknown };
    return { status: init?.status ?? 200, headers: new Headers(init?.headers), body: data };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, headers: thrown.headers, body: null };
    throw thrown;
  }
}

const ctx = (ip: string): AppLoadContext => ({ clientIp: ip, cspNonce: "x" });

const good = (token: string, extra: Record<string, string> = {}) => ({
  token,
  names: "Ana & Luis",
  timeZone: "Europe/Madrid",
  weddingDate: "2031-06-20T18:30",
  rsvpDeadline: "2031-05-20T23:59",
  password: "una-clave-larga",
  confirmPassword: "una-clave-larga",
  ...extra,
});

const post = (form: Record<string, string>, ip = "203.0.113.9", language?: "en") =>
  answer(() =>
    handleSetup(
      new Request(`${BASE}/setup`, {
        method: "POST",
        body: new URLSearchParams(form),
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          ...(language ? { Cookie: `lng=${Buffer.from(JSON.stringify(language)).toString("base64")}` } : {}),
        },
      }),
      ctx(ip),
    ),
  );

const get = (query: string, ip = "203.0.113.9") => answer(() => loadSetupPage(new Request(`${BASE}/setup${query}`), ctx(ip)));

/** Nothing was set up: no password, no content saved, no invitations, the token still pending. */
async function expectNothingChanged() {
  expect(await contentHistory()).toEqual([]);
  expect(await db().selectFrom("invitations").select("id").execute()).toEqual([]);
  expect(await db().selectFrom("gallery_sections").select("id").execute()).toEqual([]);
  expect(setupPending()).toBe(true);
}

describe("/setup", () => {
  useTestDatabase({ ADMIN_PASSWORD: "", RATE_LIMIT_LOGIN_ATTEMPTS: "3" }, { sqliteOnly: "the setup token is kept beside the SQLite file" });

  const pending = () => {
    delete process.env.ADMIN_PASSWORD;
    resetConfigForTests();
    return startSetup()!;
  };

  it("the printed token opens the page; no token, a wrong one or a spent one is the not-found page, for GET and POST, changing nothing", async () => {
    const token = pending();
    expect((await get(`?token=${token}`)).status).toBe(200);
    expect((await get(`?token=${token}`)).headers.get("Cache-Control")).toBe("no-store");
    expect((await get("")).status).toBe(404);
    expect((await get("?token=wrong")).status).toBe(404);
    expect((await post(good(""))).status).toBe(404);
    expect((await post(good("wrong"), "203.0.113.10")).status).toBe(404);
    await expectNothingChanged();

    expect((await post(good(token))).status).toBe(302);
    expect((await get(`?token=${token}`)).status).toBe(404);
    expect((await post(good(token, { password: "otra-clave-larga", confirmPassword: "otra-clave-larga" }))).status).toBe(404);
    expect(checkAdminPassword("una-clave-larga")).toBe(true);
    expect(checkAdminPassword("otra-clave-larga")).toBe(false);
  });

  it("with ADMIN_PASSWORD set there is no setup: 404", async () => {
    process.env.ADMIN_PASSWORD = "configured-password";
    resetConfigForTests();
    expect(startSetup()).toBeNull();
    expect((await get("?token=anything")).status).toBe(404);
    expect((await post(good("anything"))).status).toBe(404);
  });

  it("wrong tokens count as failed logins: past the allowance even the right token waits (429 with Retry-After)", async () => {
    const token = pending();
    const ip = "198.51.100.77";
    for (let i = 0; i < 3; i++) expect((await get(`?token=guess${i}`, ip)).status).toBe(404);
    const limited = await get("?token=guess4", ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await get(`?token=${token}`, ip)).status).toBe(429);
    expect((await post(good(token), ip)).status).toBe(429);
    await expectNothingChanged();
    // Another client is not held back.
    expect((await get(`?token=${token}`, "198.51.100.78")).status).toBe(200);
  });

  it("refuses a short password, a mismatch or a deadline after the wedding with the message, saving nothing", async () => {
    const token = pending();
    const short = await post(good(token, { password: "corta", confirmPassword: "corta" }));
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toContain("setup:errors.passwordTooShort");
    const mismatch = await post(good(token, { confirmPassword: "una-clave-distinta" }));
    expect(mismatch.status).toBe(400);
    expect(JSON.stringify(mismatch.body)).toContain("setup:errors.passwordMismatch");
    // What was typed comes back, never the password.
    expect(JSON.stringify(mismatch.body)).not.toContain("una-clave");
    const late = await post(good(token, { rsvpDeadline: "2031-07-01T12:00" }));
    expect(late.status).toBe(400);
    expect(JSON.stringify(late.body)).toContain("setup:errors.deadlineAfterWedding");
    const past = await post(good(token, { weddingDate: "2001-06-20T18:30", rsvpDeadline: "2001-05-20T18:30" }));
    expect(past.status).toBe(400);
    expect(JSON.stringify(past.body)).toContain("setup:errors.weddingPast");
    await expectNothingChanged();
  });

  it("a plain urlencoded post sets the site up: 302 to /admin with the session cookie, names and dates saved in Contenido (Historial), demo data if ticked", async () => {
    const token = pending();
    const done = await post(good(token, { demo: "on" }));
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/admin");
    const cookie = done.headers.get("Set-Cookie")!.split(";")[0];
    expect((await loadAdmin(new Request(`${BASE}/admin`, { headers: { Cookie: cookie } }))).authenticated).toBe(true);

    const couple = (await currentContent()).couple;
    expect(couple).toMatchObject({ names: "Ana & Luis", timeZone: "Europe/Madrid", weddingDate: "2031-06-20T18:30", rsvpDeadline: "2031-05-20T23:59" });
    expect((await contentHistory()).map((save) => save.section)).toEqual(["couple"]);
    expect(await db().selectFrom("invitations").select("id").execute()).toHaveLength(3);
    expect((await db().selectFrom("gallery_sections").select("id").execute()).length).toBeGreaterThan(0);
    expect(setupPending()).toBe(false);
    expect(checkAdminPassword("una-clave-larga")).toBe(true);
  });

  it("demo unticked leaves the guest list and the gallery empty", async () => {
    const token = pending();
    expect((await post(good(token))).status).toBe(302);
    expect(await db().selectFrom("invitations").select("id").execute()).toEqual([]);
    expect(await db().selectFrom("gallery_sections").select("id").execute()).toEqual([]);
  });
});
