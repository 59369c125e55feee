import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { Writable } from "node:stream";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createRequestLog, maskedPath } from "../../server/request-log.mjs";

describe("the request log never holds an invitation code", () => {
  it("masks the code in every path that carries one, whatever its case or encoding, and drops the query", () => {
    expect(maskedPath("/i/ABC123")).toBe("/i/:code");
    expect(maskedPath("/I/abc123/")).toBe("/I/:code/");
    expect(maskedPath("/i/ABC123.data?_routes=x")).toBe("/i/:code");
    expect(maskedPath("/%69/ABC123")).toBe("/i/:code");
    expect(maskedPath("/api/invitations/ABC123")).toBe("/api/invitations/:code");
    for (const action of ["details", "confirm", "decline"]) {
      expect(maskedPath(`/api/invitations/ABC123/${action}`)).toBe(`/api/invitations/:code/${action}`);
    }
    expect(maskedPath("/API//Invitations/ABC123/confirm")).toBe("/API//Invitations/:code/confirm");
    expect(maskedPath("/api/invitations/validate/ABC123")).toBe("/api/invitations/validate/:code");
    expect(maskedPath("/api/invitations/AB%43123%0Aforged")).toBe("/api/invitations/:code");
    expect(maskedPath("/confirm?code=ABC123")).toBe("/confirm");
    expect(maskedPath("/gallery#ABC123")).toBe("/gallery");
  });

  it("keeps the paths that name no invitation as they are", () => {
    for (const path of [
      "/",
      "/confirm",
      "/gallery",
      "/admin",
      "/api/invitations",
      "/api/invitations/stats",
      "/api/invitations/import",
      "/api/invitations/export.csv",
      "/api/gallery/sections/3/media",
      "/images/hero.jpg",
    ]) {
      expect(maskedPath(path)).toBe(path);
    }
  });
});

let server: Server | undefined;
afterEach(() => server?.close());

describe("one line per request", () => {
  it("says method, masked path, status and duration, as JSON the journal keeps on one line", async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split("\n").filter(Boolean));
        done();
      },
    });
    const app = express();
    app.use(createRequestLog({ destination })!);
    app.all("*", (req, res) => res.status(req.path === "/boom" ? 500 : 200).send("ok"));
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await (await fetch(`${base}/api/invitations/QX7RT2/confirm?lang=en`, { method: "POST" })).text();
    await (await fetch(`${base}/i/QX7RT2`)).text();
    await (await fetch(`${base}/boom`)).text();
    await expect.poll(() => lines.length).toBe(3);
    const entries = lines.map((line) => JSON.parse(line));
    expect(entries[0]).toMatchObject({ level: "info", req: { method: "POST", path: "/api/invitations/:code/confirm" }, res: { status: 200 } });
    expect(entries[0].msg).toMatch(/^POST \/api\/invitations\/:code\/confirm 200 \d+ms$/);
    expect(entries[1].msg).toMatch(/^GET \/i\/:code 200 \d+ms$/);
    expect(entries[2]).toMatchObject({ level: "error", res: { status: 500 } });
    expect(entries[2].msg).toMatch(/^GET \/boom 500 \d+ms$/);
    expect(lines.join("\n")).not.toContain("QX7RT2");
    expect(lines.join("\n")).not.toContain("lang=en");
  });

  it("never logs the one-time setup link's token (it is in the query)", async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split("\n").filter(Boolean));
        done();
      },
    });
    const app = express();
    app.use(createRequestLog({ destination })!);
    app.all("*", (_req, res) => res.status(404).send("no"));
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await (await fetch(`${base}/setup?token=Zk3sEtUpToKeN`)).text();
    await (await fetch(`${base}/setup.data?token=Zk3sEtUpToKeN&_routes=routes%2Fsetup`)).text();
    await expect.poll(() => lines.length).toBe(2);
    expect(JSON.parse(lines[0]).msg).toMatch(/^GET \/setup 404 \d+ms$/);
    expect(lines.join("\n")).not.toContain("Zk3sEtUpToKeN");
  });

  it("leaves out a passing health check, so the start's lines stay findable; a failing one is logged", async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split("\n").filter(Boolean));
        done();
      },
    });
    let healthy = true;
    const app = express();
    app.use(createRequestLog({ destination })!);
    app.all("*", (req, res) => res.status(req.path === "/healthz" && !healthy ? 503 : 200).send("ok"));
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await (await fetch(`${base}/healthz`)).text();
    await (await fetch(`${base}/healthz?probe=1`)).text();
    await (await fetch(`${base}/`)).text();
    healthy = false;
    await (await fetch(`${base}/healthz`)).text();
    await expect.poll(() => lines.length).toBe(2);
    const entries = lines.map((line) => JSON.parse(line));
    expect(entries[0].msg).toMatch(/^GET \/ 200 \d+ms$/);
    expect(entries[1]).toMatchObject({ level: "error", res: { status: 503 } });
    expect(entries[1].msg).toMatch(/^GET \/healthz 503 \d+ms$/);
  });

  it("is off with LOG_REQUESTS=0", () => {
    expect(createRequestLog({ enabled: false })).toBeNull();
  });
});
