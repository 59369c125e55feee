import { describe, expect, it } from "vitest";
import * as byCode from "~/routes/api.invitations.$code";
import * as invitationsRoute from "~/routes/api.invitations._index";
import { createInvitation, getStats, listInvitations, updateInvitation } from "~/models/invitations.server";
import { useTestDatabase } from "./helpers/test-db";

const TOKEN = "unit-admin-api-token-0123456789";

/** 17 invitations of 8 seats: 136 of the 140 handed out. */
async function almostFull() {
  for (let i = 0; i < 17; i++) {
    const created = await createInvitation({ primaryGuest: `Lleno ${i}`, maxGuests: 8 });
    if (!created.ok) throw new Error(created.error);
  }
}

async function api(
  mod: { action: typeof invitationsRoute.action },
  method: string,
  url: string,
  body: unknown,
  params: Record<string, string> = {},
  lang?: string,
) {
  const headers: Record<string, string> = { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" };
  if (lang) headers["Accept-Language"] = lang;
  const request = new Request(`http://localhost${url}`, { method, headers, body: JSON.stringify(body) });
  const response = await mod.action({ request, params, context: { clientIp: "192.0.2.77" } });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe("the capacity of 140 seats, in the invitation domain", () => {
  useTestDatabase({ ADMIN_API_TOKEN: TOKEN });

  it("createInvitation refuses to go past 140 unless allowed", async () => {
    await almostFull();
    expect(await createInvitation({ primaryGuest: "Justo", maxGuests: 4 })).toMatchObject({ ok: true }); // exactly 140
    expect(await createInvitation({ primaryGuest: "De más", maxGuests: 2 })).toEqual({ ok: false, error: "overCapacity", total: 142, capacity: 140 });
    expect((await getStats()).totalGuests).toBe(140);
    expect(await createInvitation({ primaryGuest: "De más", maxGuests: 2 }, { allowOverCapacity: true })).toMatchObject({ ok: true });
    expect((await getStats()).totalGuests).toBe(142);
  });

  it("updateInvitation refuses raising seats past 140 unless allowed; lowering and renaming always work", async () => {
    await almostFull();
    const created = await createInvitation({ primaryGuest: "Cambiante", maxGuests: 2 });
    if (!created.ok) throw new Error(created.error);
    const id = created.invitation.id;
    expect(await updateInvitation(id, { maxGuests: 4 })).toMatchObject({ ok: true }); // 140
    expect(await updateInvitation(id, { maxGuests: 5 })).toEqual({ ok: false, error: "overCapacity", total: 141, capacity: 140 });
    expect(await updateInvitation(id, { maxGuests: 6 }, { allowOverCapacity: true })).toMatchObject({ ok: true, invitation: { maxGuests: 6 } });
    // Already over: renaming or lowering is not blocked.
    expect(await updateInvitation(id, { primaryGuest: "Renombrada" })).toMatchObject({ ok: true });
    expect(await updateInvitation(id, { maxGuests: 5 })).toMatchObject({ ok: true, invitation: { maxGuests: 5 } });
  });

  it("two creations at once cannot both pass the check", async () => {
    await almostFull();
    const results = await Promise.all([
      createInvitation({ primaryGuest: "Carrera A", maxGuests: 4 }),
      createInvitation({ primaryGuest: "Carrera B", maxGuests: 4 }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.error === "overCapacity")).toHaveLength(1);
    expect((await getStats()).totalGuests).toBe(140);
  });

  it("a creation and a raise at once cannot both pass the check", async () => {
    await almostFull();
    const small = await createInvitation({ primaryGuest: "Pequeña", maxGuests: 2 }); // 138
    if (!small.ok) throw new Error(small.error);
    const results = await Promise.all([updateInvitation(small.invitation.id, { maxGuests: 4 }), createInvitation({ primaryGuest: "Carrera", maxGuests: 2 })]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect((await getStats()).totalGuests).toBe(140);
  });

  it("POST /api/invitations answers 409 { error, total, capacity } unless allowOverCapacity: true", async () => {
    await almostFull();
    const refused = await api(invitationsRoute, "POST", "/api/invitations", { primaryGuest: "Por API", maxGuests: 5 });
    expect(refused).toEqual({
      status: 409,
      json: { error: expect.stringContaining("141 puestos, más que la capacidad de 140"), total: 141, capacity: 140 },
    });
    const english = await api(invitationsRoute, "POST", "/api/invitations", { primaryGuest: "Por API", maxGuests: 5 }, {}, "en");
    expect(english.json.error).toEqual(expect.stringContaining("141 seats, more than the capacity of 140"));
    expect((await listInvitations()).some((i) => i.primaryGuest === "Por API")).toBe(false);
    const allowed = await api(invitationsRoute, "POST", "/api/invitations", { primaryGuest: "Por API", maxGuests: 5, allowOverCapacity: true });
    expect(allowed).toMatchObject({ status: 201, json: { primaryGuest: "Por API", maxGuests: 5 } });
  });

  it("PUT /api/invitations/{id} raising the seats past 140 answers 409 unless allowOverCapacity: true", async () => {
    await almostFull();
    const created = await createInvitation({ primaryGuest: "Sube", maxGuests: 4 });
    if (!created.ok) throw new Error(created.error);
    const id = String(created.invitation.id);
    const refused = await api(byCode, "PUT", `/api/invitations/${id}`, { maxGuests: 6 }, { code: id });
    expect(refused).toMatchObject({ status: 409, json: { total: 142, capacity: 140, error: expect.any(String) } });
    expect((await getStats()).totalGuests).toBe(140);
    const allowed = await api(byCode, "PUT", `/api/invitations/${id}`, { maxGuests: 6, allowOverCapacity: true }, { code: id });
    expect(allowed).toMatchObject({ status: 200, json: { maxGuests: 6 } });
  });
});
