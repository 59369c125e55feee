import { createQuestion } from "~/models/guest-questions.server";
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { MAX_UPLOAD_BYTES } from "~/lib/constants";
import * as debugGallery from "~/routes/api.debug.gallery";
import * as mediaById from "~/routes/api.gallery.media.$id";
import * as sectionMedia from "~/routes/api.gallery.sections.$id.media";
import * as sectionById from "~/routes/api.gallery.sections.$id";
import * as sections from "~/routes/api.gallery.sections._index";
import * as seedSections from "~/routes/api.gallery.seed-sections";
import * as guestById from "~/routes/api.guests.$id";
import * as byCode from "~/routes/api.invitations.$code";
import * as confirmRoute from "~/routes/api.invitations.$code.confirm";
import * as details from "~/routes/api.invitations.$code.details";
import * as invitations from "~/routes/api.invitations._index";
import * as stats from "~/routes/api.invitations.stats";
import * as validate from "~/routes/api.invitations.validate.$code";
import { db } from "~/infra/db.server";
import { languageCookie } from "~/infra/i18n.server";
import { createSection, getSection } from "~/models/gallery.server";
import { confirmInvitation, createInvitation, findInvitationById } from "~/models/invitations.server";
import { startAdminSessionHeader } from "~/infra/session.server";
import { storage } from "~/infra/storage.server";
import { savePhoto } from "~/models/photos.server";
import { readKey } from "./helpers/storage";
import { useTestDatabase } from "./helpers/test-db";

/**
 * Integration tests of every /api route module: loader/action called with real Request objects
 * against a fresh temporary database and file store (useTestDatabase), one case per status.
 */

const TOKEN = "unit-admin-api-token-0123456789";
const ADMIN = { Authorization: `Bearer ${TOKEN}` };
const OPEN_ENV = {
  ADMIN_API_TOKEN: TOKEN,
  WEDDING_DATE: "2031-01-17T16:00:00-05:00",
  RSVP_DEADLINE: "2030-12-17T23:59:59-05:00",
  RATE_LIMIT_CODE_ATTEMPTS: "5",
  RATE_LIMIT_UPLOADS: "3",
};

type Args = { request: Request; params: Record<string, string | undefined>; context: { clientIp: string } };
type RouteModule = { loader: (args: Args) => Promise<Response>; action: (args: Args) => Promise<Response> };

let clients = 0;
const freshIp = () => `10.1.${Math.floor(++clients / 250)}.${clients % 250}`;

interface CallOptions {
  params?: Record<string, string>;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  ip?: string;
}

/** Calls the module the way Remix does: GET/HEAD → loader, anything else → action. */
async function call(mod: RouteModule, method: string, urlPath: string, opts: CallOptions = {}) {
  const headers = new Headers(opts.headers);
  let body = opts.body;
  if (opts.json !== undefined) {
    body = JSON.stringify(opts.json);
    if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  }
  const request = new Request(`http://localhost${urlPath}`, { method, headers, body, duplex: "half" } as RequestInit);
  const run = method === "GET" || method === "HEAD" ? mod.loader : mod.action;
  const response = await run({ request, params: opts.params ?? {}, context: { clientIp: opts.ip ?? freshIp() } });
  const text = await response.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the fields it expects
  let json: any = null;
  if (text) json = JSON.parse(text);
  return { status: response.status, headers: response.headers, json, text };
}

async function adminCookie(): Promise<string> {
  const setCookie = await startAdminSessionHeader(new Request("http://localhost/admin", { method: "POST" }));
  return setCookie.split(";")[0];
}

const photo = (width = 320, height = 240) =>
  sharp({ create: { width, height, channels: 3, background: { r: 180, g: 120, b: 90 } } })
    .jpeg()
    .toBuffer();

async function newInvitation(primaryGuest = "Ana Pérez", maxGuests = 3) {
  const created = await createInvitation({ primaryGuest, maxGuests });
  if (!created.ok) throw new Error(created.error);
  return created.invitation;
}

async function newSection(input: { name?: string; is_active?: boolean; allow_upload?: boolean } = {}) {
  const created = await createSection({ name: input.name ?? "Ceremonia", is_active: input.is_active ?? true, allow_upload: input.allow_upload ?? true });
  if (!created.ok) throw new Error(created.error);
  return created.section;
}

async function storedPhoto(sectionId: number) {
  const saved = await savePhoto(sectionId, { bytes: await photo(), name: "boda.jpg" });
  if (!saved.ok) throw new Error(saved.error);
  return saved.media;
}

function filesIn(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => fs.statSync(path.join(dir, f)).isFile());
}

function multipart(file: { bytes: Buffer; name: string; type?: string } | null, extra: Record<string, string> = {}) {
  const form = new FormData();
  if (file) form.append("file", new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "image/jpeg" }), file.name);
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  return form;
}

/** Every admin call of the table, for the 401 sweep. */
function adminCalls(ids: { invitation: number; guest: number; section: number; media: number }): [RouteModule, string, string, CallOptions][] {
  return [
    [stats, "GET", "/api/invitations/stats", {}],
    [invitations, "GET", "/api/invitations", {}],
    [invitations, "POST", "/api/invitations", { json: { primaryGuest: "Intruso", maxGuests: 2 } }],
    [byCode, "PUT", `/api/invitations/${ids.invitation}`, { params: { code: String(ids.invitation) }, json: { maxGuests: 8 } }],
    [byCode, "DELETE", `/api/invitations/${ids.invitation}`, { params: { code: String(ids.invitation) } }],
    [guestById, "DELETE", `/api/guests/${ids.guest}`, { params: { id: String(ids.guest) } }],
    [sections, "POST", "/api/gallery/sections", { json: { name: "Intrusa" } }],
    [sectionById, "PUT", `/api/gallery/sections/${ids.section}`, { params: { id: String(ids.section) }, json: { is_active: false } }],
    [sectionById, "DELETE", `/api/gallery/sections/${ids.section}`, { params: { id: String(ids.section) } }],
    [
      sectionMedia,
      "POST",
      `/api/gallery/sections/${ids.section}/media`,
      { params: { id: String(ids.section) }, json: { file_path: `${ids.section}/x.jpg`, public_url: "/x", type: "IMAGE", name: "x", size: 1 } },
    ],
    [mediaById, "DELETE", `/api/gallery/media/${ids.media}`, { params: { id: String(ids.media) } }],
    [seedSections, "POST", "/api/gallery/seed-sections", {}],
    [debugGallery, "GET", "/api/debug/gallery", {}],
  ];
}

describe("/api routes (RSVP open)", () => {
  const paths = useTestDatabase(OPEN_ENV);

  describe("GET /api/invitations/validate/{code}", () => {
    it("200 { valid: true } for a known code in any case and spacing, { valid: false } for an unknown or malformed one", async () => {
      const inv = await newInvitation();
      const lower = inv.code.toLowerCase();
      expect(await call(validate, "GET", `/api/invitations/validate/${lower}`, { params: { code: ` ${lower} ` } })).toMatchObject({
        status: 200,
        json: { valid: true },
      });
      expect(await call(validate, "GET", "/api/invitations/validate/ZZZZZZ", { params: { code: "ZZZZZZ" } })).toMatchObject({
        status: 200,
        json: { valid: false },
      });
      expect(await call(validate, "GET", "/api/invitations/validate/x", { params: { code: "<script>" } })).toMatchObject({
        status: 200,
        json: { valid: false },
      });
    });

    it("429 with Retry-After and a message past the per-client allowance; other clients are not affected", async () => {
      for (let i = 0; i < 5; i++) expect((await call(validate, "GET", "/v", { params: { code: "ZZZZZZ" }, ip: "10.9.9.9" })).status).toBe(200);
      const limited = await call(validate, "GET", "/v", { params: { code: "ZZZZZZ" }, ip: "10.9.9.9" });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(limited.json).toEqual({ error: expect.stringMatching(/^Demasiados intentos\. Por favor, espera \d+ minutos/) });
      expect((await call(validate, "GET", "/v", { params: { code: "ZZZZZZ" }, ip: "10.9.9.10" })).status).toBe(200);
    });

    it("405 with Allow for other methods", async () => {
      const res = await call(validate, "POST", "/api/invitations/validate/ABCDEF", { params: { code: "ABCDEF" }, json: {} });
      expect(res.status).toBe(405);
      expect(res.headers.get("Allow")).toBe("GET, HEAD");
      expect(res.json).toEqual({ error: "Método no permitido" });
    });
  });

  describe("GET /api/invitations/{code}", () => {
    it("200 the guest's view: primaryGuest, maxGuests, confirmed, guests (no id, no code)", async () => {
      const inv = await newInvitation("Ana Pérez", 2);
      const res = await call(byCode, "GET", `/api/invitations/${inv.code}`, { params: { code: inv.code } });
      expect(res).toMatchObject({
        status: 200,
        json: { primaryGuest: "Ana Pérez", maxGuests: 2, confirmed: false, status: "pending", message: null, guests: [] },
      });
      expect(Object.keys(res.json).sort()).toEqual(["confirmed", "guests", "maxGuests", "message", "primaryGuest", "status"]);
      expect(res.headers.get("Cache-Control")).toBe("no-store");
      await confirmInvitation(inv.code, ["Ana Pérez", "Luis"]);
      const after = await call(byCode, "GET", `/api/invitations/${inv.code}`, { params: { code: inv.code.toLowerCase() } });
      expect(after.json).toMatchObject({
        confirmed: true,
        guests: [
          { id: expect.any(Number), fullName: "Ana Pérez" },
          { id: expect.any(Number), fullName: "Luis" },
        ],
      });
    });

    it("HEAD is served by the same handler", async () => {
      const inv = await newInvitation();
      expect((await call(byCode, "HEAD", `/api/invitations/${inv.code}`, { params: { code: inv.code } })).status).toBe(200);
    });

    it("404 with the form's message (Spanish by default, English on request)", async () => {
      const es = await call(byCode, "GET", "/api/invitations/ZZZZZZ", { params: { code: "ZZZZZZ" } });
      expect(es).toMatchObject({ status: 404, json: { error: "Código de invitación inválido. Por favor, verifica e intenta nuevamente." } });
      const en = await call(byCode, "GET", "/api/invitations/ZZZZZZ", { params: { code: "ZZZZZZ" }, headers: { "Accept-Language": "en-US,en;q=0.9" } });
      expect(en.json).toEqual({ error: "Invalid invitation code. Please check it and try again." });
      const cookie = await call(byCode, "GET", "/api/invitations/ZZZZZZ", {
        params: { code: "ZZZZZZ" },
        headers: { Cookie: (await languageCookie.serialize("en")).split(";")[0] },
      });
      expect(cookie.json).toEqual({ error: "Invalid invitation code. Please check it and try again." });
    });

    it("429 past the code look-up allowance; the guest gets in again once the window has passed", async () => {
      const inv = await newInvitation();
      vi.useFakeTimers({ toFake: ["Date"] });
      try {
        vi.setSystemTime(new Date("2030-06-01T08:00:00Z"));
        for (let i = 0; i < 5; i++) await call(byCode, "GET", "/x", { params: { code: inv.code }, ip: "10.8.8.8" });
        const res = await call(byCode, "GET", "/x", { params: { code: inv.code }, ip: "10.8.8.8" });
        expect(res.status).toBe(429);
        const wait = Number(res.headers.get("Retry-After"));
        expect(wait).toBeGreaterThan(0);
        vi.setSystemTime(new Date(Date.parse("2030-06-01T08:00:00Z") + wait * 1000 + 1000));
        expect((await call(byCode, "GET", "/x", { params: { code: inv.code }, ip: "10.8.8.8" })).status).toBe(200);
      } finally {
        vi.useRealTimers();
      }
    });

    it("405 for POST (the admin methods are PUT and DELETE)", async () => {
      const res = await call(byCode, "POST", "/api/invitations/ABCDEF", { params: { code: "ABCDEF" }, json: {} });
      expect(res.status).toBe(405);
      expect(res.headers.get("Allow")).toBe("GET, HEAD, PUT, DELETE");
    });
  });

  describe("GET /api/invitations/{code}/details", () => {
    it("200 the invitation plus { rsvpDeadline, rsvpOpen }", async () => {
      const inv = await newInvitation("Bea", 1);
      const res = await call(details, "GET", `/api/invitations/${inv.code}/details`, { params: { code: inv.code } });
      expect(res).toMatchObject({
        status: 200,
        json: { primaryGuest: "Bea", maxGuests: 1, confirmed: false, guests: [], rsvpDeadline: "2030-12-17T23:59:59-05:00", rsvpOpen: true },
      });
    });

    it("404 for an unknown code; 405 for DELETE", async () => {
      expect((await call(details, "GET", "/d", { params: { code: "ZZZZZZ" } })).status).toBe(404);
      const res = await call(details, "DELETE", "/d", { params: { code: "ZZZZZZ" } });
      expect(res.status).toBe(405);
      expect(res.headers.get("Allow")).toBe("GET, HEAD");
    });
  });

  describe("POST /api/invitations/{code}/confirm", () => {
    const url = (code: string) => `/api/invitations/${code}/confirm`;

    it("200 the updated invitation, primary guest first; a second call changes nothing", async () => {
      const inv = await newInvitation("Ana Pérez", 3);
      const res = await call(confirmRoute, "POST", url(inv.code), {
        params: { code: inv.code },
        json: { guests: [{ fullName: "  Luis  Gómez " }, { fullName: "" }] },
      });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({
        primaryGuest: "Ana Pérez",
        maxGuests: 3,
        confirmed: true,
        status: "confirmed",
        message: null,
        guests: [
          { id: expect.any(Number), fullName: "Ana Pérez", dietary: null },
          { id: expect.any(Number), fullName: "Luis Gómez", dietary: null },
        ],
      });
      const again = await call(confirmRoute, "POST", url(inv.code), {
        params: { code: inv.code },
        json: { guests: [{ fullName: "Ana Pérez" }, { fullName: "Otra" }, { fullName: "Más" }] },
      });
      expect(again.status).toBe(200);
      expect(again.json.guests.map((g: { fullName: string }) => g.fullName)).toEqual(["Ana Pérez", "Luis Gómez"]);
      expect((await findInvitationById(inv.id))?.guests).toHaveLength(2);
    });

    it("the couple's questions: `answers` at the top and per guest; a missing required one is a 400 in the caller's language, nothing stored", async () => {
      const bus = await createQuestion({ textEs: "¿Bus?", kind: "yesno", required: true });
      const starter = await createQuestion({ textEs: "Entrante", kind: "choice", optionsEs: "Jamón\nEnsalada", per: "person", required: true });
      if (!bus.ok || !starter.ok) throw new Error("setup");
      const inv = await newInvitation("Ana", 2);
      const guests = [
        { fullName: "Ana", answers: { [starter.id]: "jamon" } },
        { fullName: "Luis", answers: { [starter.id]: "ensalada" } },
      ];
      const refused = await call(confirmRoute, "POST", url(inv.code), {
        params: { code: inv.code },
        json: { guests },
        headers: { "Accept-Language": "en" },
      });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.json)).toContain("Please answer every required question.");
      expect((await findInvitationById(inv.id))?.status).toBe("pending");
      const res = await call(confirmRoute, "POST", url(inv.code), { params: { code: inv.code }, json: { guests, answers: { [bus.id]: true } } });
      expect(res.json).toMatchObject({ status: "confirmed" });
      expect(res.status).toBe(200);
      expect(res.json.answers).toEqual([{ questionId: bus.id, value: "yes" }]);
      expect(res.json.guests.map((g: { answers?: unknown }) => g.answers)).toEqual([
        [{ questionId: starter.id, value: "Jamón" }],
        [{ questionId: starter.id, value: "Ensalada" }],
      ]);
    });

    it("a single-seat invitation confirms with only the primary guest", async () => {
      const inv = await newInvitation("Solo", 1);
      const res = await call(confirmRoute, "POST", url(inv.code), { params: { code: inv.code }, json: { guests: [{ fullName: "Solo" }] } });
      expect(res.json).toMatchObject({ confirmed: true, guests: [{ fullName: "Solo" }] });
    });

    it("400 with the form's messages when a rule is broken, and nothing is stored", async () => {
      const inv = await newInvitation("Ana", 2);
      const none = await call(confirmRoute, "POST", url(inv.code), { params: { code: inv.code }, json: { guests: [{ fullName: "Ana" }, { fullName: "  " }] } });
      expect(none).toMatchObject({ status: 400, json: { error: "Por favor, ingresa el nombre de al menos un invitado adicional." } });
      const tooMany = await call(confirmRoute, "POST", url(inv.code), { params: { code: inv.code }, json: { guests: [{ fullName: "B" }, { fullName: "C" }] } });
      expect(tooMany).toMatchObject({ status: 400, json: { error: "Esta invitación no admite tantos invitados." } });
      const long = await call(confirmRoute, "POST", url(inv.code), { params: { code: inv.code }, json: { guests: [{ fullName: "x".repeat(101) }] } });
      expect(long).toMatchObject({ status: 400, json: { error: "Cada nombre puede tener como máximo 100 caracteres." } });
      expect((await findInvitationById(inv.id))?.confirmed).toBe(false);
    });

    it("400 for malformed JSON, wrong types, a missing list or too long a list", async () => {
      const inv = await newInvitation("Ana", 2);
      const bodies: [string, string][] = [
        ["{not json", "El cuerpo de la solicitud no es JSON válido"],
        ["", "Solicitud inválida: el campo guests no es válido"],
        ["[]", "Solicitud inválida: el campo (body) no es válido"],
        [JSON.stringify({ guests: "Luis" }), "Solicitud inválida: el campo guests no es válido"],
        [JSON.stringify({ guests: [{ fullName: 42 }] }), "Solicitud inválida: el campo guests.0.fullName no es válido"],
        [JSON.stringify({ guests: [null] }), "Solicitud inválida: el campo guests.0 no es válido"],
        [JSON.stringify({ guests: Array.from({ length: 17 }, (_, i) => ({ fullName: `G${i}` })) }), "Solicitud inválida: el campo guests no es válido"],
      ];
      for (const [body, error] of bodies) {
        const res = await call(confirmRoute, "POST", url(inv.code), { params: { code: inv.code }, body, headers: { "Content-Type": "application/json" } });
        expect([res.status, res.json], body).toEqual([400, { error }]);
      }
      expect((await findInvitationById(inv.id))?.confirmed).toBe(false);
    });

    it("413 for an oversized body, declared or streamed without a length", async () => {
      const inv = await newInvitation("Ana", 2);
      const big = JSON.stringify({ guests: [{ fullName: "x".repeat(70_000) }] });
      const declared = await call(confirmRoute, "POST", url(inv.code), {
        params: { code: inv.code },
        body: big,
        headers: { "Content-Type": "application/json", "Content-Length": String(big.length) },
      });
      expect(declared).toMatchObject({ status: 413, json: { error: "La solicitud es demasiado grande (máximo 64 KB)" } });
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < 100; i++) controller.enqueue(new Uint8Array(1024).fill(32));
          controller.close();
        },
      });
      const streamed = await call(confirmRoute, "POST", url(inv.code), {
        params: { code: inv.code },
        body: stream,
        headers: { "Content-Type": "application/json" },
      });
      expect(streamed.status).toBe(413);
      expect((await findInvitationById(inv.id))?.confirmed).toBe(false);
    });

    it("404 for an unknown code", async () => {
      const res = await call(confirmRoute, "POST", url("ZZZZZZ"), { params: { code: "ZZZZZZ" }, json: { guests: [{ fullName: "X" }] } });
      expect(res).toMatchObject({ status: 404, json: { error: "Código de invitación inválido. Por favor, verifica e intenta nuevamente." } });
    });

    it("403 'Acceso denegado' from another origin; a same-origin browser post is fine", async () => {
      const inv = await newInvitation("Ana", 2);
      const forged = await call(confirmRoute, "POST", url(inv.code), {
        params: { code: inv.code },
        json: { guests: [{ fullName: "Ana" }, { fullName: "X" }] },
        headers: { Origin: "https://evil.example" },
      });
      expect(forged).toMatchObject({ status: 403, json: { error: "Acceso denegado" } });
      const opaque = await call(confirmRoute, "POST", url(inv.code), {
        params: { code: inv.code },
        json: { guests: [{ fullName: "Ana" }, { fullName: "X" }] },
        headers: { Origin: "null" },
      });
      expect(opaque.status).toBe(403);
      expect((await findInvitationById(inv.id))?.confirmed).toBe(false);
      const same = await call(confirmRoute, "POST", url(inv.code), {
        params: { code: inv.code },
        json: { guests: [{ fullName: "Ana" }, { fullName: "X" }] },
        headers: { Origin: "http://localhost" },
      });
      expect(same.status).toBe(200);
    });

    it("429 past the code allowance (codes cannot be guessed through confirm)", async () => {
      for (let i = 0; i < 5; i++) await call(confirmRoute, "POST", url("ZZZZZZ"), { params: { code: "ZZZZZZ" }, json: { guests: [] }, ip: "10.7.7.7" });
      expect((await call(confirmRoute, "POST", url("ZZZZZZ"), { params: { code: "ZZZZZZ" }, json: { guests: [] }, ip: "10.7.7.7" })).status).toBe(429);
    });

    it("405 with Allow: POST for GET", async () => {
      const res = await call(confirmRoute, "GET", url("ABCDEF"), { params: { code: "ABCDEF" } });
      expect(res.status).toBe(405);
      expect(res.headers.get("Allow")).toBe("POST");
    });
  });

  describe("admin routes without the session", () => {
    it("every one answers 401 { error: 'No autorizado' } with no credentials, a wrong token or a forged cookie, and changes nothing", async () => {
      const inv = await newInvitation("Protegida", 3);
      await confirmInvitation(inv.code, ["Protegida", "Extra"]);
      const guest = (await findInvitationById(inv.id))!.guests[1];
      const section = await newSection({ name: "Protegida" });
      const media = await storedPhoto(section.id);
      const ids = { invitation: inv.id, guest: guest.id, section: section.id, media: media.id };
      const credentials: Record<string, string>[] = [
        {},
        { Authorization: "Bearer wrong-token-0000000000" },
        { Authorization: TOKEN },
        { Cookie: "wedding_admin=eyJhZG1pbiI6dHJ1ZX0%3D.forged" },
      ];
      for (const headers of credentials) {
        for (const [mod, method, url, opts] of adminCalls(ids)) {
          const res = await call(mod, method, url, { ...opts, headers });
          expect([res.status, res.json], `${method} ${url} ${JSON.stringify(headers)}`).toEqual([401, { error: "No autorizado" }]);
        }
      }
      const after = (await findInvitationById(inv.id))!;
      expect([after.maxGuests, after.guests.length]).toEqual([3, 2]);
      expect((await getSection(section.id))?.media).toHaveLength(1);
      expect(await db().selectFrom("invitations").select("id").execute()).toHaveLength(1);
      expect(await db().selectFrom("gallery_sections").select("id").execute()).toHaveLength(1);
    });

    it("the admin session cookie is accepted like the token", async () => {
      const cookie = await adminCookie();
      expect((await call(stats, "GET", "/api/invitations/stats", { headers: { Cookie: cookie } })).status).toBe(200);
      expect(
        (await call(invitations, "POST", "/api/invitations", { headers: { Cookie: cookie }, json: { primaryGuest: "Por cookie", maxGuests: 2 } })).status,
      ).toBe(201);
    });

    it("a cross-origin admin call is refused with 403 even with the session", async () => {
      const cookie = await adminCookie();
      const res = await call(invitations, "POST", "/api/invitations", {
        headers: { Cookie: cookie, Origin: "https://evil.example" },
        json: { primaryGuest: "Forjada", maxGuests: 2 },
      });
      expect(res).toMatchObject({ status: 403, json: { error: "Acceso denegado" } });
      expect(await db().selectFrom("invitations").select("id").execute()).toHaveLength(0);
    });
  });

  describe("GET /api/invitations/stats", () => {
    it("200 the stats entity", async () => {
      const a = await newInvitation("A", 4);
      await newInvitation("B", 2);
      await confirmInvitation(a.code, ["A", "A2", "A3"]);
      const res = await call(stats, "GET", "/api/invitations/stats", { headers: ADMIN });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ totalGuests: 6, confirmedGuests: 3, confirmedPercentage: 50, totalInvitations: 2, confirmedInvitations: 1 });
    });

    it("405 for POST", async () => {
      const res = await call(stats, "POST", "/api/invitations/stats", { headers: ADMIN, json: {} });
      expect([res.status, res.headers.get("Allow")]).toEqual([405, "GET, HEAD"]);
    });
  });

  describe("GET and POST /api/invitations", () => {
    it("GET: 200 an empty list, then every invitation with id, code and guests", async () => {
      expect(await call(invitations, "GET", "/api/invitations", { headers: ADMIN })).toMatchObject({ status: 200, json: [] });
      const inv = await newInvitation("Ana", 2);
      const res = await call(invitations, "GET", "/api/invitations", { headers: ADMIN });
      expect(res.json).toEqual([
        {
          id: inv.id,
          code: inv.code,
          primaryGuest: "Ana",
          maxGuests: 2,
          confirmed: false,
          confirmedAt: null,
          language: "es",
          status: "pending",
          message: null,
          answeredAt: null,
          phone: null,
          email: null,
          openedFirstAt: null,
          openedLastAt: null,
          remindedAt: null,
          reminderCount: 0,
          // The events it is invited to: the wedding (0) only on a site without others (docs/decisions/0057-events.md).
          events: [0],
          guests: [],
        },
      ]);
    });

    it("POST and PUT take the contacts: the phone in E.164, the e-mail lower-case; a bad one is 400 in the caller's language and changes nothing", async () => {
      const created = await call(invitations, "POST", "/api/invitations", {
        headers: ADMIN,
        json: { primaryGuest: "Ana", maxGuests: 2, phone: "6123-4567", email: "Ana@Example.com" },
      });
      expect(created).toMatchObject({ status: 201, json: { phone: "50761234567", email: "ana@example.com" } });
      const id = created.json.id as number;
      const put = (json: unknown, headers: Record<string, string> = ADMIN) =>
        call(byCode, "PUT", `/api/invitations/${id}`, { params: { code: String(id) }, json, headers });
      expect(await put({ phone: "+44 20 7946 0958" })).toMatchObject({ status: 200, json: { phone: "442079460958", email: "ana@example.com" } });
      expect(await put({ phone: "12", maxGuests: 3 })).toMatchObject({ status: 400, json: { error: "Teléfono no válido" } });
      expect(await put({ email: "ana@" }, { ...ADMIN, "Accept-Language": "en" })).toMatchObject({ status: 400, json: { error: "Invalid e-mail address" } });
      expect(await put({ phone: 50761234567 })).toMatchObject({ status: 400 });
      const refused = await call(invitations, "POST", "/api/invitations", { headers: ADMIN, json: { primaryGuest: "Eva", maxGuests: 1, email: "eva" } });
      expect(refused).toMatchObject({ status: 400, json: { error: "Correo electrónico no válido" } });
      const list = await call(invitations, "GET", "/api/invitations", { headers: ADMIN });
      expect(
        list.json.map((i: { primaryGuest: string; phone: string; email: string; maxGuests: number }) => [i.primaryGuest, i.phone, i.email, i.maxGuests]),
      ).toEqual([["Ana", "442079460958", "ana@example.com", 2]]);
      expect(await put({ phone: null, email: "" })).toMatchObject({ status: 200, json: { phone: null, email: null } });
    });

    it("POST: 201 the invitation with its generated code", async () => {
      const res = await call(invitations, "POST", "/api/invitations", { headers: ADMIN, json: { primaryGuest: "  Familia   Soto ", maxGuests: 4 } });
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({
        id: expect.any(Number),
        code: expect.stringMatching(/^[A-HJ-NP-Z2-9]{6}$/),
        primaryGuest: "Familia Soto",
        maxGuests: 4,
        confirmed: false,
      });
    });

    it("POST: 400 with the admin form's messages, for wrong types, malformed JSON; 413 oversized", async () => {
      const cases: [unknown, string][] = [
        [{ primaryGuest: "  ", maxGuests: 2 }, "Por favor ingresa el nombre del invitado principal"],
        [{ primaryGuest: "X", maxGuests: 9 }, "El número de invitados debe estar entre 1 y 8"],
        [{ primaryGuest: "X", maxGuests: 0 }, "El número de invitados debe estar entre 1 y 8"],
        [{ primaryGuest: "X", maxGuests: 2.5 }, "El número de invitados debe estar entre 1 y 8"],
        [{ primaryGuest: "x".repeat(101), maxGuests: 2 }, "El nombre puede tener como máximo 100 caracteres"],
        [{ primaryGuest: "X", maxGuests: "3" }, "Solicitud inválida: el campo maxGuests no es válido"],
        [{ primaryGuest: 7, maxGuests: 3 }, "Solicitud inválida: el campo primaryGuest no es válido"],
        [{ maxGuests: 3 }, "Solicitud inválida: el campo primaryGuest no es válido"],
      ];
      for (const [json, error] of cases) {
        const res = await call(invitations, "POST", "/api/invitations", { headers: ADMIN, json });
        expect([res.status, res.json], JSON.stringify(json)).toEqual([400, { error }]);
      }
      const malformed = await call(invitations, "POST", "/api/invitations", {
        headers: { ...ADMIN, "Content-Type": "application/json" },
        body: '{"primaryGuest":',
      });
      expect(malformed).toMatchObject({ status: 400, json: { error: "El cuerpo de la solicitud no es JSON válido" } });
      const en = await call(invitations, "POST", "/api/invitations", {
        headers: { ...ADMIN, "Accept-Language": "en" },
        json: { primaryGuest: "", maxGuests: 1 },
      });
      expect(en.json).toEqual({ error: "Please enter the primary guest's name" });
      const big = await call(invitations, "POST", "/api/invitations", { headers: ADMIN, json: { primaryGuest: "X", maxGuests: 1, pad: "x".repeat(70_000) } });
      expect(big.status).toBe(413);
      expect(await db().selectFrom("invitations").select("id").execute()).toHaveLength(0);
    });

    it("405 with Allow for PUT", async () => {
      const res = await call(invitations, "PUT", "/api/invitations", { headers: ADMIN, json: {} });
      expect([res.status, res.headers.get("Allow")]).toEqual([405, "GET, HEAD, POST"]);
    });
  });

  describe("PUT and DELETE /api/invitations/{id}", () => {
    const put = (id: string | number, json: unknown, headers: Record<string, string> = ADMIN) =>
      call(byCode, "PUT", `/api/invitations/${id}`, { params: { code: String(id) }, json, headers });

    it("PUT: 200 the renamed invitation (the primary guest's row too) with new seats", async () => {
      const inv = await newInvitation("Ana", 3);
      await confirmInvitation(inv.code, ["Ana", "Luis"]);
      const res = await put(inv.id, { primaryGuest: "Ana María", maxGuests: 5 });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ id: inv.id, primaryGuest: "Ana María", maxGuests: 5, guests: [{ fullName: "Ana María" }, { fullName: "Luis" }] });
      expect((await put(inv.id, { maxGuests: 2 })).json.maxGuests).toBe(2);
    });

    it("PUT: 409 below the guests already confirmed; 400 rule or type broken; 400 unknown field; 404 unknown id; 400 not an id", async () => {
      const inv = await newInvitation("Ana", 3);
      await confirmInvitation(inv.code, ["Ana", "B", "C"]);
      expect(await put(inv.id, { maxGuests: 2 })).toMatchObject({
        status: 409,
        json: { error: "El máximo de invitados no puede ser menor que los invitados ya confirmados" },
      });
      expect(await put(inv.id, { maxGuests: 9 })).toMatchObject({ status: 400, json: { error: "El número de invitados debe estar entre 1 y 8" } });
      expect(await put(inv.id, { primaryGuest: " " })).toMatchObject({ status: 400, json: { error: "Por favor ingresa el nombre del invitado principal" } });
      expect(await put(inv.id, { maxGuests: "4" })).toMatchObject({ status: 400, json: { error: "Solicitud inválida: el campo maxGuests no es válido" } });
      expect(await put(inv.id, { confirmed: false })).toMatchObject({ status: 400, json: { error: "Solicitud inválida: campo desconocido confirmed" } });
      expect(await put(999_999, { maxGuests: 2 })).toMatchObject({ status: 404, json: { error: "Invitación no encontrada" } });
      for (const bad of ["abc", "0", "-1", "1.5", "1e3", "99999999999999999999"]) {
        expect(await put(bad, { maxGuests: 2 }), bad).toMatchObject({ status: 400, json: { error: "Identificador inválido" } });
      }
      const unchanged = (await findInvitationById(inv.id))!;
      expect([unchanged.maxGuests, unchanged.primaryGuest]).toEqual([3, "Ana"]);
    });

    it("DELETE: 200 removes the invitation and its guests; 404 the second time; 400 not an id", async () => {
      const inv = await newInvitation("Ana", 2);
      await confirmInvitation(inv.code, ["Ana", "B"]);
      const del = () => call(byCode, "DELETE", `/api/invitations/${inv.id}`, { params: { code: String(inv.id) }, headers: ADMIN });
      expect(await del()).toMatchObject({ status: 200, json: { success: true } });
      expect(await db().selectFrom("guests").select("id").execute()).toEqual([]);
      expect(await del()).toMatchObject({ status: 404, json: { error: "Invitación no encontrada" } });
      expect((await call(byCode, "DELETE", "/api/invitations/abc", { params: { code: "abc" }, headers: ADMIN })).status).toBe(400);
    });
  });

  describe("DELETE /api/guests/{id}", () => {
    it("200 frees a seat (maxGuests − 1); 409 for the primary guest with the spec's message; 404; 400; 405", async () => {
      const inv = await newInvitation("Ana", 3);
      await confirmInvitation(inv.code, ["Ana", "Luis", "Eva"]);
      const [primary, luis] = (await findInvitationById(inv.id))!.guests;
      const del = (id: string | number) => call(guestById, "DELETE", `/api/guests/${id}`, { params: { id: String(id) }, headers: ADMIN });
      expect(await del(luis.id)).toMatchObject({ status: 200, json: { success: true, invitationId: inv.id } });
      const after = (await findInvitationById(inv.id))!;
      expect([after.maxGuests, after.guests.map((g) => g.fullName)]).toEqual([2, ["Ana", "Eva"]]);
      expect(await del(primary.id)).toMatchObject({
        status: 409,
        json: { error: "No se puede eliminar el invitado principal. Elimina toda la invitación en su lugar." },
      });
      expect(await del(luis.id)).toMatchObject({ status: 404, json: { error: "Invitado no encontrado" } });
      expect((await del("x")).status).toBe(400);
      const get = await call(guestById, "GET", `/api/guests/${primary.id}`, { params: { id: String(primary.id) }, headers: ADMIN });
      expect([get.status, get.headers.get("Allow")]).toEqual([405, "DELETE"]);
    });
  });

  describe("/api/gallery/sections", () => {
    it("GET: guests see active sections with their media; the admin sees all", async () => {
      const visible = await newSection({ name: "Visible" });
      await newSection({ name: "Oculta", is_active: false });
      const media = await storedPhoto(visible.id);
      const guest = await call(sections, "GET", "/api/gallery/sections");
      expect(guest.status).toBe(200);
      expect(guest.json).toEqual([
        {
          id: visible.id,
          name: "Visible",
          description: null,
          order: 1,
          allow_upload: true,
          is_active: true,
          media: [
            expect.objectContaining({
              id: media.id,
              type: "IMAGE",
              public_url: media.public_url,
              name: "boda.jpg",
              size: expect.any(Number),
              file_path: media.file_path,
            }),
          ],
        },
      ]);
      const admin = await call(sections, "GET", "/api/gallery/sections", { headers: ADMIN });
      expect(admin.json.map((s: { name: string }) => s.name)).toEqual(["Visible", "Oculta"]);
      expect((await call(sections, "GET", "/api/gallery/sections", { headers: { Cookie: await adminCookie() } })).json).toHaveLength(2);
    });

    it("POST and PUT: the English name and description are kept, and an empty one is removed (the Spanish shows)", async () => {
      const res = await call(sections, "POST", "/api/gallery/sections", {
        headers: ADMIN,
        json: { name: "Brindis", description: "Las copas", name_en: " Toast ", description_en: "The glasses" },
      });
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({ name: "Brindis", description: "Las copas", name_en: "Toast", description_en: "The glasses" });
      const id = res.json.id as number;
      const cleared = await call(sectionById, "PUT", `/api/gallery/sections/${id}`, {
        params: { id: String(id) },
        headers: ADMIN,
        json: { name_en: "", description_en: null },
      });
      expect(cleared.status).toBe(200);
      expect(cleared.json).not.toHaveProperty("name_en");
      expect(cleared.json).not.toHaveProperty("description_en");
      expect(await call(sections, "POST", "/api/gallery/sections", { headers: ADMIN, json: { name: "X", name_en: 5 } })).toMatchObject({ status: 400 });
    });

    it("POST: 201 with the form defaults and order = count + 1 (a sent order is ignored); 400 blank name or wrong types", async () => {
      await newSection({ name: "Primera" });
      const res = await call(sections, "POST", "/api/gallery/sections", { headers: ADMIN, json: { name: "  Fiesta ", description: "Baile", order: 99 } });
      expect(res.status).toBe(201);
      expect(res.json).toEqual({ id: expect.any(Number), name: "Fiesta", description: "Baile", order: 2, allow_upload: true, is_active: false, media: [] });
      const full = await call(sections, "POST", "/api/gallery/sections", { headers: ADMIN, json: { name: "Brindis", allow_upload: false, is_active: true } });
      expect(full.json).toMatchObject({ allow_upload: false, is_active: true, order: 3 });
      expect(await call(sections, "POST", "/api/gallery/sections", { headers: ADMIN, json: { name: "  " } })).toMatchObject({
        status: 400,
        json: { error: "Por favor ingresa el nombre de la sección" },
      });
      expect(await call(sections, "POST", "/api/gallery/sections", { headers: ADMIN, json: { name: "X", is_active: "yes" } })).toMatchObject({
        status: 400,
        json: { error: "Solicitud inválida: el campo is_active no es válido" },
      });
      expect((await call(sections, "POST", "/api/gallery/sections", { headers: ADMIN, json: { name: "x".repeat(81) } })).status).toBe(400);
      expect((await call(sections, "POST", "/api/gallery/sections", { headers: { ...ADMIN, "Content-Type": "application/json" }, body: "nope" })).status).toBe(
        400,
      );
      expect(await db().selectFrom("gallery_sections").select("id").execute()).toHaveLength(3);
    });

    it("405 for DELETE on the collection", async () => {
      const res = await call(sections, "DELETE", "/api/gallery/sections", { headers: ADMIN });
      expect([res.status, res.headers.get("Allow")]).toEqual([405, "GET, HEAD, POST"]);
    });
  });

  describe("PUT and DELETE /api/gallery/sections/{id}", () => {
    const put = (id: number | string, json: unknown) =>
      call(sectionById, "PUT", `/api/gallery/sections/${id}`, { params: { id: String(id) }, json, headers: ADMIN });

    it("PUT: 200 partial updates (is_active; allow_upload; name and description)", async () => {
      const s = await newSection({ name: "Ceremonia", is_active: false });
      expect(await put(s.id, { is_active: true })).toMatchObject({ status: 200, json: { id: s.id, is_active: true, allow_upload: true, name: "Ceremonia" } });
      expect((await put(s.id, { allow_upload: false })).json).toMatchObject({ is_active: true, allow_upload: false });
      expect((await put(s.id, { name: "Misa", description: "En la iglesia" })).json).toMatchObject({
        name: "Misa",
        description: "En la iglesia",
        is_active: true,
        allow_upload: false,
      });
    });

    it("PUT: 400 wrong type, unknown field, blank name; 404 unknown; 400 not an id", async () => {
      const s = await newSection();
      expect(await put(s.id, { is_active: "yes" })).toMatchObject({ status: 400, json: { error: "Solicitud inválida: el campo is_active no es válido" } });
      expect(await put(s.id, { order: 3 })).toMatchObject({ status: 400, json: { error: "Solicitud inválida: campo desconocido order" } });
      expect(await put(s.id, { name: "" })).toMatchObject({ status: 400, json: { error: "Por favor ingresa el nombre de la sección" } });
      expect(await put(999, { is_active: true })).toMatchObject({ status: 404, json: { error: "Sección no encontrada" } });
      expect((await put("uno", { is_active: true })).status).toBe(400);
    });

    it("DELETE: 200 removes the section, its photos and their files; 404 the second time", async () => {
      const s = await newSection();
      await storedPhoto(s.id);
      expect(filesIn(paths.uploads).length).toBeGreaterThan(0);
      const del = () => call(sectionById, "DELETE", `/api/gallery/sections/${s.id}`, { params: { id: String(s.id) }, headers: ADMIN });
      expect(await del()).toMatchObject({ status: 200, json: { success: true } });
      expect(filesIn(paths.uploads)).toEqual([]);
      expect(await db().selectFrom("media").select("id").execute()).toEqual([]);
      expect(await del()).toMatchObject({ status: 404, json: { error: "Sección no encontrada" } });
    });

    it("405 for GET and POST", async () => {
      const s = await newSection();
      for (const method of ["GET", "POST"]) {
        const res = await call(sectionById, method, `/api/gallery/sections/${s.id}`, {
          params: { id: String(s.id) },
          headers: ADMIN,
          ...(method === "POST" ? { json: {} } : {}),
        });
        expect([res.status, res.headers.get("Allow")]).toEqual([405, "PUT, DELETE"]);
      }
    });
  });

  describe("GET /api/gallery/sections/{id}/media", () => {
    it("200 the section's photos; 400 'Se requiere un ID de sección'; 404 unknown or inactive for guests (the admin sees it)", async () => {
      const s = await newSection();
      const m = await storedPhoto(s.id);
      const get = (id: string, headers: Record<string, string> = {}) =>
        call(sectionMedia, "GET", `/api/gallery/sections/${id}/media`, { params: { id }, headers });
      expect(await get(String(s.id))).toMatchObject({
        status: 200,
        json: [{ id: m.id, type: "IMAGE", public_url: m.public_url, file_path: m.file_path, name: "boda.jpg" }],
      });
      expect(await get("abc")).toMatchObject({ status: 400, json: { error: "Se requiere un ID de sección" } });
      expect(await get("999")).toMatchObject({ status: 404, json: { error: "Sección no encontrada" } });
      const hidden = await newSection({ name: "Oculta", is_active: false });
      expect((await get(String(hidden.id))).status).toBe(404);
      expect(await get(String(hidden.id), ADMIN)).toMatchObject({ status: 200, json: [] });
    });
  });

  describe("POST /api/gallery/sections/{id}/media (multipart, guests)", () => {
    const upload = (id: number | string, form: FormData, opts: CallOptions = {}) =>
      call(sectionMedia, "POST", `/api/gallery/sections/${id}/media`, { params: { id: String(id) }, body: form, ...opts });

    it("201 the media record, stored through the gallery's pipeline", async () => {
      const s = await newSection();
      const res = await upload(s.id, multipart({ bytes: await photo(2000, 1000), name: "IMG_1.jpg" }));
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({
        id: expect.any(Number),
        type: "IMAGE",
        name: "IMG_1.jpg",
        file_path: expect.stringMatching(new RegExp(`^${s.id}/\\d+-[0-9a-f]+\\.jpg$`)),
        public_url: expect.stringMatching(/^\/uploads\//),
      });
      expect(res.json.width).toBeLessThanOrEqual(1600);
      expect(await readKey(storage(), res.json.file_path)).not.toBeNull();
    });

    it("400 without a file or with a bad section id; 404 unknown section; 403 uploads off; 415 not an image; 413 over 5 MB", async () => {
      const s = await newSection();
      const closed = await newSection({ name: "Cerrada", allow_upload: false });
      const jpg = { bytes: await photo(), name: "a.jpg" };
      expect(await upload(s.id, multipart(null, { other: "x" }))).toMatchObject({ status: 400, json: { error: "Se requiere archivo y ID de sección" } });
      expect(await upload("abc", multipart(jpg))).toMatchObject({ status: 400, json: { error: "Se requiere archivo y ID de sección" } });
      expect(await upload(999, multipart(jpg))).toMatchObject({ status: 404, json: { error: "La sección no existe o no está disponible." } });
      expect(await upload(closed.id, multipart(jpg))).toMatchObject({ status: 403, json: { error: "Esta sección no permite subir fotos." } });
      expect(await upload(s.id, multipart({ bytes: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"), name: "x.jpg" }))).toMatchObject({ status: 415 });
      const huge = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 1);
      expect(await upload(s.id, multipart({ bytes: huge, name: "big.jpg" }), { ip: "10.6.6.6" })).toMatchObject({
        status: 413,
        json: { error: "El archivo es demasiado grande. El tamaño máximo es 5 MB." },
      });
      expect(await db().selectFrom("media").select("id").execute()).toEqual([]);
      expect(filesIn(paths.uploads)).toEqual([]);
    });

    it("403 from another origin; 429 past the upload allowance", async () => {
      const s = await newSection();
      const jpg = { bytes: await photo(), name: "a.jpg" };
      expect((await upload(s.id, multipart(jpg), { headers: { Origin: "https://evil.example" } })).status).toBe(403);
      for (let i = 0; i < 3; i++) await upload(s.id, multipart(null), { ip: "10.5.5.5" });
      const limited = await upload(s.id, multipart(jpg), { ip: "10.5.5.5" });
      expect(limited.status).toBe(429);
      expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
    });
  });

  describe("POST /api/gallery/sections/{id}/media (JSON media record, admin)", () => {
    const record = (id: number | string, json: unknown, headers: Record<string, string> = ADMIN) =>
      call(sectionMedia, "POST", `/api/gallery/sections/${id}/media`, { params: { id: String(id) }, json, headers });

    it("201 for a file already in the section's folder; the store's URL and the real size are kept; 409 the second time", async () => {
      const s = await newSection({ is_active: false, allow_upload: false });
      const bytes = await photo(400, 300);
      await storage().put(`${s.id}/manual.jpg`, bytes, "image/jpeg");
      const body = { file_path: `${s.id}/manual.jpg`, public_url: "https://evil.example/x.jpg", type: "IMAGE", name: "Manual", size: 1 };
      const res = await record(s.id, body);
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({
        file_path: `${s.id}/manual.jpg`,
        public_url: `/uploads/${s.id}/manual.jpg`,
        type: "IMAGE",
        name: "Manual",
        size: bytes.length,
        width: 400,
        height: 300,
      });
      expect(await record(s.id, body)).toMatchObject({ status: 409, json: { error: "Ese archivo ya está registrado en la galería" } });
    });

    it("400 for a file not in the store, outside the section's folder or a path escape; 415 not an image; 400 wrong type; 404 unknown section", async () => {
      const s = await newSection();
      const other = await newSection({ name: "Otra" });
      await storage().put(`${other.id}/elsewhere.jpg`, await photo(), "image/jpeg");
      await storage().put(`${s.id}/notes.jpg`, Buffer.from("not an image"), "image/jpeg");
      const base = { public_url: "", type: "IMAGE", name: "x", size: 1 };
      for (const file_path of [`${s.id}/missing.jpg`, `${other.id}/elsewhere.jpg`, `${s.id}/../${other.id}/elsewhere.jpg`, "/etc/passwd"]) {
        expect(await record(s.id, { ...base, file_path }), file_path).toMatchObject({
          status: 400,
          json: { error: "El archivo no existe en el almacenamiento" },
        });
      }
      expect((await record(s.id, { ...base, file_path: `${s.id}/notes.jpg` })).status).toBe(415);
      expect(await record(s.id, { ...base, type: "VIDEO", file_path: `${s.id}/notes.jpg` })).toMatchObject({
        status: 400,
        json: { error: "Solicitud inválida: el campo type no es válido" },
      });
      expect((await record(999, { ...base, file_path: "999/a.jpg" })).status).toBe(404);
      expect(await db().selectFrom("media").select("id").execute()).toEqual([]);
    });
  });

  describe("DELETE /api/gallery/media/{id}", () => {
    it("200 removes the photo and its files; 404 the second time; 400 not an id", async () => {
      const s = await newSection();
      const m = await storedPhoto(s.id);
      const del = (id: string | number) => call(mediaById, "DELETE", `/api/gallery/media/${id}`, { params: { id: String(id) }, headers: ADMIN });
      expect(await del(m.id)).toMatchObject({ status: 200, json: { success: true } });
      expect(filesIn(paths.uploads)).toEqual([]);
      expect(await del(m.id)).toMatchObject({ status: 404, json: { error: "Foto no encontrada" } });
      expect((await del("x")).status).toBe(400);
    });
  });

  describe("POST /api/gallery/seed-sections", () => {
    it("200 creates the default sections when there are none; idempotent; 405 for GET", async () => {
      const first = await call(seedSections, "POST", "/api/gallery/seed-sections", { headers: ADMIN });
      expect(first.status).toBe(200);
      expect(first.json.created).toBeGreaterThan(0);
      expect(first.json.sections).toHaveLength(first.json.created);
      const second = await call(seedSections, "POST", "/api/gallery/seed-sections", { headers: ADMIN });
      expect(second.json).toEqual({ created: 0, sections: first.json.sections });
      const get = await call(seedSections, "GET", "/api/gallery/seed-sections", { headers: ADMIN });
      expect([get.status, get.headers.get("Allow")]).toEqual([405, "POST"]);
    });

    it("creates nothing when sections already exist", async () => {
      await newSection({ name: "Propia" });
      const res = await call(seedSections, "POST", "/api/gallery/seed-sections", { headers: ADMIN });
      expect(res.json).toMatchObject({ created: 0, sections: [{ name: "Propia" }] });
    });
  });

  describe("GET /api/debug/gallery", () => {
    it("200 counts and store health, with no secrets or server paths", async () => {
      const s = await newSection();
      await newSection({ name: "Oculta", is_active: false });
      await storedPhoto(s.id);
      const res = await call(debugGallery, "GET", "/api/debug/gallery", { headers: ADMIN });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({
        sections: 2,
        activeSections: 1,
        media: 1,
        storage: { driver: "local", bucket: "wedding-gallery", cacheControlSeconds: 3600, healthy: true },
      });
      for (const secret of [TOKEN, "test-admin-password", paths.dir, paths.database]) expect(res.text).not.toContain(secret);
    });
  });

  describe("unexpected failures", () => {
    it("500 { error: 'Error del servidor' }, logged on the server, no stack to the client", async () => {
      const log = vi.spyOn(console, "error").mockImplementation(() => {});
      await newInvitation();
      // guest_events refers to guests (PostgreSQL refuses to drop a table another one refers to).
      await sql`DROP TABLE guest_events`.execute(db());
      await sql`DROP TABLE guests`.execute(db());
      const res = await call(invitations, "GET", "/api/invitations", { headers: ADMIN });
      expect(res).toMatchObject({ status: 500, json: { error: "Error del servidor" } });
      expect(res.text).not.toMatch(/at |\.ts|sqlite/i);
      expect(log).toHaveBeenCalled();
      log.mockRestore();
    });
  });
});

describe("/api routes after the RSVP deadline", () => {
  useTestDatabase({ ...OPEN_ENV, RSVP_DEADLINE: "2020-12-17T23:59:59-05:00", WEDDING_DATE: "2021-01-17T16:00:00-05:00" });

  it("details says rsvpOpen false; confirm is 403 with the closing date; an earlier confirmation still reads back", async () => {
    const inv = await newInvitation("Tarde", 2);
    const d = await call(details, "GET", "/d", { params: { code: inv.code } });
    expect(d.json).toMatchObject({ rsvpDeadline: "2020-12-17T23:59:59-05:00", rsvpOpen: false });
    const res = await call(confirmRoute, "POST", "/c", { params: { code: inv.code }, json: { guests: [{ fullName: "Tarde" }, { fullName: "X" }] } });
    expect(res).toMatchObject({ status: 403, json: { error: "Las confirmaciones están cerradas: el plazo terminó el 17 de diciembre de 2020." } });
    const en = await call(confirmRoute, "POST", "/c", { params: { code: inv.code }, json: { guests: [] }, headers: { "Accept-Language": "en" } });
    expect(en.json).toEqual({ error: "RSVP is closed: the deadline was December 17, 2020." });
    expect((await findInvitationById(inv.id))?.confirmed).toBe(false);
  });
});

describe("/api admin routes when no ADMIN_API_TOKEN is configured", () => {
  useTestDatabase({ ...OPEN_ENV, ADMIN_API_TOKEN: "" });

  it("no Bearer header is accepted, not even one matching an empty or default token; the session still works", async () => {
    // An empty variable means unset (config.server.ts).
    for (const Authorization of ["Bearer ", "Bearer undefined", `Bearer ${TOKEN}`, "Bearer null"]) {
      const res = await call(invitations, "POST", "/api/invitations", { headers: { Authorization }, json: { primaryGuest: "Sin token", maxGuests: 1 } });
      expect([res.status, res.json], Authorization).toEqual([401, { error: "No autorizado" }]);
    }
    expect(await db().selectFrom("invitations").select("id").execute()).toEqual([]);
    expect((await call(stats, "GET", "/api/invitations/stats", { headers: { Cookie: await adminCookie() } })).status).toBe(200);
  });
});
