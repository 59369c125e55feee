import { describe, expect, it, vi } from "vitest";
import { db } from "~/infra/db.server";
import type { AppLoadContext } from "@remix-run/node";
import { handleAdminAction, loadAdmin } from "~/http/admin-page.server";
import { createTab, loadCreateTab } from "~/routes/admin.create/create.server";
import { galleryTab, loadGalleryTab } from "~/routes/admin.gallery/gallery.server";
import { invitationsTab, loadInvitationsTab } from "~/routes/admin.invitations/invitations.server";
import { loadReminders, remindersScreen } from "~/http/admin/reminders.server";
import { loadStatsTab } from "~/routes/admin._index/stats.server";
import { screenAction, screenLoader, type AdminScreenActions } from "~/http/admin/tab-action.server";
import type { AdminOperation } from "~/lib/admin-schemas";
import { createSection, listSections } from "~/models/gallery.server";
import { confirmInvitation, createInvitation, findInvitationById, listInvitations } from "~/models/invitations.server";
import { startAdminSessionHeader } from "~/infra/session.server";
import { useTestDatabase } from "./helpers/test-db";

const URL_BASE = "http://localhost/admin";

/** The admin session's Cookie header, as a browser would send it back. */
async function adminCookie(): Promise<string> {
  const setCookie = await startAdminSessionHeader(new Request(URL_BASE));
  return setCookie.split(";")[0];
}

interface Answer {
  status: number;
  data?: Record<string, unknown>;
  location?: string | null;
  setCookie: string[];
}

/** Each admin screen: its URL, its action and its loader (the routes' own, app/routes/admin.*.tsx). */
const SCREENS = {
  stats: { path: "", actions: null, load: loadStatsTab },
  invitations: { path: "/invitations", actions: invitationsTab, load: loadInvitationsTab },
  create: { path: "/create", actions: createTab, load: loadCreateTab },
  gallery: { path: "/gallery", actions: galleryTab, load: loadGalleryTab },
  reminders: { path: "/reminders", actions: remindersScreen, load: loadReminders },
} as const;
type Screen = keyof typeof SCREENS;

/** The screen whose form sends this intent (login and logout: the /admin layout). */
function screenOf(intent: string | undefined): Exclude<Screen, "stats"> | null {
  for (const screen of ["invitations", "create", "gallery", "reminders"] as const) {
    if (intent && Object.hasOwn(SCREENS[screen].actions.handlers, intent)) return screen;
  }
  return null;
}

/**
 * Posts a form to the admin action that answers it (its screen's, or the layout's for login and
 * logout; `to` posts it to another screen) and normalises what comes back (data(), a redirect or
 * a thrown 401).
 */
async function post(form: Record<string, string>, opts: { cookie?: string; ip?: string; origin?: string; to?: Screen } = {}): Promise<Answer> {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded" });
  if (opts.cookie) headers.set("Cookie", opts.cookie);
  if (opts.origin) headers.set("Origin", opts.origin);
  const screen = opts.to ?? screenOf(form.intent);
  const request = new Request(`${URL_BASE}${screen ? SCREENS[screen].path : ""}`, { method: "POST", headers, body: new URLSearchParams(form) });
  const context: AppLoadContext = { clientIp: opts.ip ?? "203.0.113.1", cspNonce: "x" };
  const actions = screen ? (SCREENS[screen].actions as AdminScreenActions<AdminOperation> | null) : null;
  let result: unknown;
  try {
    result = await (screen ? screenAction(request, context, actions!) : handleAdminAction(request, context));
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    const text = await result.text();
    return {
      status: result.status,
      location: result.headers.get("Location"),
      // A form the screen does not have is refused before parsing, as a short text (form.server.ts).
      data: text && result.headers.get("Content-Type")?.includes("json") ? (JSON.parse(text) as Record<string, unknown>) : text ? { text } : undefined,
      setCookie: result.headers.getSetCookie(),
    };
  }
  const wrapped = result as { data: Record<string, unknown>; init?: { status?: number; headers?: HeadersInit } | null };
  return { status: wrapped.init?.status ?? 200, data: wrapped.data, setCookie: new Headers(wrapped.init?.headers).getSetCookie() };
}

async function invitation(primaryGuest: string, maxGuests: number, confirmWith?: string[]) {
  const created = await createInvitation({ primaryGuest, maxGuests });
  if (!created.ok) throw new Error(created.error);
  if (confirmWith) {
    const confirmed = await confirmInvitation(created.invitation.code, confirmWith);
    if (!confirmed.ok) throw new Error(confirmed.error);
  }
  return created.invitation;
}

const guestId = async (name: string) => (await db().selectFrom("guests").select("id").where("full_name", "=", name).executeTakeFirstOrThrow()).id;

/** A screen's route loader, as Remix calls it. */
async function load(screen: Screen, query = "", cookie?: string): Promise<unknown> {
  const request = new Request(`${URL_BASE}${SCREENS[screen].path}${query}`, { headers: cookie ? { Cookie: cookie } : {} });
  const loadScreen: (request: Request) => Promise<unknown> = SCREENS[screen].load;
  return screenLoader(loadScreen)({ request, params: {}, context: {} });
}

describe("admin page loaders", () => {
  useTestDatabase({ RSVP_DEADLINE: "2030-12-17T23:59:59-05:00" });

  it("the layout gives nothing but 'locked' without the session", async () => {
    await invitation("Secreta", 2);
    expect(await loadAdmin(new Request(`${URL_BASE}/invitations`))).toEqual({ authenticated: false });
    const forged = new Request(`${URL_BASE}/invitations`, { headers: { Cookie: "wedding_admin=eyJhZG1pbiI6dHJ1ZX0%3D.forged" } });
    expect(await loadAdmin(forged)).toEqual({ authenticated: false });
  });

  it("every screen's loader loads nothing without the session (the layout shows the login)", async () => {
    await invitation("Secreta", 2);
    for (const screen of Object.keys(SCREENS) as Screen[]) {
      for (const cookie of [undefined, "wedding_admin=garbage", "wedding_admin=eyJhZG1pbiI6dHJ1ZX0%3D.forged"]) {
        expect(await load(screen, "", cookie), `${screen} ${cookie}`).toBeNull();
      }
    }
  });

  it("with the session, each screen loads only what it shows", async () => {
    const ana = await invitation("Ana", 3);
    await createSection({ name: "Fiesta" });
    const cookie = await adminCookie();
    expect(await load("stats", "", cookie)).toEqual({ stats: expect.objectContaining({ totalGuests: 3 }), dietary: [] });
    expect(await load("create", "", cookie)).toEqual({ stats: expect.objectContaining({ totalGuests: 3 }), created: null });
    // After 'Crear Invitación': the new invitation, for its link and 'Compartir'; a code that names none, nothing.
    expect(await load("create", `?created=${ana.code}`, cookie)).toMatchObject({ created: { code: ana.code, primaryGuest: "Ana", language: "es" } });
    expect(await load("create", "?created=NOSUCH", cookie)).toMatchObject({ created: null });
    expect(await load("invitations", "", cookie)).toEqual({ invitations: [expect.objectContaining({ primaryGuest: "Ana" })], pendingCount: 1, emails: {} });
    expect(await load("reminders", "", cookie)).toEqual({
      open: true,
      deadline: "2030-12-17T23:59:59-05:00",
      rows: [expect.objectContaining({ primaryGuest: "Ana", reminderCount: 0, message: expect.stringContaining("¡Hola, Ana!") })],
    });
    expect(await load("gallery", "", cookie)).toEqual({ sections: [expect.objectContaining({ name: "Fiesta", is_active: false })] });
    expect(await loadAdmin(new Request(URL_BASE, { headers: { Cookie: cookie } }))).toEqual({ authenticated: true });
  });

  it("a list that fails to load is reported in place instead of breaking the page", async () => {
    const cookie = await adminCookie();
    await createSection({ name: "Rota" });
    await db().schema.dropTable("media").execute();
    expect(await load("gallery", "", cookie)).toMatchObject({ sections: { error: expect.any(String) } });
  });
});

describe("admin action: access", () => {
  useTestDatabase({ RSVP_DEADLINE: "2030-12-17T23:59:59-05:00" });

  it("every intent but login answers 401 'No autorizado' without the session and changes nothing", async () => {
    const inv = await invitation("Intocable", 3, ["Intocable", "Acompañante"]);
    const section = await createSection({ name: "Intocable", is_active: true });
    if (!section.ok) throw new Error(section.error);
    const other = await guestId("Acompañante");
    const forms: Record<string, string>[] = [
      { intent: "logout" },
      { intent: "createInvitation", primaryGuest: "Intruso", maxGuests: "2" },
      { intent: "deleteInvitation", id: String(inv.id), confirmed: "yes" },
      { intent: "deleteGuest", id: String(other), confirmed: "yes" },
      { intent: "createSection", name: "Intrusa" },
      { intent: "editSection", id: String(section.section.id), name: "Cambiada" },
      { intent: "setSectionActive", id: String(section.section.id), value: "false" },
      { intent: "setSectionUpload", id: String(section.section.id), value: "false" },
      { intent: "deleteSection", id: String(section.section.id), confirmed: "yes" },
      { intent: "deleteMedia", id: "1", confirmed: "yes" },
      { intent: "remindInvitation", id: String(inv.id) },
      { intent: "whatever" },
      {},
    ];
    for (const form of forms) {
      const answer = await post(form, { cookie: "wedding_admin=garbage" });
      expect(answer.status, JSON.stringify(form)).toBe(401);
      expect(answer.data, JSON.stringify(form)).toEqual({ error: "No autorizado" });
    }
    // Every screen's action, whatever it is sent.
    for (const to of ["invitations", "create", "gallery", "reminders"] as const) {
      for (const form of [{ intent: "whatever" }, {}, { intent: "createSection", name: "Intrusa" }] as Record<string, string>[]) {
        expect((await post(form, { to })).status, `${to} ${JSON.stringify(form)}`).toBe(401);
      }
    }
    expect(await listInvitations()).toMatchObject([
      { primaryGuest: "Intocable", maxGuests: 3, reminderCount: 0, guests: [{ fullName: "Intocable" }, { fullName: "Acompañante" }] },
    ]);
    expect(await listSections({ includeInactive: true })).toMatchObject([{ name: "Intocable", is_active: true, allow_upload: true }]);
  });

  it("a wrong password is refused with 401; the right one starts a session-only, httpOnly, strict cookie", async () => {
    const wrong = await post({ intent: "login", password: "nope" });
    expect(wrong.status).toBe(401);
    expect(wrong.data).toMatchObject({
      ok: false,
      error: { "": ["dashboard:login.wrongPassword"] },
      toast: { kind: "error", key: "dashboard:login.wrongPassword" },
    });
    expect(wrong.setCookie).toEqual([]);

    const right = await post({ intent: "login", password: "test-admin-password" });
    expect(right.status).toBe(302);
    const session = right.setCookie.find((c) => c.startsWith("wedding_admin="))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Strict/i);
    expect(session).not.toMatch(/Max-Age|Expires/i);
    // '¡Acceso concedido!' travels in the flash cookie.
    expect(right.setCookie.some((c) => c.startsWith("wedding_flash="))).toBe(true);
    const cookie = session.split(";")[0];
    expect(await loadAdmin(new Request(URL_BASE, { headers: { Cookie: cookie } }))).toMatchObject({ authenticated: true });
  });

  it("a right password redirects back to the admin page it was asked on, never elsewhere (POST/redirect/GET)", async () => {
    const answer = await post({ intent: "login", password: "test-admin-password" });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/admin");
    const back = await post({ intent: "login", password: "test-admin-password", redirectTo: "/admin/invitations?status=pending" });
    expect(back.location).toBe("/admin/invitations?status=pending");
    for (const redirectTo of ["https://evil.example/admin", "//evil.example/admin", "/\\evil.example", "/gallery", "/administrar"]) {
      expect((await post({ intent: "login", password: "test-admin-password", redirectTo })).location, redirectTo).toBe("/admin");
    }
  });

  it("login attempts are rate-limited per client (429 with the minutes to wait); success clears the count", async () => {
    let last: Answer | undefined;
    for (let i = 0; i < 20; i++) {
      last = await post({ intent: "login", password: `guess-${i}` }, { ip: "198.51.100.7" });
      if (last.status === 429) break;
    }
    expect(last?.status).toBe(429);
    expect(last?.data).toMatchObject({
      error: { "": ["common:tooManyRequests"] },
      toast: { key: "common:tooManyRequests" },
      retryAfterMinutes: expect.any(Number),
    });
    // Locked out even with the right password; another client is not.
    expect((await post({ intent: "login", password: "test-admin-password" }, { ip: "198.51.100.7" })).status).toBe(429);
    expect((await post({ intent: "login", password: "test-admin-password" }, { ip: "198.51.100.8" })).status).toBe(302);
  });

  it("after the lockout window the locked-out client can log in with the right password", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(new Date("2030-06-01T08:00:00Z"));
      let last: Answer | undefined;
      for (let i = 0; i < 20 && last?.status !== 429; i++) last = await post({ intent: "login", password: `guess-${i}` }, { ip: "198.51.100.9" });
      expect(last?.status).toBe(429);
      const minutes = (last?.data as { retryAfterMinutes: number }).retryAfterMinutes;
      vi.setSystemTime(new Date(Date.parse("2030-06-01T08:00:00Z") + minutes * 60_000 - 5_000));
      expect((await post({ intent: "login", password: "test-admin-password" }, { ip: "198.51.100.9" })).status).toBe(429);
      vi.setSystemTime(new Date(Date.parse("2030-06-01T08:00:00Z") + minutes * 60_000 + 1_000));
      expect((await post({ intent: "login", password: "test-admin-password" }, { ip: "198.51.100.9" })).status).toBe(302);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a success clears the failed attempts of that client", async () => {
    for (let i = 0; i < 3; i++) expect((await post({ intent: "login", password: "wrong" }, { ip: "192.0.2.9" })).status).toBe(401);
    expect((await post({ intent: "login", password: "test-admin-password" }, { ip: "192.0.2.9" })).status).toBe(302);
    for (let i = 0; i < 3; i++) expect((await post({ intent: "login", password: "wrong" }, { ip: "192.0.2.9" })).status).toBe(401);
  });

  it("logout ends the session", async () => {
    const answer = await post({ intent: "logout" }, { cookie: await adminCookie() });
    expect(answer.status).toBe(302);
    const cleared = answer.setCookie.find((c) => c.startsWith("wedding_admin="))!;
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/i);
  });

  it("an admin session older than a day is refused, even though the browser still sends it", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(new Date("2030-06-01T08:00:00Z"));
      const cookie = await adminCookie();
      vi.setSystemTime(new Date("2030-06-02T07:59:00Z"));
      expect((await post({ intent: "createInvitation", primaryGuest: "A tiempo", maxGuests: "1" }, { cookie })).status).toBe(302);
      vi.setSystemTime(new Date("2030-06-02T08:00:01Z"));
      const late = await post({ intent: "createInvitation", primaryGuest: "Tarde", maxGuests: "1" }, { cookie });
      expect(late.status).toBe(401);
      expect((await listInvitations()).map((i) => i.primaryGuest)).toEqual(["A tiempo"]);
      expect(await loadAdmin(new Request(URL_BASE, { headers: { Cookie: cookie } }))).toEqual({ authenticated: false });
    } finally {
      vi.useRealTimers();
    }
  });

  it("a form posted from another site is refused, even with the session", async () => {
    const answer = await post(
      { intent: "createInvitation", primaryGuest: "Forjada", maxGuests: "1" },
      { cookie: await adminCookie(), origin: "https://evil.example" },
    );
    expect(answer.status).toBe(403);
    expect(await listInvitations()).toEqual([]);
  });
});

describe("admin action: operations", () => {
  useTestDatabase({ RSVP_DEADLINE: "2030-12-17T23:59:59-05:00" });

  it("a screen's action answers only its own intents: another screen's is refused (400) and does nothing", async () => {
    const cookie = await adminCookie();
    const inv = await invitation("Quieta", 2);
    const section = await createSection({ name: "Quieta", is_active: true });
    if (!section.ok) throw new Error(section.error);
    const strays: [Screen, Record<string, string>][] = [
      ["invitations", { intent: "createInvitation", primaryGuest: "Colada", maxGuests: "2" }],
      ["invitations", { intent: "setSectionActive", id: String(section.section.id), value: "false" }],
      ["gallery", { intent: "deleteInvitation", id: String(inv.id), confirmed: "yes" }],
      ["gallery", { intent: "createInvitation", primaryGuest: "Colada", maxGuests: "2" }],
      ["create", { intent: "deleteSection", id: String(section.section.id), confirmed: "yes" }],
      ["create", { intent: "login", password: "test-admin-password" }],
      ["create", { intent: "logout" }],
    ];
    for (const [to, form] of strays) {
      const answer = await post(form, { cookie, to });
      expect(answer.status, `${form.intent} to ${to}`).toBe(400);
      expect(answer.setCookie, `${form.intent} to ${to}`).toEqual([]);
    }
    expect((await listInvitations()).map((i) => i.primaryGuest)).toEqual(["Quieta"]);
    expect(await listSections({ includeInactive: true })).toMatchObject([{ name: "Quieta", is_active: true }]);
    // Its own intents go through on the same screen.
    expect((await post({ intent: "setSectionActive", id: String(section.section.id), value: "false" }, { cookie, to: "gallery" })).status).toBe(302);
  });

  it("creates an invitation and answers its code; blank names and seats outside 1..8 are refused", async () => {
    const cookie = await adminCookie();
    // The same answer for the page's script and a plain form: back to Crear with the new code, scrolled
    // to it (on a phone it would otherwise sit under the toast).
    const created = await post({ intent: "createInvitation", primaryGuest: "  Nueva  Persona ", maxGuests: "4" }, { cookie });
    expect(created.status).toBe(302);
    const [inv] = await listInvitations();
    expect(inv).toMatchObject({ primaryGuest: "Nueva Persona", maxGuests: 4, confirmed: false });
    expect(created.location).toBe(`/admin/create?created=${inv.code}&createdFor=Nueva+Persona#created-invitation`);
    expect(created.setCookie.some((c) => c.startsWith("wedding_flash="))).toBe(true);

    const plain = await post({ intent: "createInvitation", primaryGuest: "Sin JS", maxGuests: "1" }, { cookie });
    expect(plain.status).toBe(302);
    expect(plain.location).toMatch(/^\/admin\/create\?created=[A-Z0-9]+&createdFor=Sin\+JS#created-invitation$/);

    const blank = await post({ intent: "createInvitation", primaryGuest: "   ", maxGuests: "2" }, { cookie });
    expect(blank.status).toBe(400);
    expect(JSON.stringify(blank.data)).toContain("dashboard:create.nameRequired");
    for (const maxGuests of ["0", "9", "2.5", "muchos", ""]) {
      expect((await post({ intent: "createInvitation", primaryGuest: "Fuera", maxGuests }, { cookie })).status, maxGuests).toBe(400);
    }
    expect((await listInvitations()).map((i) => i.primaryGuest).sort()).toEqual(["Nueva Persona", "Sin JS"]);
  });

  it("asks before handing out more than 140 seats, and creates when told to go ahead", async () => {
    const cookie = await adminCookie();
    for (let i = 0; i < 17; i++) await invitation(`Lleno ${i}`, 8); // 136 seats
    const ok = await post({ intent: "createInvitation", primaryGuest: "Cabe", maxGuests: "4" }, { cookie });
    expect(ok.status).toBe(302); // exactly 140: no warning
    const warned = await post({ intent: "createInvitation", primaryGuest: "No cabe", maxGuests: "1" }, { cookie });
    expect(warned.status).toBe(409);
    expect(warned.data).toMatchObject({ capacityWarning: { total: 141, capacity: 140 }, initialValue: { primaryGuest: "No cabe", maxGuests: "1" } });
    expect((await listInvitations()).some((i) => i.primaryGuest === "No cabe")).toBe(false);
    const anyway = await post({ intent: "createInvitation", primaryGuest: "No cabe", maxGuests: "1", overCapacity: "yes" }, { cookie });
    expect(anyway.status).toBe(302);
    expect((await listInvitations()).some((i) => i.primaryGuest === "No cabe")).toBe(true);
  });

  it("deletes ask first without JavaScript: a confirm step, then the delete", async () => {
    const cookie = await adminCookie();
    const inv = await invitation("Borrable", 2);
    const step = await post({ intent: "deleteInvitation", id: String(inv.id), name: "Borrable" }, { cookie });
    expect(step.status).toBe(302);
    expect(step.location).toBe(`/admin/invitations?confirm=deleteInvitation&id=${inv.id}&name=Borrable`);
    expect(await findInvitationById(inv.id)).not.toBeNull();
    const done = await post({ intent: "deleteInvitation", id: String(inv.id), confirmed: "yes" }, { cookie });
    expect(done.status).toBe(302);
    expect(done.location).toBe("/admin/invitations");
    expect(await findInvitationById(inv.id)).toBeNull();
    // Gone already: the generic error message.
    const again = await post({ intent: "deleteInvitation", id: String(inv.id), confirmed: "yes" }, { cookie });
    expect(again.status).toBe(404);
    expect(again.data).toMatchObject({ toast: { kind: "error", key: "dashboard:toasts.deleteInvitationError" } });
  });

  it("deletes an additional guest (a seat fewer) but never the primary guest", async () => {
    const cookie = await adminCookie();
    const inv = await invitation("Principal", 3, ["Principal", "Otro", "Otra"]);
    const primary = await post({ intent: "deleteGuest", id: String(await guestId("Principal")), confirmed: "yes" }, { cookie });
    expect(primary.status).toBe(409);
    expect(primary.data).toMatchObject({ error: { "": ["dashboard:toasts.primaryGuest"] }, toast: { key: "dashboard:toasts.primaryGuest" } });
    const other = await post({ intent: "deleteGuest", id: String(await guestId("Otro")), confirmed: "yes" }, { cookie });
    expect(other.status).toBe(302);
    expect(await findInvitationById(inv.id)).toMatchObject({ maxGuests: 2, guests: [{ fullName: "Principal" }, { fullName: "Otra" }] });
    const missing = await post({ intent: "deleteGuest", id: "99999", confirmed: "yes" }, { cookie });
    expect(missing.status).toBe(404);
    expect(missing.data).toMatchObject({ toast: { key: "dashboard:toasts.deleteGuestError" } });
  });

  it("creates, toggles, edits and deletes sections with the spec's defaults and messages", async () => {
    const cookie = await adminCookie();
    const blank = await post({ intent: "createSection", name: "  " }, { cookie });
    expect(blank.status).toBe(400);
    expect(JSON.stringify(blank.data)).toContain("dashboard:gallery.nameRequired");
    // A plain form sends the switch only when it is on: allow_upload on, is_active off.
    expect((await post({ intent: "createSection", name: "Primera", allow_upload: "on" }, { cookie })).status).toBe(302);
    expect((await post({ intent: "createSection", name: "Segunda", is_active: "on" }, { cookie })).status).toBe(302);
    // eslint-disable-next-line prefer-const -- first is read again below
    let [first, second] = await listSections({ includeInactive: true });
    expect(first).toMatchObject({ name: "Primera", order: 1, allow_upload: true, is_active: false });
    expect(second).toMatchObject({ name: "Segunda", order: 2, allow_upload: false, is_active: true });

    expect((await post({ intent: "setSectionActive", id: String(first.id), value: "true" }, { cookie })).status).toBe(302);
    expect((await post({ intent: "setSectionUpload", id: String(first.id), value: "false" }, { cookie })).status).toBe(302);
    expect((await post({ intent: "editSection", id: String(first.id), name: "Renombrada", description: "Nueva" }, { cookie })).status).toBe(302);
    [first] = await listSections({ includeInactive: true });
    expect(first).toMatchObject({ name: "Renombrada", description: "Nueva", is_active: true, allow_upload: false });
    const blankEdit = await post({ intent: "editSection", id: String(first.id), name: " " }, { cookie });
    expect(blankEdit.status).toBe(400);
    const missing = await post({ intent: "setSectionActive", id: "99999", value: "true" }, { cookie });
    expect(missing.status).toBe(404);
    expect(missing.data).toMatchObject({ toast: { key: "dashboard:toasts.updateSectionError" } });

    expect((await post({ intent: "deleteSection", id: String(second.id), confirmed: "yes" }, { cookie })).status).toBe(302);
    expect((await listSections({ includeInactive: true })).map((s) => s.name)).toEqual(["Renombrada"]);
    const gone = await post({ intent: "deleteSection", id: String(second.id), confirmed: "yes" }, { cookie });
    expect(gone.data).toMatchObject({ toast: { key: "dashboard:toasts.deleteSectionError" } });
  });

  it("deletes a single photo (moderation)", async () => {
    const cookie = await adminCookie();
    const section = await createSection({ name: "Con fotos", is_active: true });
    if (!section.ok) throw new Error(section.error);
    const row = await db()
      .insertInto("media")
      .values({
        section_id: section.section.id,
        type: "IMAGE",
        file_path: `${section.section.id}/1-a.jpg`,
        public_url: `/uploads/${section.section.id}/1-a.jpg`,
        name: "a.jpg",
        size: 10,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect((await post({ intent: "deleteMedia", id: String(row.id), confirmed: "yes" }, { cookie })).status).toBe(302);
    expect(await db().selectFrom("media").selectAll().execute()).toEqual([]);
    const gone = await post({ intent: "deleteMedia", id: String(row.id), confirmed: "yes" }, { cookie });
    expect(gone.status).toBe(404);
    expect(gone.data).toMatchObject({ toast: { key: "dashboard:toasts.deletePhotoError" } });
  });

  it("a failure of the store answers the spec's error and a 500, not a crash", async () => {
    const cookie = await adminCookie();
    await db().schema.dropTable("media").execute();
    await db().schema.dropTable("gallery_sections").execute();
    const answer = await post({ intent: "createSection", name: "Sin tabla" }, { cookie });
    expect(answer.status).toBe(500);
    expect(answer.data).toMatchObject({ ok: false, toast: { kind: "error", key: "dashboard:toasts.createSectionError" } });
  });
});
