import { describe, expect, it } from "vitest";
import * as byCode from "~/routes/api.invitations.$code";
import * as confirmRoute from "~/routes/api.invitations.$code.confirm";
import * as declineRoute from "~/routes/api.invitations.$code.decline";
import * as stats from "~/routes/api.invitations.stats";
import { invitationsTab } from "~/routes/admin.invitations/invitations.server";
import { screenAction } from "~/http/admin/tab-action.server";
import { confirmInvitation, createInvitation, declineInvitation, findInvitationById } from "~/models/invitations.server";
import { startAdminSessionHeader } from "~/infra/session.server";
import { postConfirmPage, unwrapAction } from "./helpers/confirm-page";
import { useTestDatabase } from "./helpers/test-db";

/** Answers over HTTP (decision 0012): the /api routes, the /confirm page action and the admin's 'Editar Invitación'. */

const TOKEN = "unit-admin-api-token-0123456789";
const ADMIN = { Authorization: `Bearer ${TOKEN}` };
type RouteModule = { loader: (args: never) => Promise<Response>; action: (args: never) => Promise<Response> };
let clients = 0;

async function call(mod: RouteModule, method: string, opts: { code: string; json?: unknown; headers?: Record<string, string>; ip?: string }) {
  const headers = new Headers(opts.headers);
  if (opts.json !== undefined) headers.set("Content-Type", "application/json");
  const request = new Request(`http://localhost/api/invitations/${opts.code}`, {
    method,
    headers,
    body: opts.json === undefined ? undefined : JSON.stringify(opts.json),
  });
  const run = (method === "GET" ? mod.loader : mod.action) as (args: unknown) => Promise<Response>;
  const response = await run({ request, params: { code: opts.code }, context: { clientIp: opts.ip ?? `10.9.0.${++clients}` } });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null };
}

async function make(primaryGuest: string, maxGuests: number) {
  const created = await createInvitation({ primaryGuest, maxGuests });
  if (!created.ok) throw new Error(created.error);
  return created.invitation;
}

async function postAdmin(form: Record<string, string>) {
  const cookie = (await startAdminSessionHeader(new Request("http://localhost/admin"))).split(";")[0];
  const request = new Request("http://localhost/admin/invitations", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: new URLSearchParams(form),
  });
  return unwrapAction(await screenAction(request, { clientIp: "203.0.113.1", cspNonce: "x" }, invitationsTab).catch((e: unknown) => e));
}

describe("answers over HTTP (RSVP open)", () => {
  useTestDatabase({ ADMIN_API_TOKEN: TOKEN, RSVP_DEADLINE: "2030-12-17T23:59:59-05:00", RATE_LIMIT_CODE_ATTEMPTS: "3" });

  it("POST /confirm takes a dietary note per guest and a message; GET shows status, dietary and message", async () => {
    const inv = await make("Ana", 2);
    const res = await call(confirmRoute, "POST", {
      code: inv.code,
      json: {
        guests: [
          { fullName: "Ana", dietary: " vegana " },
          { fullName: "Luis", dietary: null },
        ],
        message: "¡Gracias!",
      },
    });
    expect(res).toMatchObject({
      status: 200,
      json: {
        confirmed: true,
        status: "confirmed",
        message: "¡Gracias!",
        guests: [
          { fullName: "Ana", dietary: "vegana" },
          { fullName: "Luis", dietary: null },
        ],
      },
    });
    expect((await call(byCode, "GET", { code: inv.code })).json).toMatchObject({ status: "confirmed", message: "¡Gracias!" });
  });

  it("POST /confirm refuses a long note or message with a clear 400 (es/en) and changes nothing", async () => {
    const inv = await make("Ana", 1);
    const long = await call(confirmRoute, "POST", { code: inv.code, json: { guests: [{ fullName: "Ana", dietary: "x".repeat(121) }] } });
    expect(long).toEqual({ status: 400, json: { error: "Cada restricción alimentaria puede tener como máximo 120 caracteres." } });
    const en = await call(confirmRoute, "POST", { code: inv.code, json: { guests: [], message: "x".repeat(501) }, headers: { "Accept-Language": "en" } });
    expect(en).toEqual({ status: 400, json: { error: "The message can be at most 500 characters long." } });
    expect((await findInvitationById(inv.id))?.status).toBe("pending");
  });

  it("POST /decline: 200 the declined invitation, again 200; 409 once confirmed; 404 unknown; rate-limited like confirm", async () => {
    const inv = await make("Ana", 3);
    const ip = "10.8.0.1";
    expect(await call(declineRoute, "POST", { code: inv.code, ip })).toMatchObject({ status: 200, json: { status: "declined", confirmed: false } });
    // Three attempts allowed per client (RATE_LIMIT_CODE_ATTEMPTS), shared with confirm and look-ups.
    expect((await call(declineRoute, "POST", { code: inv.code, ip })).status).toBe(200);
    expect((await call(confirmRoute, "POST", { code: inv.code, ip, json: { guests: [] } })).status).toBe(409);
    expect((await call(declineRoute, "POST", { code: inv.code, ip })).status).toBe(429);

    const yes = await make("Sí", 1);
    await confirmInvitation(yes.code, []);
    expect(await call(declineRoute, "POST", { code: yes.code })).toEqual({
      status: 409,
      json: { error: "Esta invitación ya fue respondida; esta es la respuesta guardada." },
    });
    expect((await call(confirmRoute, "POST", { code: inv.code, json: { guests: [{ fullName: "X" }] } })).status).toBe(409);
    expect((await call(declineRoute, "POST", { code: "ZZZZZZ" })).status).toBe(404);
    expect((await call(declineRoute, "GET", { code: inv.code })).status).toBe(405);
  });

  it("PUT /api/invitations/{id} accepts status 'pending' | 'declined' (admin), refuses anything else", async () => {
    const inv = await make("Ana", 3);
    await confirmInvitation(inv.code, ["Luis"]);
    const id = String(inv.id);
    expect((await call(byCode, "PUT", { code: id, json: { status: "pending" } })).status).toBe(401);
    expect((await call(byCode, "PUT", { code: id, json: { status: "confirmed" }, headers: ADMIN })).status).toBe(400);
    const reset = await call(byCode, "PUT", { code: id, json: { status: "pending" }, headers: ADMIN });
    expect(reset.json).toMatchObject({ status: "pending", confirmed: false, guests: [{ fullName: "Ana" }] });
    expect((await call(byCode, "PUT", { code: id, json: { status: "declined" }, headers: ADMIN })).json).toMatchObject({ status: "declined" });
  });

  it("GET /stats adds declined, pending and dietary figures", async () => {
    await declineInvitation((await make("No", 2)).code);
    await make("Quizá", 3);
    const res = await call(stats, "GET", { code: "stats", headers: ADMIN });
    expect(res.json).toMatchObject({ declinedInvitations: 1, declinedSeats: 2, pendingInvitations: 1, pendingSeats: 3, dietaryCount: 0 });
  });

  it("the /confirm page: a 'no' redirects with a toast; a stale 'yes' then changes nothing", async () => {
    const inv = await make("Ana", 2);
    expect(await postConfirmPage(inv.code, { intent: "decline" })).toMatchObject({ status: 302, location: "/confirm" });
    expect((await findInvitationById(inv.id))?.status).toBe("declined");
    // Back to the stored answer, with the note (a flash toast), whoever sent it.
    const stale = await postConfirmPage(inv.code, { intent: "confirm", "guests[0]": "Luis" });
    expect(stale).toMatchObject({ status: 302, location: "/confirm" });
    expect(await findInvitationById(inv.id)).toMatchObject({ status: "declined", guests: [] });
  });

  it("the /confirm page: dietary notes by index with each name, the primary's note and the message", async () => {
    const inv = await make("Ana", 3);
    const res = await postConfirmPage(inv.code, {
      intent: "confirm",
      primaryDietary: "sin lactosa",
      "guests[1]": "Eva",
      "dietary[0]": "ignored: no name",
      "dietary[1]": "vegetariana",
      message: "Línea 1\r\nLínea 2",
    });
    expect(res).toMatchObject({ status: 302, location: "/confirm" });
    const stored = await findInvitationById(inv.id);
    expect(stored?.message).toBe("Línea 1\nLínea 2");
    expect(stored?.guests.map((g) => [g.fullName, g.dietary])).toEqual([
      ["Ana", "sin lactosa"],
      ["Eva", "vegetariana"],
    ]);
    expect(await postConfirmPage(inv.code, { intent: "decline" })).toMatchObject({ status: 302, location: "/confirm" });
    expect((await findInvitationById(inv.id))?.status).toBe("confirmed");
  });

  it("'Editar Invitación': asks before an answer change, then applies it; seats never below the confirmed guests", async () => {
    const inv = await make("Ana", 3);
    await confirmInvitation(inv.code, ["Luis", "Eva"]);
    const base = { intent: "editInvitation", id: String(inv.id), primaryGuest: "Ana", maxGuests: "3" };
    expect(await postAdmin({ ...base, maxGuests: "2" })).toMatchObject({
      status: 409,
      data: { error: { "": ["dashboard:toasts.updateInvitationError", "common:api.belowConfirmed"] } },
    });
    const asked = await postAdmin({ ...base, answer: "pending" });
    expect(asked).toMatchObject({ status: 409, data: { confirmAnswer: { id: inv.id, answer: "pending" } } });
    expect((await findInvitationById(inv.id))?.status).toBe("confirmed");
    // Saved: back to the list (POST/redirect/GET), its toast in the flash cookie.
    expect(await postAdmin({ ...base, answer: "pending", confirmed: "yes", primaryGuest: "Ana María" })).toMatchObject({
      status: 302,
      location: "/admin/invitations",
    });
    expect(await findInvitationById(inv.id)).toMatchObject({ status: "pending", primaryGuest: "Ana María", guests: [{ fullName: "Ana María" }] });
    expect((await postAdmin({ ...base, primaryGuest: " " })).status).toBe(400);
    expect((await postAdmin({ ...base, id: "99999", answer: "keep" })).status).toBe(404);
  });
});

describe("answers over HTTP after the deadline", () => {
  useTestDatabase({ ADMIN_API_TOKEN: TOKEN, RSVP_DEADLINE: "2020-12-17T23:59:59-05:00" });

  it("POST /decline is 403 and changes nothing", async () => {
    const inv = await make("Tarde", 1);
    expect(await call(declineRoute, "POST", { code: inv.code })).toEqual({
      status: 403,
      json: { error: "Las confirmaciones están cerradas: el plazo terminó el 17 de diciembre de 2020." },
    });
    expect((await findInvitationById(inv.id))?.status).toBe("pending");
  });
});
