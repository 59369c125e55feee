import os from "node:os";
import { describe, expect, it } from "vitest";
import { parseConfig } from "~/infra/config.server";

describe("configuration", () => {
  it("has the documented defaults", () => {
    const cfg = parseConfig({});
    expect(cfg.PORT).toBe(3000);
    expect(cfg.DATABASE_PATH).toBe("db/data/wedding.sqlite");
    expect(cfg.UPLOADS_DIR).toBe("uploads");
    expect(cfg.WEDDING_DATE).toBe("2026-01-17T16:00:00-05:00");
    expect(cfg.RSVP_DEADLINE).toBe("2025-12-17T23:59:59-05:00");
    expect(cfg.ADMIN_PASSWORD).toBeUndefined();
    expect(cfg.TRUST_PROXY).toBe(false);
  });

  it("names the bad variable", () => {
    expect(() => parseConfig({ PORT: "http" })).toThrow(/PORT/);
    expect(() => parseConfig({ RSVP_DEADLINE: "next tuesday" })).toThrow(/RSVP_DEADLINE/);
    expect(() => parseConfig({ ADMIN_PASSWORD: "short" })).toThrow(/ADMIN_PASSWORD/);
    expect(() => parseConfig({ TRUST_PROXY: "maybe" })).toThrow(/TRUST_PROXY/);
  });

  it("reads PUBLIC_URL as an origin without a trailing slash, and refuses anything else", () => {
    expect(parseConfig({}).PUBLIC_URL).toBeUndefined();
    expect(parseConfig({ PUBLIC_URL: "https://boda.example.com/" }).PUBLIC_URL).toBe("https://boda.example.com");
    expect(parseConfig({ PUBLIC_URL: "http://localhost:3000" }).PUBLIC_URL).toBe("http://localhost:3000");
    for (const bad of [
      "boda.example.com",
      "ftp://boda.example.com",
      "https://boda.example.com/rsvp",
      "https://boda.example.com/?a=1",
      "https://boda.example.com/#x",
    ]) {
      expect(() => parseConfig({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL/);
    }
  });

  it("reads WEB_CONCURRENCY as 1 to 32 worker processes, one per CPU unless set", () => {
    expect(parseConfig({}).WEB_CONCURRENCY).toBe(Math.min(32, os.availableParallelism()));
    expect(parseConfig({ WEB_CONCURRENCY: "1" }).WEB_CONCURRENCY).toBe(1);
    expect(parseConfig({ WEB_CONCURRENCY: "3" }).WEB_CONCURRENCY).toBe(3);
    expect(parseConfig({ WEB_CONCURRENCY: "32" }).WEB_CONCURRENCY).toBe(32);
    for (const bad of ["0", "33", "-1", "2.5", "many"]) {
      expect(() => parseConfig({ WEB_CONCURRENCY: bad }), bad).toThrow(/WEB_CONCURRENCY must be a whole number of worker processes from 1 to 32/);
    }
  });

  it("treats empty values as unset", () => {
    expect(parseConfig({ ADMIN_PASSWORD: "", PORT: "" }).PORT).toBe(3000);
  });
});
