import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { HTTP_TIMEOUT_MS } from "~/lib/constants";
import { createApiClient, errorMessageFor, galleryService, httpFailure, invitationsService, normalizeError, serverMessageOf } from "~/lib/api-client";

/** A real local server on 127.0.0.1 answering each status the catalogue covers. */
let server: http.Server;
let base = "";
const seen: { method: string; url: string; contentType: string; body: string }[] = [];
let flaky = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://x");
      seen.push({
        method: req.method ?? "",
        url: url.pathname + url.search,
        contentType: req.headers["content-type"] ?? "",
        body: Buffer.concat(chunks).toString(),
      });
      const status = Number(url.searchParams.get("status") ?? "200");
      const message = url.searchParams.get("message");
      if (url.pathname === "/slow") return void setTimeout(() => res.end("{}"), 1500);
      if (url.pathname === "/slow-body") {
        res.writeHead(200, { "Content-Type": "application/json" });
        res.write('{"a":');
        return void setTimeout(() => res.end("1}"), 1500);
      }
      if (url.pathname === "/flaky") {
        flaky++;
        res.writeHead(flaky % 2 === 1 ? 503 : 200, { "Content-Type": "application/json" });
        return void res.end(flaky % 2 === 1 ? '{"error":"Ocupado"}' : '{"ok":true}');
      }
      if (url.pathname === "/html") {
        res.writeHead(status, { "Content-Type": "text/html" });
        return void res.end("<h1>Oops</h1>");
      }
      if (url.pathname === "/api/gallery/sections" || url.pathname === "/api/gallery/seed-sections") {
        res.writeHead(200, { "Content-Type": "application/json" });
        return void res.end("");
      }
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(status >= 400 ? JSON.stringify(message ? { error: message } : {}) : JSON.stringify({ ok: true, method: req.method }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** A port nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((r) => probe.close(() => r()));
  return port;
}

describe("the pure mapping of a status to its message", () => {
  it.each([
    [400, "Nombre requerido", "Nombre requerido"],
    [400, null, "Solicitud inválida"],
    [400, "   ", "Solicitud inválida"],
    [401, "anything", "No autorizado"],
    [403, "anything", "Acceso denegado"],
    [404, "No existe", "No existe"],
    [404, null, "Recurso no encontrado"],
    [409, "Choque", "Choque"],
    [409, null, "Conflicto en la solicitud"],
    [500, "stack trace", "Error del servidor"],
    [418, "Soy una tetera", "Soy una tetera"],
    [429, null, "Error en la solicitud"],
    [502, null, "Error en la solicitud"],
    [null, "ignored", "No se pudo conectar con el servidor"],
  ] as const)("%s with %s → %s", (status, message, expected) => {
    expect(errorMessageFor(status, message)).toBe(expected);
  });

  it("reads the server's message from the error field only, and keeps the body as data", () => {
    expect(serverMessageOf({ error: "X" })).toBe("X");
    expect(serverMessageOf({ error: 42 })).toBeNull();
    expect(serverMessageOf("plain text")).toBeNull();
    expect(serverMessageOf(null)).toBeNull();
    expect(httpFailure(404, { error: "No existe", extra: 1 })).toEqual({ message: "No existe", status: 404, data: { error: "No existe", extra: 1 } });
    expect(httpFailure(401, { error: "Falta token" })).toEqual({ message: "No autorizado", status: 401, data: { error: "Falta token" } });
  });

  it("anything else: the error's own message, or 'Error desconocido'", () => {
    expect(normalizeError(new Error("boom"))).toEqual({ message: "boom", status: null, data: null });
    expect(normalizeError(new Error(""))).toEqual({ message: "Error desconocido", status: null, data: null });
    expect(normalizeError({})).toEqual({ message: "Error desconocido", status: null, data: null });
    expect(normalizeError(undefined)).toEqual({ message: "Error desconocido", status: null, data: null });
    expect(normalizeError("texto")).toEqual({ message: "texto", status: null, data: null });
    expect(normalizeError({ message: "Ya normalizado", status: 409, data: { a: 1 } })).toEqual({ message: "Ya normalizado", status: 409, data: { a: 1 } });
  });
});

describe("the client against a real server", () => {
  it("has the spec's 10 000 ms timeout by default", () => {
    expect(HTTP_TIMEOUT_MS).toBe(10_000);
  });

  it.each([
    [400, "Nombre requerido", "Nombre requerido"],
    [400, undefined, "Solicitud inválida"],
    [401, "ignored", "No autorizado"],
    [403, "ignored", "Acceso denegado"],
    [404, "No existe", "No existe"],
    [404, undefined, "Recurso no encontrado"],
    [409, "Choque", "Choque"],
    [409, undefined, "Conflicto en la solicitud"],
    [500, "stack trace", "Error del servidor"],
    [418, "Soy una tetera", "Soy una tetera"],
    [418, undefined, "Error en la solicitud"],
  ])("%i with %s → { data: null, error: { message: %s, status, data } }", async (status, message, expected) => {
    const api = createApiClient({ baseUrl: base, retries: 0 });
    const query = new URLSearchParams({ status: String(status), ...(message ? { message } : {}) });
    const result = await api.get(`/x?${query}`);
    expect(result).toEqual({ data: null, error: { message: expected, status, data: message ? { error: message } : {} } });
  });

  it("a non-JSON error body is kept as text in data", async () => {
    const result = await createApiClient({ baseUrl: base }).get("/html?status=404");
    expect(result.error).toEqual({ message: "Recurso no encontrado", status: 404, data: "<h1>Oops</h1>" });
  });

  it("success yields data and no error; JSON bodies with the JSON content type; the base URL's trailing slash is fine", async () => {
    seen.length = 0;
    const api = createApiClient({ baseUrl: `${base}/` });
    expect(await api.put<{ method: string }>("/x", { a: 1 })).toEqual({ data: { ok: true, method: "PUT" }, error: null });
    expect(await api.post("/x")).toEqual({ data: { ok: true, method: "POST" }, error: null });
    expect(await api.delete("/x")).toEqual({ data: { ok: true, method: "DELETE" }, error: null });
    expect(seen.map((r) => [r.method, r.url, r.contentType, r.body])).toEqual([
      ["PUT", "/x", "application/json", '{"a":1}'],
      ["POST", "/x", "application/json", "{}"],
      ["DELETE", "/x", "application/json", ""],
    ]);
  });

  it("a FormData body goes as multipart with its boundary", async () => {
    seen.length = 0;
    const form = new FormData();
    form.append("file", new Blob(["abc"], { type: "image/jpeg" }), "a.jpg");
    await createApiClient({ baseUrl: base }).post("/upload", form);
    expect(seen[0].contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0].body).toContain('filename="a.jpg"');
  });

  it("a refused connection says 'No se pudo conectar con el servidor'", async () => {
    const closed = await createApiClient({ baseUrl: `http://127.0.0.1:${await closedPort()}` }).get("/x");
    expect(closed).toEqual({ data: null, error: { message: "No se pudo conectar con el servidor", status: null, data: null } });
  });

  it("a timeout (headers or body too slow) says 'No se pudo conectar con el servidor'", async () => {
    const api = createApiClient({ baseUrl: base, timeoutMs: 200, retries: 0 });
    const started = Date.now();
    expect((await api.get("/slow")).error).toEqual({ message: "No se pudo conectar con el servidor", status: null, data: null });
    expect((await api.get("/slow-body")).error?.message).toBe("No se pudo conectar con el servidor");
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("a thrown non-network error keeps its own message, or 'Error desconocido'", async () => {
    const broken = await createApiClient({ fetch: () => Promise.reject(new Error("boom")), retries: 0 }).get("/x");
    expect(broken.error).toEqual({ message: "boom", status: null, data: null });
    const odd = await createApiClient({ fetch: () => Promise.reject({}), retries: 0 }).get("/x");
    expect(odd.error?.message).toBe("Error desconocido");
  });

  it("reads are retried once after no answer or a 5xx (spec: one retry); writes and 4xx never are", async () => {
    flaky = 0;
    expect(await createApiClient({ baseUrl: base }).get("/flaky")).toEqual({ data: { ok: true }, error: null });
    flaky = 0;
    expect((await createApiClient({ baseUrl: base }).post("/flaky")).error).toMatchObject({ status: 503, message: "Ocupado" });
    expect(flaky).toBe(1);
    const calls = vi.fn(() => Promise.resolve(new Response('{"error":"No existe"}', { status: 404 })));
    await createApiClient({ fetch: calls }).get("/x");
    expect(calls).toHaveBeenCalledTimes(1);
    const refused = vi.fn(() => Promise.reject(new TypeError("fetch failed")));
    await createApiClient({ fetch: refused }).get("/x");
    expect(refused).toHaveBeenCalledTimes(2);
  });
});

describe("freshness (300 s)", () => {
  it("a successful GET is answered from memory while fresh; a write or invalidate() forgets it; errors are never kept", async () => {
    const calls = vi.fn((url: string | URL | Request) =>
      Promise.resolve(
        String(url).includes("fail")
          ? new Response('{"error":"x"}', { status: 404 })
          : new Response(JSON.stringify({ n: calls.mock.calls.length }), { status: 200 }),
      ),
    );
    const api = createApiClient({ fetch: calls as unknown as typeof fetch });
    expect((await api.get("/a")).data).toEqual({ n: 1 });
    expect((await api.get("/a")).data).toEqual({ n: 1 });
    expect(calls).toHaveBeenCalledTimes(1);
    await api.post("/b", {});
    expect((await api.get("/a")).data).toEqual({ n: 3 });
    api.invalidate();
    expect((await api.get("/a")).data).toEqual({ n: 4 });
    await api.get("/fail");
    await api.get("/fail");
    expect(calls).toHaveBeenCalledTimes(6);
  });

  it("goes stale after staleTimeMs, and 0 turns it off", async () => {
    const calls = vi.fn(() => Promise.resolve(new Response("{}", { status: 200 })));
    const short = createApiClient({ fetch: calls, staleTimeMs: 50 });
    await short.get("/a");
    await new Promise((r) => setTimeout(r, 80));
    await short.get("/a");
    expect(calls).toHaveBeenCalledTimes(2);
    const off = createApiClient({ fetch: calls, staleTimeMs: 0 });
    await off.get("/a");
    await off.get("/a");
    expect(calls).toHaveBeenCalledTimes(4);
  });
});

describe("services", () => {
  it("log and rethrow failures", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const service = invitationsService(createApiClient({ baseUrl: `${base}/fail?status=404&message=No%20existe&` }));
    await expect(service.get("ABC")).rejects.toEqual({ message: "No existe", status: 404, data: { error: "No existe" } });
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it("call the table's paths with the code encoded", async () => {
    seen.length = 0;
    const inv = invitationsService(createApiClient({ baseUrl: base }));
    await inv.validate(" ab/c ");
    await inv.details("ABC");
    await inv.confirm("ABC", [{ fullName: "Ana" }]);
    await inv.update(3, { maxGuests: 2 });
    await inv.removeGuest(9);
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual([
      "GET /api/invitations/validate/ab%2Fc",
      "GET /api/invitations/ABC/details",
      "POST /api/invitations/ABC/confirm",
      "PUT /api/invitations/3",
      "DELETE /api/guests/9",
    ]);
    expect(seen[2].body).toBe('{"guests":[{"fullName":"Ana"}]}');
  });

  it("an empty sections answer raises 'No se recibieron datos de las secciones'; an empty seed answer 'No se recibió respuesta del servidor'", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const gallery = galleryService(createApiClient({ baseUrl: base }));
    await expect(gallery.sections()).rejects.toMatchObject({ message: "No se recibieron datos de las secciones" });
    await expect(gallery.seedSections()).rejects.toMatchObject({ message: "No se recibió respuesta del servidor" });
    log.mockRestore();
  });
});
