import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { expect, test, uniqueClientAddress } from "./fixtures";

const admin = { Authorization: "Bearer e2e-admin-api-token-0123456789" };
const json = (data: unknown, headers: Record<string, string> = {}) => ({ data, headers: { "Content-Type": "application/json", ...headers } });

// HTTP only: runs once, in the JavaScript project.
test.describe("/api guest routes @js-only", () => {
  test("validate, read, details and confirm an invitation", async ({ request, data }) => {
    const inv = await data.createInvitation({ primaryGuest: "Api Ana", maxGuests: 3 });
    expect(await (await request.get(`/api/invitations/validate/${inv.code.toLowerCase()}`)).json()).toEqual({ valid: true });
    const unknown = await request.get("/api/invitations/validate/ZZZZZZ");
    expect(unknown.status()).toBe(200);
    expect(await unknown.json()).toEqual({ valid: false });

    expect(await (await request.get(`/api/invitations/${inv.code}`)).json()).toEqual({
      primaryGuest: "Api Ana",
      maxGuests: 3,
      confirmed: false,
      status: "pending",
      message: null,
      guests: [],
    });
    const details = await (await request.get(`/api/invitations/${inv.code}/details`)).json();
    expect(details).toMatchObject({ primaryGuest: "Api Ana", rsvpDeadline: "2030-12-17T23:59:59-05:00", rsvpOpen: true });
    const missing = await request.get("/api/invitations/ZZZZZZ");
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toEqual({ error: "Código de invitación inválido. Por favor, verifica e intenta nuevamente." });

    const none = await request.post(`/api/invitations/${inv.code}/confirm`, json({ guests: [{ fullName: "Api Ana" }] }));
    expect(none.status()).toBe(400);
    const tooMany = await request.post(`/api/invitations/${inv.code}/confirm`, json({ guests: [{ fullName: "A" }, { fullName: "B" }, { fullName: "C" }] }));
    expect(tooMany.status()).toBe(400);
    const ok = await request.post(`/api/invitations/${inv.code}/confirm`, json({ guests: [{ fullName: "Api Ana" }, { fullName: "Api Luis" }] }));
    expect(ok.status()).toBe(200);
    expect(await ok.json()).toMatchObject({ confirmed: true, guests: [{ fullName: "Api Ana" }, { fullName: "Api Luis" }] });
    const again = await request.post(`/api/invitations/${inv.code}/confirm`, json({ guests: [{ fullName: "Api Ana" }, { fullName: "Otro" }] }));
    expect((await again.json()).guests.map((g: { fullName: string }) => g.fullName)).toEqual(["Api Ana", "Api Luis"]);
    expect(await data.guestsOf(inv.id)).toEqual(["Api Ana", "Api Luis"]);
  });

  test("bad input is answered cleanly and changes nothing", async ({ request, data }) => {
    const inv = await data.createInvitation({ primaryGuest: "Api Bea", maxGuests: 2 });
    const url = `/api/invitations/${inv.code}/confirm`;
    const cases = [
      { body: "{not json", status: 400, error: "El cuerpo de la solicitud no es JSON válido" },
      { body: JSON.stringify({ guests: "Bea" }), status: 400, error: "Solicitud inválida: el campo guests no es válido" },
      { body: JSON.stringify({ guests: [{ fullName: 42 }] }), status: 400, error: "Solicitud inválida: el campo guests.0.fullName no es válido" },
      { body: JSON.stringify({ guests: [{ fullName: "x".repeat(70_000) }] }), status: 413, error: "La solicitud es demasiado grande (máximo 64 KB)" },
    ];
    for (const c of cases) {
      // A Buffer is sent byte for byte (a string with a JSON content type would be JSON-encoded again).
      const response = await request.post(url, { data: Buffer.from(c.body), headers: { "Content-Type": "application/json" } });
      expect(response.status(), c.body.slice(0, 20)).toBe(c.status);
      expect(await response.json()).toEqual({ error: c.error });
    }
    expect((await request.get(url)).status()).toBe(405);
    expect((await request.delete(`/api/invitations/${inv.code}/details`)).status()).toBe(405);
    const forged = await request.post(url, {
      ...json({ guests: [{ fullName: "Bea" }, { fullName: "X" }] }),
      headers: { "Content-Type": "application/json", Origin: "https://evil.example" },
    });
    expect(forged.status()).toBe(403);
    expect(await data.guestsOf(inv.id)).toEqual([]);
  });

  test("guests see active sections and their media; uploads go through the same pipeline", async ({ request, data }) => {
    const active = await data.createSection({ name: `Api activa ${Date.now()}` });
    const hidden = await data.createSection({ name: `Api oculta ${Date.now()}`, isActive: false });
    const sections = (await (await request.get("/api/gallery/sections")).json()) as { id: number; name: string; media: unknown[] }[];
    expect(sections.some((s) => s.id === active.id)).toBe(true);
    expect(sections.some((s) => s.id === hidden.id)).toBe(false);
    expect((await request.get(`/api/gallery/sections/${hidden.id}/media`)).status()).toBe(404);
    const noId = await request.get("/api/gallery/sections/abc/media");
    expect(noId.status()).toBe(400);
    expect(await noId.json()).toEqual({ error: "Se requiere un ID de sección" });

    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#88aa99" } })
      .jpeg()
      .toBuffer();
    const uploaded = await request.post(`/api/gallery/sections/${active.id}/media`, {
      multipart: { file: { name: "api.jpg", mimeType: "image/jpeg", buffer: photo } },
    });
    expect(uploaded.status()).toBe(201);
    const media = await uploaded.json();
    expect(media).toMatchObject({ type: "IMAGE", name: "api.jpg" });
    expect(await (await request.get(`/api/gallery/sections/${active.id}/media`)).json()).toEqual([expect.objectContaining({ id: media.id })]);
    const garbage = await request.post(`/api/gallery/sections/${active.id}/media`, {
      multipart: { file: { name: "x.jpg", mimeType: "image/jpeg", buffer: Buffer.from("nope") } },
    });
    expect(garbage.status()).toBe(415);
    const noFile = await request.post(`/api/gallery/sections/${active.id}/media`, { multipart: { other: "x" } });
    expect(await noFile.json()).toEqual({ error: "Se requiere archivo y ID de sección" });
    // The JSON media record is for the admin only.
    const record = await request.post(
      `/api/gallery/sections/${active.id}/media`,
      json({ file_path: media.file_path, public_url: media.public_url, type: "IMAGE", name: "x", size: 1 }),
    );
    expect(record.status()).toBe(401);
  });
});

test.describe("/api admin routes @js-only", () => {
  test("every admin route answers 401 without the session or token, and changes nothing", async ({ request, data }) => {
    const inv = await data.createInvitation({ primaryGuest: "Api Protegida", maxGuests: 2, confirmedGuests: ["Api Extra"] });
    const section = await data.createSection({ name: "Api protegida" });
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/invitations/stats"],
      ["GET", "/api/invitations"],
      ["POST", "/api/invitations", { primaryGuest: "Intruso", maxGuests: 2 }],
      ["PUT", `/api/invitations/${inv.id}`, { maxGuests: 8 }],
      ["DELETE", `/api/invitations/${inv.id}`],
      ["DELETE", "/api/guests/1"],
      ["POST", "/api/gallery/sections", { name: "Intrusa" }],
      ["PUT", `/api/gallery/sections/${section.id}`, { is_active: false }],
      ["DELETE", `/api/gallery/sections/${section.id}`],
      ["DELETE", "/api/gallery/media/1"],
      ["POST", "/api/gallery/seed-sections"],
      ["GET", "/api/debug/gallery"],
    ];
    for (const [method, url, body] of calls) {
      const response = await request.fetch(url, {
        method,
        ...(body ? json(body) : {}),
        // A wrong token counts as a failed login (429 past five from one client): one client per call here.
        headers: { Authorization: "Bearer wrong-token-0000000000", "Content-Type": "application/json", "X-Forwarded-For": uniqueClientAddress() },
      });
      expect(response.status(), `${method} ${url}`).toBe(401);
      expect(await response.json()).toEqual({ error: "No autorizado" });
    }
    expect((await data.invitation(inv.id))?.maxGuests).toBe(2);
    expect((await data.section(section.id))?.is_active).toBe(true);
    expect(await data.invitationsNamed("Intruso")).toEqual([]);
  });

  test("with the token: create, update, guests, sections, media, seed and debug", async ({ request, data }) => {
    const created = await request.post("/api/invitations", json({ primaryGuest: "Api Nueva", maxGuests: 3 }, admin));
    expect(created.status()).toBe(201);
    const inv = await created.json();
    data.trackInvitation(inv.id);
    expect(inv.code).toMatch(/^[A-Z2-9]{6}$/);
    expect((await request.post("/api/invitations", json({ primaryGuest: " ", maxGuests: 3 }, admin))).status()).toBe(400);
    expect((await request.post("/api/invitations", json({ primaryGuest: "X", maxGuests: 9 }, admin))).status()).toBe(400);
    expect((await request.post("/api/invitations", json({ primaryGuest: "X", maxGuests: "3" }, admin))).status()).toBe(400);

    await request.post(`/api/invitations/${inv.code}/confirm`, json({ guests: [{ fullName: "Api Nueva" }, { fullName: "Uno" }, { fullName: "Dos" }] }));
    const below = await request.put(`/api/invitations/${inv.id}`, json({ maxGuests: 2 }, admin));
    expect(below.status()).toBe(409);
    expect((await request.put(`/api/invitations/999999`, json({ maxGuests: 2 }, admin))).status()).toBe(404);
    const renamed = await request.put(`/api/invitations/${inv.id}`, json({ primaryGuest: "Api Renombrada" }, admin));
    expect((await renamed.json()).primaryGuest).toBe("Api Renombrada");

    const { guests } = (await data.invitation(inv.id))!;
    const primary = await request.delete(`/api/guests/${guests[0].id}`, { headers: admin });
    expect(primary.status()).toBe(409);
    expect(await primary.json()).toEqual({ error: "No se puede eliminar el invitado principal. Elimina toda la invitación en su lugar." });
    expect((await request.delete(`/api/guests/${guests[2].id}`, { headers: admin })).status()).toBe(200);
    expect((await data.invitation(inv.id))?.maxGuests).toBe(2);

    const stats = await (await request.get("/api/invitations/stats", { headers: admin })).json();
    expect(Object.keys(stats)).toEqual(
      expect.arrayContaining(["totalGuests", "confirmedGuests", "confirmedPercentage", "totalInvitations", "confirmedInvitations"]),
    );

    const section = await (
      await request.post("/api/gallery/sections", json({ name: "Api sección", description: "d", allow_upload: true, is_active: false, order: 99 }, admin))
    ).json();
    data.trackSection(section.id);
    expect(section).toMatchObject({ name: "Api sección", is_active: false, allow_upload: true });
    expect((await request.post("/api/gallery/sections", json({ name: "  " }, admin))).status()).toBe(400);
    const toggled = await (await request.put(`/api/gallery/sections/${section.id}`, json({ is_active: true }, admin))).json();
    expect(toggled.is_active).toBe(true);
    expect((await request.put(`/api/gallery/sections/${section.id}`, json({ is_active: "yes" }, admin))).status()).toBe(400);
    expect((await request.get("/api/debug/gallery", { headers: admin })).status()).toBe(200);
    expect((await request.post("/api/gallery/seed-sections", { headers: admin })).status()).toBe(200);
    expect((await request.delete(`/api/gallery/sections/${section.id}`, { headers: admin })).status()).toBe(200);
    expect((await request.delete(`/api/gallery/sections/${section.id}`, { headers: admin })).status()).toBe(404);
    expect((await request.delete(`/api/invitations/${inv.id}`, { headers: admin })).status()).toBe(200);
    expect((await request.delete(`/api/invitations/abc`, { headers: admin })).status()).toBe(400);
  });
});

test.describe("/api over HTTP: methods, languages, sessions @js-only", () => {
  test("405 with Allow, HEAD, no-store, and English messages on request", async ({ request, data }) => {
    const inv = await data.createInvitation({ primaryGuest: "Api Head", maxGuests: 2 });
    const wrong = await request.post(`/api/invitations/validate/${inv.code}`, json({}));
    expect(wrong.status()).toBe(405);
    expect(wrong.headers()["allow"]).toBe("GET, HEAD");
    expect(await wrong.json()).toEqual({ error: "Método no permitido" });
    const put = await request.put("/api/invitations/stats", json({}, admin));
    expect([put.status(), put.headers()["allow"]]).toEqual([405, "GET, HEAD"]);
    const head = await request.head(`/api/invitations/${inv.code}`);
    expect(head.status()).toBe(200);
    const got = await request.get(`/api/invitations/${inv.code}`);
    expect(got.headers()["cache-control"]).toBe("no-store");
    expect(got.headers()["content-type"]).toMatch(/^application\/json/);
    const en = await request.get("/api/invitations/ZZZZZZ", { headers: { "Accept-Language": "en-US,en;q=0.9" } });
    expect(await en.json()).toEqual({ error: "Invalid invitation code. Please check it and try again." });
    const malformed = await request.post(`/api/invitations/${inv.code}/confirm`, {
      data: Buffer.from("{"),
      headers: { "Content-Type": "application/json", "Accept-Language": "en" },
    });
    expect(await malformed.json()).toEqual({ error: "The request body is not valid JSON" });
  });

  test("the admin session from the /admin login form opens the admin routes; logging out closes them", async ({ request }) => {
    expect((await request.get("/api/invitations/stats")).status()).toBe(401);
    await request.post("/admin", { form: { intent: "login", password: "wrong-password" } });
    expect((await request.get("/api/invitations/stats")).status()).toBe(401);
    const login = await request.post("/admin", { form: { intent: "login", password: "e2e-admin-password" } });
    expect(login.ok()).toBe(true);
    const stats = await request.get("/api/invitations/stats");
    expect(stats.status()).toBe(200);
    expect(await stats.json()).toMatchObject({ totalGuests: expect.any(Number), confirmedPercentage: expect.any(Number) });
    expect((await request.get("/api/debug/gallery")).status()).toBe(200);
    const logout = await request.post("/admin", { form: { intent: "logout" } });
    expect(logout.status()).toBeLessThan(400);
    expect((await request.get("/api/invitations/stats")).status()).toBe(401);
  });

  test("the admin records a file already in the store as a media item; a second record is a conflict", async ({ request, data }) => {
    const section = await data.createSection({ name: `Api registro ${Date.now()}` });
    const photo = await sharp({ create: { width: 120, height: 90, channels: 3, background: "#336699" } })
      .jpeg()
      .toBuffer();
    // The file is put in the store by other means (copied into the photo folder), then recorded.
    const filePath = `${section.id}/${Date.now()}-ab12cd.jpg`;
    fs.mkdirSync(path.join(process.env.E2E_UPLOADS_DIR!, String(section.id)), { recursive: true });
    fs.writeFileSync(path.join(process.env.E2E_UPLOADS_DIR!, filePath), photo);
    const body = { file_path: filePath, public_url: "https://elsewhere.example/x.jpg", type: "IMAGE", name: "Registrada", size: 1 };
    const recorded = await request.post(`/api/gallery/sections/${section.id}/media`, json(body, admin));
    expect(recorded.status()).toBe(201);
    expect(await recorded.json()).toMatchObject({ file_path: filePath, public_url: `/uploads/${filePath}`, name: "Registrada", size: photo.length });
    const again = await request.post(`/api/gallery/sections/${section.id}/media`, json(body, admin));
    expect(again.status()).toBe(409);
    const missing = await request.post(`/api/gallery/sections/${section.id}/media`, json({ ...body, file_path: `${section.id}/nope.jpg` }, admin));
    expect(await missing.json()).toEqual({ error: "El archivo no existe en el almacenamiento" });
  });
});
