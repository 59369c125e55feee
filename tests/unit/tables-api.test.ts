import { describe, expect, it } from "vitest";
import { confirmInvitation, createInvitation } from "~/models/invitations.server";
import { createTable, seatingPlan } from "~/models/tables.server";
import * as tablesRoute from "~/routes/api.tables._index";
import * as seatsRoute from "~/routes/api.tables.seats";
import * as publishedRoute from "~/routes/api.tables.published";
import { tablesPublished } from "~/models/tables.server";
import { useTestDatabase } from "./helpers/test-db";

/** /api/tables and /api/tables/seats: the plan read, places set under the screen's rule (app/models/tables.server.ts). */

const TOKEN = "unit-admin-api-token-0123456789";
type Args = { request: Request; params: Record<string, string | undefined>; context: { clientIp: string } };
type RouteModule = { loader: (args: Args) => Promise<Response>; action: (args: Args) => Promise<Response> };

async function call(mod: RouteModule, method: string, path: string, json?: unknown, headers: Record<string, string> = { Authorization: `Bearer ${TOKEN}` }) {
  const request = new Request(`http://localhost${path}`, {
    method,
    headers: { ...headers, ...(json === undefined ? {} : { "Content-Type": "application/json" }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const response = await (method === "GET" ? mod.loader : mod.action)({ request, params: {}, context: { clientIp: "10.9.0.1" } });
  return { status: response.status, json: await response.json() };
}

describe("the seating plan's API", () => {
  useTestDatabase({ ADMIN_API_TOKEN: TOKEN, RSVP_DEADLINE: "2030-12-17T23:59:59-05:00" });

  it("reads the plan and seats people all or nothing, with the reason in the caller's language; admin only", async () => {
    const created = await createInvitation({ primaryGuest: "Ana Pérez", maxGuests: 2 });
    if (!created.ok) throw new Error();
    const answer = await confirmInvitation(created.invitation.code, ["Luis Pérez"]);
    if (!answer.ok) throw new Error();
    const table = await createTable({ name: "Mesa 1", seats: 8 });
    if (!table.ok) throw new Error();
    const [ana, luis] = answer.invitation.guests;

    expect((await call(tablesRoute, "GET", "/api/tables", undefined, {})).status).toBe(401);
    expect((await call(seatsRoute, "PUT", "/api/tables/seats", { seats: [] }, {})).status).toBe(401);

    const refused = await call(seatsRoute, "PUT", "/api/tables/seats", {
      seats: [
        { guestId: ana.id, tableId: table.table.id },
        { guestId: luis.id, tableId: 999 },
      ],
    });
    expect(refused).toEqual({ status: 400, json: { error: "Una de esas mesas ya no existe: recarga la página. No se guardó nada." } });
    expect((await seatingPlan()).seated).toBe(0);
    const english = await call(
      seatsRoute,
      "PUT",
      "/api/tables/seats",
      { seats: [{ guestId: 999, tableId: null }] },
      { Authorization: `Bearer ${TOKEN}`, "Accept-Language": "en" },
    );
    expect(english).toEqual({ status: 400, json: { error: "One of those people is no longer on the list: reload the page. Nothing was saved." } });
    expect((await call(seatsRoute, "PUT", "/api/tables/seats", { seats: [{ guestId: "x", tableId: 1 }] })).status).toBe(400);

    expect(await call(seatsRoute, "PUT", "/api/tables/seats", { seats: [{ guestId: ana.id, tableId: table.table.id }] })).toEqual({
      status: 200,
      json: { success: true, moved: 1 },
    });
    const plan = await call(tablesRoute, "GET", "/api/tables");
    expect(plan.status).toBe(200);
    expect(plan.json).toMatchObject({
      seated: 1,
      confirmed: 2,
      published: false,
      tables: [{ name: "Mesa 1", seats: 8, free: 7, people: [{ id: ana.id, name: "Ana Pérez" }] }],
      unseated: [{ id: luis.id, name: "Luis Pérez" }],
      warnings: [],
    });
  });
  it("makes a table with the screen's rules and publishes the plan; admin only", async () => {
    expect((await call(tablesRoute, "POST", "/api/tables", { name: "Mesa 9", seats: 8 }, {})).status).toBe(401);
    expect((await call(publishedRoute, "PUT", "/api/tables/published", { published: true }, {})).status).toBe(401);
    const refused = await call(tablesRoute, "POST", "/api/tables", { name: "  ", seats: 8 });
    expect(refused).toEqual({ status: 400, json: { error: "Escribe el nombre o número de la mesa." } });
    expect((await call(tablesRoute, "POST", "/api/tables", { name: "Mesa 9", seats: 51 })).status).toBe(400);
    expect((await seatingPlan()).tables).toEqual([]);
    const made = await call(tablesRoute, "POST", "/api/tables", { name: "Mesa 9", seats: "8" });
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({ name: "Mesa 9", seats: 8 });
    expect(made.json.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect((await seatingPlan()).tables.map((t) => t.name)).toEqual(["Mesa 9"]);
    // A name another table has (trimmed, whatever its case): 409 with the reason in the caller's language, nothing made.
    expect(await call(tablesRoute, "POST", "/api/tables", { name: " mesa 9 ", seats: 4 })).toEqual({
      status: 409,
      json: { error: "Ya hay una mesa con ese nombre." },
    });
    expect(await call(tablesRoute, "POST", "/api/tables", { name: "MESA 9", seats: 4 }, { Authorization: `Bearer ${TOKEN}`, "Accept-Language": "en" })).toEqual(
      {
        status: 409,
        json: { error: "There is already a table with that name." },
      },
    );
    expect((await seatingPlan()).tables.map((t) => [t.name, t.seats])).toEqual([["Mesa 9", 8]]);
    expect(await tablesPublished()).toBe(false);
    expect(await call(publishedRoute, "PUT", "/api/tables/published", { published: true })).toEqual({ status: 200, json: { success: true, published: true } });
    expect(await tablesPublished()).toBe(true);
  });
});
