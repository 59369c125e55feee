import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { db } from "~/infra/db.server";
import { languageCookie } from "~/infra/i18n.server";
import { createSection } from "~/models/gallery.server";
import { createTable } from "~/models/tables.server";
import * as tableMedia from "~/routes/api.tables.$token.media";
import { useTestDatabase } from "./helpers/test-db";

/**
 * POST /api/tables/{token}/media, where a table card's page's upload queue sends each file
 * (decision 0070): the table's token is checked, the file lands in the tables' section tagged with
 * the table, and a key sent again stores nothing more.
 */
useTestDatabase();

const photo = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 90, g: 140, b: 180 } } })
    .jpeg()
    .toBuffer();

let ip = 0;
async function send(token: string, key: string, headers: Record<string, string> = {}) {
  const form = new FormData();
  form.set("uploaderName", "Tía Rosa");
  form.set("file", new File([new Uint8Array(await photo())], "brindis.jpg", { type: "image/jpeg" }));
  const request = new Request(`http://localhost/api/tables/${token}/media`, { method: "POST", headers: { "Idempotency-Key": key, ...headers }, body: form });
  const response = await tableMedia.action({ request, params: { token }, context: { clientIp: `192.0.2.${++ip}` } });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

const KEY = "0b7e4c1a-2f3d-4e5a-9b8c-7d6e5f4a3b2c";
const mediaRows = () => db().selectFrom("media").select(["section_id", "table_id", "uploader_name"]).execute();

describe("POST /api/tables/{token}/media", () => {
  it("a token of no table is 404 in the guest's language, nothing stored", async () => {
    expect(await send("no-such-table-token-000000", KEY)).toEqual({ status: 404, json: { error: "Mesa no encontrada" } });
    const en = (await languageCookie.serialize("en")).split(";")[0];
    expect(await send("no-such-table-token-000000", KEY, { Cookie: en })).toEqual({ status: 404, json: { error: "Table not found" } });
    expect(await mediaRows()).toEqual([]);
  });

  it("no section taking photos: 403 with the gallery's message, nothing stored", async () => {
    const table = await createTable({ name: "Rosa", seats: 8 });
    if (!table.ok) throw new Error("no table");
    const answer = await send(table.table.token, KEY);
    expect(answer.status).toBe(403);
    expect(answer.json.error).toEqual(expect.any(String));
    expect(await mediaRows()).toEqual([]);
  });

  it("the file goes to the tables' section, tagged with the table; sent again with its key, it is stored once", async () => {
    const section = await createSection({ name: "Mesas", allow_upload: true, is_active: true });
    const table = await createTable({ name: "Lirio", seats: 8 });
    if (!section.ok || !table.ok) throw new Error("no section or table");
    const first = await send(table.table.token, KEY);
    expect(first.status).toBe(201);
    const again = await send(table.table.token, KEY);
    expect(again).toEqual(first);
    const rows = await mediaRows();
    expect(rows.map((r) => ({ section: Number(r.section_id), table: Number(r.table_id), name: r.uploader_name }))).toEqual([
      { section: section.section.id, table: table.table.id, name: "Tía Rosa" },
    ]);
  });
});
