import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { handleConfirmAction } from "~/routes/confirm/confirm.server";
import { db } from "~/infra/db.server";
import { startAdminSessionHeader } from "~/infra/session.server";
import { createInvitation, findInvitationById } from "~/models/invitations.server";
import * as details from "~/routes/api.invitations.$code.details";
import * as validate from "~/routes/api.invitations.validate.$code";
import * as personalLink from "~/routes/i.$code";
import { useTestDatabase } from "./helpers/test-db";

const TOKEN = "unit-admin-api-token-0123456789";
const context = { clientIp: "203.0.113.9", cspNonce: "x" };
const CHROME = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";

async function make() {
  const created = await createInvitation({ primaryGuest: "Ana", maxGuests: 2 });
  if (!created.ok) throw new Error(created.error);
  return created.invitation;
}

const opened = async (id: number) => (await findInvitationById(id))?.openedFirstAt ?? null;

/** GET /i/{code} as a browser would send it. */
async function openLink(code: string, headers: Record<string, string> = {}, method = "GET") {
  const request = new Request(`http://localhost/i/${code}`, { method, headers: { "User-Agent": CHROME, ...headers } });
  return (await personalLink.loader({ request, params: { code }, context })) as Response;
}

const adminCookie = async () => (await startAdminSessionHeader(new Request("http://localhost/admin"))).split(";")[0];

describe("'Abrió la invitación': who counts as opening it", () => {
  useTestDatabase({ RSVP_DEADLINE: "2030-12-17T23:59:59-05:00", ADMIN_API_TOKEN: TOKEN });

  it("a guest opening the personal link is recorded", async () => {
    const inv = await make();
    expect(await opened(inv.id)).toBeNull();
    const response = await openLink(inv.code);
    expect(response.status).toBe(302);
    expect(await opened(inv.id)).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it("the admin's visits, link previews, prefetches and HEAD never count", async () => {
    const inv = await make();
    await openLink(inv.code, { Cookie: await adminCookie() });
    await openLink(inv.code, { "User-Agent": "WhatsApp/2.23.20.0 A" });
    await openLink(inv.code, { "User-Agent": "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)" });
    await openLink(inv.code, { "User-Agent": "TelegramBot (like TwitterBot)" });
    await openLink(inv.code, { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });
    await openLink(inv.code, { "Sec-Purpose": "prefetch;prerender" });
    await openLink(inv.code, {}, "HEAD");
    expect(await opened(inv.id)).toBeNull();
    const api = (mod: typeof validate, path: string, headers: Record<string, string>) =>
      mod.loader({ request: new Request(`http://localhost${path}`, { headers: { "User-Agent": CHROME, ...headers } }), params: { code: inv.code }, context });
    await api(validate, `/api/invitations/validate/${inv.code}`, { Authorization: `Bearer ${TOKEN}` });
    await api(details, `/api/invitations/${inv.code}/details`, { Cookie: await adminCookie() });
    expect(await opened(inv.id)).toBeNull();
    // The same calls from a guest count.
    const answer = await api(validate, `/api/invitations/validate/${inv.code}`, {});
    expect(await answer.json()).toEqual({ valid: true });
    expect(await opened(inv.id)).not.toBeNull();
  });

  it("a code entered in 'Verificar Código' or looked up through the API's details counts", async () => {
    const typed = await make();
    const request = new Request("http://localhost/confirm", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": CHROME },
      body: `intent=verify&code=${typed.code.toLowerCase()}`,
    });
    const answer = await handleConfirmAction(request, context);
    expect(answer instanceof Response && answer.status).toBe(302);
    expect(await opened(typed.id)).not.toBeNull();

    const looked = await make();
    const response = await details.loader({
      request: new Request(`http://localhost/api/invitations/${looked.code}/details`),
      params: { code: looked.code },
      context,
    });
    expect(response.status).toBe(200);
    expect(await opened(looked.id)).not.toBeNull();
  });

  it("an unknown code records nothing anywhere", async () => {
    const inv = await make();
    expect((await openLink("ZZZZZZ")).headers.get("Location")).toBe("/confirm");
    expect(await db().selectFrom("invitations").select("opened_first_at").where("opened_first_at", "is not", null).execute()).toEqual([]);
    expect(await opened(inv.id)).toBeNull();
  });
});

describe("recording an opening never fails the guest's page", () => {
  useTestDatabase({ RSVP_DEADLINE: "2030-12-17T23:59:59-05:00" }, { sqliteOnly: "a trigger makes the write fail, as a full disk would" });

  it("the personal link still stores the code and goes to /confirm when the write fails", async () => {
    const inv = await make();
    await sql`CREATE TRIGGER refuse_opening BEFORE UPDATE OF opened_last_at ON invitations BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END`.execute(db());
    const response = await openLink(inv.code);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/confirm");
    expect(response.headers.get("Set-Cookie")).toContain("wedding");
    expect(await opened(inv.id)).toBeNull();
  });
});
