import { describe, expect, it } from "vitest";
import * as invitationsApi from "~/routes/api.invitations._index";
import * as invitationsScreen from "~/routes/admin.invitations/route";
import * as exportCsv from "~/routes/admin_.export[.]csv";
import * as countsRoute from "~/routes/recepcion[.]json";
import { doorAction, loadDoor } from "~/routes/recepcion/recepcion.server";
import { loadAdmin } from "~/http/admin-page.server";
import { screenAction } from "~/http/admin/tab-action.server";
import { createTab } from "~/routes/admin.create/create.server";
import { doorAccess } from "~/http/door-access.server";
import { db } from "~/infra/db.server";
import { startAdminSessionHeader } from "~/infra/session.server";
import { codeInScan } from "~/lib/door";
import { arrivalCounts, checkDoorKey, markArrival, searchDoor, setDoorKey, undoArrival } from "~/models/door.server";
import { confirmInvitation, createInvitation, updateInvitation } from "~/models/invitations.server";
import { getSetting } from "~/models/site-settings.server";
import { setMenuSettings } from "~/models/menu.server";
import { useTestDatabase } from "./helpers/test-db";

const BASE = "http://localhost";
const context = { clientIp: "203.0.113.40" };

/** Posts a form to /recepcion's action; the answer's status and session cookie. */
async function postDoor(form: Record<string, string>, cookie?: string, ip = context.clientIp) {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded" });
  if (cookie) headers.set("Cookie", cookie);
  const request = new Request(`${BASE}/recepcion`, { method: "POST", headers, body: new URLSearchParams(form) });
  const answer = (await doorAction(request, { clientIp: ip })) as unknown;
  if (answer instanceof Response) {
    const set = answer.headers.getSetCookie().find((c) => c.startsWith("wedding_admin="));
    return { status: answer.status, location: answer.headers.get("Location"), cookie: set?.split(";")[0] };
  }
  const { init, data } = answer as { init?: { status?: number } | null; data: unknown };
  return { status: init?.status ?? 200, location: null, cookie: undefined, data };
}

async function doorCookie(key = "puerta-123") {
  const login = await postDoor({ intent: "login", key });
  expect(login.status).toBe(302);
  return login.cookie!;
}

async function confirmed(primaryGuest: string, others: string[] = []) {
  const created = await createInvitation({ primaryGuest, maxGuests: others.length + 1 });
  if (!created.ok) throw new Error("not created");
  const answer = await confirmInvitation(created.invitation.code, others);
  if (!answer.ok) throw new Error(`not confirmed: ${answer.error}`);
  return answer.invitation;
}

const get = (path: string, cookie?: string) => new Request(`${BASE}${path}`, { headers: cookie ? { Cookie: cookie } : {} });

describe("the door key ('Clave de recepción')", () => {
  useTestDatabase({ RSVP_DEADLINE: "2030-12-17T23:59:59-05:00", ADMIN_API_TOKEN: "unit-admin-api-token-0123456789" });

  it("needs at least six characters and is never the admin password; nothing is stored when refused", async () => {
    expect(await setDoorKey("12345")).toEqual({ ok: false, error: "tooShort" });
    expect(await setDoorKey("test-admin-password")).toEqual({ ok: false, error: "sameAsAdmin" });
    expect(await setDoorKey("x".repeat(201))).toEqual({ ok: false, error: "tooLong" });
    expect(await getSetting("door_key_hash")).toBeNull();
    expect(await setDoorKey("123456")).toEqual({ ok: true });
  });

  it("is stored hashed (salted scrypt, never the key) and checked against the hash", async () => {
    await setDoorKey("puerta-123");
    const stored = (await getSetting("door_key_hash"))!;
    expect(stored).not.toContain("puerta-123");
    expect(stored).toMatch(/^[0-9a-f]{32}:[0-9a-f]{64}$/);
    expect(await checkDoorKey("puerta-123")).not.toBeNull();
    expect(await checkDoorKey("Puerta-123")).toBeNull();
  });

  it("signs the door in with the key alone; a wrong key is a 401 and counts as a failed login", async () => {
    await setDoorKey("puerta-123");
    const wrong = await postDoor({ intent: "login", key: "otra-clave" });
    expect(wrong).toMatchObject({ status: 401, data: { error: "door:login.wrongKey" } });
    // The admin password is not the door key.
    expect((await postDoor({ intent: "login", key: "test-admin-password" })).status).toBe(401);
    const cookie = await doorCookie();
    expect(await doorAccess(get("/recepcion", cookie))).toBe("door");
  });

  it("shares the admin's login allowance: past it even the right key waits (429)", async () => {
    await setDoorKey("puerta-123");
    const ip = "203.0.113.41";
    let last = 0;
    for (let i = 0; i < 20 && last !== 429; i++) last = (await postDoor({ intent: "login", key: "nope-nope" }, undefined, ip)).status;
    expect(last).toBe(429);
    expect((await postDoor({ intent: "login", key: "puerta-123" }, undefined, ip)).status).toBe(429);
  });

  it("changing the key ends every door session opened with the old one, and the old key stops working", async () => {
    await setDoorKey("puerta-123");
    const cookie = await doorCookie();
    expect(await doorAccess(get("/recepcion", cookie))).toBe("door");
    await setDoorKey("nueva-456");
    expect(await doorAccess(get("/recepcion", cookie))).toBeNull();
    expect((await postDoor({ intent: "login", key: "puerta-123" })).status).toBe(401);
    expect(await doorAccess(get("/recepcion", await doorCookie("nueva-456")))).toBe("door");
    // The rows say so too.
    const open = await db().selectFrom("admin_sessions").select("id").where("role", "=", "door").where("ended_at", "is", null).execute();
    expect(open).toHaveLength(1);
  });

  it("nobody signs in at the door before a key is set", async () => {
    expect((await postDoor({ intent: "login", key: "cualquier-cosa" })).status).toBe(401);
  });

  it("logout ends the door's session on the server", async () => {
    await setDoorKey("puerta-123");
    const cookie = await doorCookie();
    expect((await postDoor({ intent: "logout" }, cookie)).status).toBe(302);
    expect(await doorAccess(get("/recepcion", cookie))).toBeNull();
  });
});

describe("a door session can only search, mark arrivals and see tables", () => {
  useTestDatabase({ RSVP_DEADLINE: "2030-12-17T23:59:59-05:00", ADMIN_API_TOKEN: "unit-admin-api-token-0123456789" });

  it("every admin screen, admin download and /api route answers a door cookie as no session", async () => {
    await setDoorKey("puerta-123");
    const cookie = await doorCookie();
    expect((await loadAdmin(get("/admin", cookie))).authenticated).toBe(false);
    expect(await invitationsScreen.loader({ request: get("/admin/invitations", cookie), params: {}, context })).toBeNull();
    const api = await invitationsApi.loader({ request: get("/api/invitations", cookie), params: {}, context });
    expect(api.status).toBe(401);
    await expect(exportCsv.loader({ request: get("/admin/export.csv", cookie), params: {}, context })).rejects.toMatchObject({ status: 401 });
    // Nor may it post any admin form: 'Crear Invitación' is refused and creates nothing.
    const create = new Request(`${BASE}/admin/create`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
      body: new URLSearchParams({ intent: "createInvitation", primaryGuest: "Intruso", maxGuests: "1" }),
    });
    await expect(screenAction(create, context, createTab)).rejects.toMatchObject({ status: 401 });
    expect(await db().selectFrom("invitations").select("id").execute()).toEqual([]);
  });

  it("the admin's own session may use the door; no session may not (401 for the counts and marks)", async () => {
    const admin = (await startAdminSessionHeader(get("/admin"))).split(";")[0];
    expect(await doorAccess(get("/recepcion", admin))).toBe("admin");
    const inv = await confirmed("Ana Pérez");
    const anonymous = await countsRoute.loader({ request: get("/recepcion.json"), params: {}, context });
    expect(anonymous.status).toBe(401);
    expect((await postDoor({ intent: "mark", guest: String(inv.guests[0]!.id) })).status).toBe(401);
    expect((await arrivalCounts()).arrived).toBe(0);
    const signedIn = await countsRoute.loader({ request: get("/recepcion.json", admin), params: {}, context });
    expect(signedIn.headers.get("Cache-Control")).toBe("no-store");
    expect(await signedIn.json()).toEqual({ arrived: 0, confirmed: 1 });
  });

  it("marks and undoes through the page's forms, back to the same search (POST/redirect/GET)", async () => {
    await setDoorKey("puerta-123");
    const cookie = await doorCookie();
    const inv = await confirmed("José Muñoz");
    const marked = await postDoor({ intent: "mark", guest: String(inv.guests[0]!.id), q: "jose" }, cookie);
    expect(marked).toMatchObject({ status: 302, location: "/recepcion?q=jose" });
    expect(await arrivalCounts()).toEqual({ arrived: 1, confirmed: 1 });
    const page = (await loadDoor(get("/recepcion?q=jose", cookie))) as unknown as { data: { results: { people: { arrivedAt: string | null }[] }[] } };
    expect(page.data.results[0]!.people[0]!.arrivedAt).not.toBeNull();
    expect((await postDoor({ intent: "undo", guest: String(inv.guests[0]!.id), q: "jose" }, cookie)).status).toBe(302);
    expect(await arrivalCounts()).toEqual({ arrived: 0, confirmed: 1 });
  });
});

describe("the door's search", () => {
  useTestDatabase({ RSVP_DEADLINE: "2030-12-17T23:59:59-05:00" });

  it("ignores accents and case, every word must match, and finds only confirmed invitations", async () => {
    await confirmed("José Muñoz", ["Lucía Muñoz"]);
    await confirmed("María García");
    const pending = await createInvitation({ primaryGuest: "Josefina Pendiente", maxGuests: 1 });
    expect(pending.ok).toBe(true);

    const names = async (q: string) => (await searchDoor(q)).map((i) => i.people.map((p) => p.name));
    expect(await names("Jose")).toEqual([["José Muñoz", "Lucía Muñoz"]]);
    expect(await names("munoz")).toEqual([["José Muñoz", "Lucía Muñoz"]]);
    expect(await names("LUCIA   muñoz")).toEqual([["José Muñoz", "Lucía Muñoz"]]);
    expect(await names("garcia")).toEqual([["María García"]]);
    expect(await names("jose garcia")).toEqual([]);
    expect(await names("Josefina")).toEqual([]);
    expect(await names("   ")).toEqual([]);
  });

  it("a personal link or a code (the guest's QR code) finds its invitation", async () => {
    const inv = await confirmed("Pedro Páramo");
    expect((await searchDoor(`https://boda.example/i/${inv.code}`)).map((i) => i.code)).toEqual([inv.code]);
    expect((await searchDoor(inv.code.toLowerCase())).map((i) => i.code)).toEqual([inv.code]);
    expect(codeInScan("https://boda.example/gallery")).toBeNull();
    expect(codeInScan("José Muñoz")).toBeNull();
  });

  it("shows each person's table when seated and their dish when the couple has a menu", async () => {
    const inv = await confirmed("Ana Torres", ["Luis Torres"]);
    const table = await db()
      .insertInto("seating_tables")
      .values({ name: "Mesa 4", seats: 8, token: "t".repeat(22), position: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const dish = await db().insertInto("menu_dishes").values({ name: "Pescado", name_en: "Fish", position: 1 }).returning("id").executeTakeFirstOrThrow();
    await db().updateTable("guests").set({ table_id: table.id, dish_id: dish.id }).where("id", "=", inv.guests[0]!.id).execute();
    const [found] = await searchDoor("torres");
    expect(found!.people).toEqual([
      { id: inv.guests[0]!.id, name: "Ana Torres", table: "Mesa 4", dish: { name: "Pescado", nameEn: "Fish" }, arrivedAt: null },
      { id: inv.guests[1]!.id, name: "Luis Torres", table: null, dish: null, arrivedAt: null },
    ]);
    // The door's page shows a dish only while the couple asks for the menu.
    const admin = (await startAdminSessionHeader(get("/admin"))).split(";")[0];
    const dishes = async () => {
      const page = (await loadDoor(get("/recepcion?q=torres", admin))) as unknown as { data: { results: { people: { dish: unknown }[] }[] } };
      return page.data.results[0]!.people.map((p) => p.dish);
    };
    expect(await dishes()).toEqual([null, null]);
    await setMenuSettings({ askMenu: true, askChildren: false });
    expect(await dishes()).toEqual([{ name: "Pescado", nameEn: "Fish" }, null]);
  });
});

describe("arrivals", () => {
  useTestDatabase({ RSVP_DEADLINE: "2030-12-17T23:59:59-05:00" });

  it("marking twice keeps the first time; undoing twice changes nothing more; counts follow", async () => {
    const inv = await confirmed("Ana Pérez", ["Leo Pérez"]);
    const [ana, leo] = inv.guests;
    expect(await arrivalCounts()).toEqual({ arrived: 0, confirmed: 2 });
    expect(await markArrival(ana!.id, new Date("2031-01-17T19:42:00Z"))).toEqual({ ok: true });
    expect(await markArrival(ana!.id, new Date("2031-01-17T20:00:00Z"))).toEqual({ ok: true });
    const row = await db().selectFrom("guests").select("arrived_at").where("id", "=", ana!.id).executeTakeFirstOrThrow();
    expect(row.arrived_at).toBe("2031-01-17T19:42:00.000Z");
    expect(await arrivalCounts()).toEqual({ arrived: 1, confirmed: 2 });
    await markArrival(leo!.id);
    expect(await arrivalCounts()).toEqual({ arrived: 2, confirmed: 2 });
    expect(await undoArrival(leo!.id)).toEqual({ ok: true });
    expect(await undoArrival(leo!.id)).toEqual({ ok: true });
    expect(await arrivalCounts()).toEqual({ arrived: 1, confirmed: 2 });
  });

  it("only people of confirmed invitations are marked or counted", async () => {
    // Set back to pending by the couple: the primary guest's row stays, but the invitation is not confirmed.
    const inv = await confirmed("Sin Respuesta");
    expect((await updateInvitation(inv.id, { status: "pending" })).ok).toBe(true);
    expect(await markArrival(inv.guests[0]!.id)).toEqual({ ok: false, error: "notFound" });
    expect(await searchDoor("sin respuesta")).toEqual([]);
    expect(await markArrival(999_999)).toEqual({ ok: false, error: "notFound" });
    expect(await arrivalCounts()).toEqual({ arrived: 0, confirmed: 0 });
  });

  it("a new answer keeps the arrival of each person whose name stays (any case or accents)", async () => {
    const inv = await confirmed("José Muñoz", ["Lucía Muñoz"]);
    const [jose] = inv.guests;
    await markArrival(jose!.id, new Date("2031-01-17T19:42:00Z"));
    // The couple sets the answer back to pending and the guests answer again.
    expect((await updateInvitation(inv.id, { status: "pending", maxGuests: 3 })).ok).toBe(true);
    const again = await confirmInvitation(inv.code, ["Lucia Munoz", "Pablo Muñoz"]);
    expect(again.ok).toBe(true);
    const rows = await db().selectFrom("guests").select(["full_name", "arrived_at"]).where("invitation_id", "=", inv.id).orderBy("id").execute();
    expect(rows).toEqual([
      { full_name: "José Muñoz", arrived_at: "2031-01-17T19:42:00.000Z" },
      { full_name: "Lucia Munoz", arrived_at: null },
      { full_name: "Pablo Muñoz", arrived_at: null },
    ]);
  });
});
