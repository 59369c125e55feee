import { describe, expect, it } from "vitest";
import { loadReminders, remindersScreen } from "~/http/admin/reminders.server";
import { screenAction } from "~/http/admin/tab-action.server";
import { startAdminSessionHeader } from "~/infra/session.server";
import { confirmInvitation, createInvitation, findInvitationById } from "~/models/invitations.server";
import * as whatsApp from "~/routes/admin_.reminders.$id.whatsapp";
import { db } from "~/infra/db.server";
import { useTestDatabase } from "./helpers/test-db";

const adminCookie = async () => (await startAdminSessionHeader(new Request("http://localhost/admin"))).split(";")[0];
const context = { clientIp: "203.0.113.7", cspNonce: "x" };

async function make(primaryGuest: string, extra: { phone?: string; language?: "es" | "en" } = {}) {
  const created = await createInvitation({ primaryGuest, maxGuests: 2, ...extra });
  if (!created.ok) throw new Error(created.error);
  return created.invitation;
}

/** POST /admin/reminders/{id}/whatsapp as the page's form (without JavaScript) sends it. */
async function openWhatsApp(id: number | string, cookie?: string) {
  const request = new Request(`http://localhost/admin/reminders/${id}/whatsapp`, { method: "POST", headers: cookie ? { Cookie: cookie } : {} });
  return whatsApp.action({ request, params: { id: String(id) }, context });
}

const count = async (id: number) => (await findInvitationById(id))?.reminderCount;

describe("'Por responder': recording reminders over HTTP", () => {
  useTestDatabase({ RSVP_DEADLINE: "2030-12-17T23:59:59-05:00", PUBLIC_URL: "https://boda.example.com" });

  it("'Recordar por WhatsApp' without JavaScript records, then goes to the guest's chat with the reminder in the invitation's language", async () => {
    const inv = await make("John Smith", { phone: "+1 212 555 0123", language: "en" });
    const response = await openWhatsApp(inv.id, await adminCookie());
    expect(response.status).toBe(302);
    const location = response.headers.get("Location") ?? "";
    expect(location).toMatch(/^https:\/\/wa\.me\/12125550123\?text=/);
    expect(decodeURIComponent(location.split("?text=")[1])).toBe(
      `Hi John Smith! A friendly reminder that we are still waiting for your answer to our wedding invitation. You can reply until December 17, 2030 on your personal invitation: https://boda.example.com/i/${inv.code}`,
    );
    expect(await count(inv.id)).toBe(1);
  });

  it("a GET or HEAD of the address (a link preview, a prefetch) records nothing and goes back to 'Por responder'", async () => {
    const inv = await make("John Smith", { phone: "+1 212 555 0123" });
    const cookie = await adminCookie();
    for (const method of ["GET", "HEAD"]) {
      const request = new Request(`http://localhost/admin/reminders/${inv.id}/whatsapp`, { method, headers: { Cookie: cookie } });
      const loader = whatsApp.loader as unknown as (args: unknown) => Response | Promise<Response>;
      const response = await loader({ request, params: { id: String(inv.id) }, context });
      expect([response.status, response.headers.get("Location")]).toEqual([302, "/admin/reminders"]);
    }
    expect(await count(inv.id)).toBe(0);
  });

  it("a post from another site records nothing", async () => {
    const inv = await make("John Smith", { phone: "+1 212 555 0123" });
    const request = new Request(`http://localhost/admin/reminders/${inv.id}/whatsapp`, {
      method: "POST",
      headers: { Cookie: await adminCookie(), Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    });
    const response = await whatsApp.action({ request, params: { id: String(inv.id) }, context });
    expect([response.status, response.headers.get("Location")]).toEqual([302, "/admin/reminders"]);
    expect(await count(inv.id)).toBe(0);
  });

  it("records nothing without the admin session, for an answered invitation or an unknown id", async () => {
    const inv = await make("Ana");
    const stranger = await openWhatsApp(inv.id);
    expect([stranger.status, stranger.headers.get("Location")]).toEqual([302, "/admin/reminders"]);
    expect(await count(inv.id)).toBe(0);

    await confirmInvitation(inv.code, ["Luis"]);
    const cookie = await adminCookie();
    const answered = await openWhatsApp(inv.id, cookie);
    expect([answered.status, answered.headers.get("Location")]).toEqual([302, "/admin/reminders"]);
    expect(answered.headers.get("Set-Cookie")).toBeTruthy();
    expect(await count(inv.id)).toBe(0);
    for (const id of ["999999", "abc", "0"]) expect((await openWhatsApp(id, cookie)).headers.get("Location"), id).toBe("/admin/reminders");
  });

  it("the screen's action records a reminder (a copy, or WhatsApp with JavaScript) and refuses an answered invitation", async () => {
    const inv = await make("Ana");
    const post = async (body: string, cookie: string) =>
      (await screenAction(
        new Request("http://localhost/admin/reminders", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
          body,
        }),
        context,
        remindersScreen,
      )) as unknown as Response | { data: { error?: Record<string, string[]> }; init: { status: number } };
    const cookie = await adminCookie();
    const done = await post(`intent=remindInvitation&id=${inv.id}`, cookie);
    expect(done instanceof Response && [done.status, done.headers.get("Location")]).toEqual([302, "/admin/reminders"]);
    expect(await count(inv.id)).toBe(1);

    await confirmInvitation(inv.code, ["Luis"]);
    const refused = await post(`intent=remindInvitation&id=${inv.id}`, cookie);
    expect(!(refused instanceof Response) && [refused.init.status, refused.data.error]).toEqual([409, { "": ["reminders:remind.notPending"] }]);
    // Another screen's form is refused (its fields are not this screen's) and does nothing.
    const other = await post(`intent=deleteInvitation&id=${inv.id}&confirmed=yes`, cookie).catch((thrown: Response) => thrown);
    expect(other instanceof Response ? other.status : other.init.status).toBe(400);
    expect(await count(inv.id)).toBe(1);
    expect(await findInvitationById(inv.id)).not.toBeNull();
  });
});

describe("'Por responder' after the deadline", () => {
  useTestDatabase({ RSVP_DEADLINE: "2025-12-17T23:59:59-05:00" });

  it("lists nothing, says the deadline passed, and records no reminder", async () => {
    const inv = await make("Ana");
    expect(await loadReminders(new Request("http://localhost/admin/reminders"))).toEqual({ open: false, deadline: "2025-12-17T23:59:59-05:00", rows: [] });
    expect((await openWhatsApp(inv.id, await adminCookie())).headers.get("Location")).toBe("/admin/reminders");
    expect(await count(inv.id)).toBe(0);
  });
});

describe("'Por responder' with e-mail", () => {
  useTestDatabase({
    RSVP_DEADLINE: "2030-12-17T23:59:59-05:00",
    PUBLIC_URL: "https://boda.example.com",
    SMTP_URL: "smtp://127.0.0.1:2525",
    MAIL_FROM: "Boda <boda@example.com>",
  });

  it("'Enviar recordatorio por correo' on the screen queues one reminder and records it; the same form again queues nothing", async () => {
    const inv = await make("Ana");
    await db().updateTable("invitations").set({ email: "ana@example.com" }).where("id", "=", inv.id).execute();
    const cookie = await adminCookie();
    const send = () =>
      screenAction(
        new Request("http://localhost/admin/reminders", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
          body: `intent=sendReminderEmail&id=${inv.id}&seen=`,
        }),
        context,
        remindersScreen,
      ) as unknown as Promise<Response | { init: { status: number } }>;
    const sent = await send();
    expect(sent instanceof Response && [sent.status, sent.headers.get("Location")]).toEqual([302, "/admin/reminders"]);
    const queued = await db().selectFrom("outbox").select(["kind", "recipient"]).execute();
    expect(queued).toEqual([{ kind: "reminder", recipient: "ana@example.com" }]);
    expect(await count(inv.id)).toBe(1);

    const replayed = await send();
    expect(replayed instanceof Response ? replayed.status : replayed.init.status).toBe(409);
    expect(await db().selectFrom("outbox").select("id").execute()).toHaveLength(1);
    expect(await count(inv.id)).toBe(1);
  });
});
