import os from "node:os";
import { describe, expect, it } from "vitest";
import { parseConfig } from "~/infra/config.server";

describe("configuration", () => {
  it("has the documented defaults", () => {
    const cfg = parseConfig({});
    expect(cfg.PORT).toBe(3000);
    expect(cfg.DATABASE_PATH).toBe("db/data/wedding.sqlite");
    expect(cfg.UPLOADS_DIR).toBe("uploads");
    // Unset: the dates come from 'Contenido' (weddingDates(), content.server.test.ts).
    expect(cfg.WEDDING_DATE).toBeUndefined();
    expect(cfg.RSVP_DEADLINE).toBeUndefined();
    expect(cfg.ADMIN_PASSWORD).toBeUndefined();
    expect(cfg.TRUST_PROXY).toBe(false);
  });

  it("names the bad variable", () => {
    expect(() => parseConfig({ PORT: "http" })).toThrow(/PORT/);
    expect(() => parseConfig({ RSVP_DEADLINE: "next tuesday" })).toThrow(/RSVP_DEADLINE/);
    expect(() => parseConfig({ ADMIN_PASSWORD: "short" })).toThrow(/ADMIN_PASSWORD/);
    expect(() => parseConfig({ TRUST_PROXY: "maybe" })).toThrow(/TRUST_PROXY/);
  });

  it("schedules no backup unless BACKUP_DIR is set, keeps 7 by default, and names a bad BACKUP_KEEP", () => {
    expect(parseConfig({}).BACKUP_DIR).toBeUndefined();
    expect(parseConfig({}).BACKUP_KEEP).toBe(7);
    expect(parseConfig({ BACKUP_DIR: "/data/backups", BACKUP_KEEP: "30" })).toMatchObject({ BACKUP_DIR: "/data/backups", BACKUP_KEEP: 30 });
    for (const bad of ["0", "-1", "2.5", "many", "366"]) expect(() => parseConfig({ BACKUP_KEEP: bad }), bad).toThrow(/BACKUP_KEEP must be a whole number/);
    expect(() => parseConfig({ BACKUP_TEST_EVERY_SECONDS: "0" })).toThrow(/BACKUP_TEST_EVERY_SECONDS/);
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

  it("keeps photos in the local folder by default; STORAGE=s3 reads the bucket's settings", () => {
    const local = parseConfig({});
    expect(local.STORAGE).toBe("local");
    expect(local.S3_BUCKET).toBe("wedding-gallery");
    expect(local.S3_REGION).toBe("us-east-1");
    const r2 = parseConfig({
      STORAGE: "s3",
      S3_REGION: "auto",
      S3_ENDPOINT: "https://abc123.r2.cloudflarestorage.com",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_PUBLIC_URL: "https://photos.example.com",
    });
    expect(r2).toMatchObject({ STORAGE: "s3", S3_REGION: "auto", S3_PUBLIC_URL: "https://photos.example.com/" });
    expect(r2.S3_FORCE_PATH_STYLE).toBeUndefined(); // the driver turns it on because S3_ENDPOINT is set
    expect(parseConfig({ S3_FORCE_PATH_STYLE: "0" }).S3_FORCE_PATH_STYLE).toBe(false);
    expect(parseConfig({ S3_PUBLIC_URL: "https://cdn.example.com/boda/" }).S3_PUBLIC_URL).toBe("https://cdn.example.com/boda/");
  });

  it("names the bad storage variable", () => {
    expect(() => parseConfig({ STORAGE: "ftp" })).toThrow(/STORAGE: STORAGE must be "local" or "s3"/);
    expect(() => parseConfig({ S3_BUCKET: "Wedding_Gallery" })).toThrow(/S3_BUCKET/);
    expect(() => parseConfig({ S3_REGION: "US East" })).toThrow(/S3_REGION/);
    expect(() => parseConfig({ S3_ENDPOINT: "minio:9000" })).toThrow(/S3_ENDPOINT/);
    expect(() => parseConfig({ S3_PUBLIC_URL: "photos.example.com" })).toThrow(/S3_PUBLIC_URL/);
    expect(() => parseConfig({ S3_PUBLIC_URL: "https://photos.example.com/?sig=1" })).toThrow(/S3_PUBLIC_URL/);
    expect(() => parseConfig({ S3_FORCE_PATH_STYLE: "sometimes" })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(() => parseConfig({ S3_ACCESS_KEY_ID: "key" })).toThrow(/S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/);
    expect(() => parseConfig({ S3_SECRET_ACCESS_KEY: "secret" })).toThrow(/S3_ACCESS_KEY_ID: /);
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
