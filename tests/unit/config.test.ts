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

  it("takes a PostgreSQL DATABASE_URL only, and then requires the secrets every instance must share", () => {
    const secrets = { SESSION_SECRET: "a-session-secret-0123456789", ADMIN_PASSWORD: "the-admin-password" };
    expect(parseConfig({}).DATABASE_URL).toBeUndefined();
    expect(parseConfig({ DATABASE_URL: "postgres://u:p@db:5432/wedding", ...secrets }).DATABASE_URL).toBe("postgres://u:p@db:5432/wedding");
    expect(parseConfig({ DATABASE_URL: "postgresql://db/wedding?sslmode=require", ...secrets }).DATABASE_URL).toBe("postgresql://db/wedding?sslmode=require");
    for (const bad of ["mysql://db/wedding", "db/data/wedding.sqlite", "postgres//db"]) {
      expect(() => parseConfig({ DATABASE_URL: bad, ...secrets }), bad).toThrow(/DATABASE_URL must be a PostgreSQL address/);
    }
    expect(() => parseConfig({ DATABASE_URL: "postgres://db/wedding", ADMIN_PASSWORD: secrets.ADMIN_PASSWORD })).toThrow(
      /SESSION_SECRET is required with DATABASE_URL/,
    );
    expect(() => parseConfig({ DATABASE_URL: "postgres://db/wedding", SESSION_SECRET: secrets.SESSION_SECRET })).toThrow(
      /ADMIN_PASSWORD is required with DATABASE_URL/,
    );
  });

  it("treats empty values as unset", () => {
    expect(parseConfig({ ADMIN_PASSWORD: "", PORT: "" }).PORT).toBe(3000);
  });
});
