import { describe, expect, it } from "vitest";
import { enqueue } from "~/models/outbox.server";
import * as outbox from "~/routes/api.outbox";
import { useTestDatabase } from "./helpers/test-db";

/** GET /api/outbox: the admin's view of the outbox (the 'Correos' screen reads it). */
const TOKEN = "unit-admin-api-token-0123456789";

async function get(query = "", headers: Record<string, string> = { Authorization: `Bearer ${TOKEN}` }) {
  const request = new Request(`http://localhost/api/outbox${query}`, { headers });
  const response = await outbox.loader({ request, params: {}, context: { clientIp: "10.9.0.1" } } as never);
  return { status: response.status, json: await response.json() };
}

describe("GET /api/outbox", () => {
  useTestDatabase({ ADMIN_API_TOKEN: TOKEN });

  it("401 without the admin's token or session", async () => {
    expect(await get("", {})).toEqual({ status: 401, json: { error: "No autorizado" } });
  });

  it("200 the messages, newest first, by state; whether e-mail is configured", async () => {
    await enqueue([
      { kind: "answer", channel: "email", recipient: "novios@example.com", language: "es", payload: {} },
      { kind: "answer", channel: "webhook", recipient: "https://ntfy.example.com/secret-topic", language: "es", payload: {} },
    ]);
    const all = await get();
    expect(all.status).toBe(200);
    expect(all.json.emailEnabled).toBe(false);
    expect(all.json.messages).toEqual([
      expect.objectContaining({ channel: "webhook", recipient: "https://ntfy.example.com", state: "queued", reason: null, tries: 0 }),
      expect.objectContaining({ channel: "email", recipient: "novios@example.com", kind: "answer", language: "es", sentAt: null }),
    ]);
    expect((await get("?state=failed")).json.messages).toEqual([]);
    expect((await get("?limit=1")).json.messages).toHaveLength(1);
  });

  it("400 for an unknown state or a bad limit", async () => {
    expect(await get("?state=sending")).toEqual({ status: 400, json: { error: "Solicitud inválida: el campo state no es válido" } });
    expect((await get("?limit=-1")).status).toBe(400);
    expect((await get("?limit=99999")).status).toBe(400);
  });
});
