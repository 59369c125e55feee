import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { sql } from "kysely";
import { describe, expect, it, vi } from "vitest";
import { db, migrateTo, migrateToLatest, openDatabase, setDatabaseForTests } from "~/infra/db.server";
import { clientIp } from "~/http/request.server";
import { clear, consume, ensureNotLimited, RateLimited } from "~/infra/rate-limit.server";
import { useScratchDatabase } from "./helpers/scratch-db";
import { useTestDatabase } from "./helpers/test-db";

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe("rate limits in the database", () => {
  const paths = useTestDatabase({ RATE_LIMIT_CODE_ATTEMPTS: "3", RATE_LIMIT_LOGIN_ATTEMPTS: "2", RATE_LIMIT_WINDOW_SECONDS: "600" });

  it("counts an IPv6 client by its /64: varying the low 64 bits does not dodge the limit", async () => {
    // As the pages and the API count an attempt: by the client the load context names.
    const attempt = (address: string) => refusal(consume("code", clientIp({ clientIp: address })));
    for (const address of ["2001:db8:7:7::1", "2001:db8:7:7::2", "2001:db8:7:7:abcd::3"]) expect(await attempt(address)).toBeNull();
    expect(await attempt("2001:db8:7:7:ffff:1:2:3")).toBeInstanceOf(RateLimited);
    // The next /64 is another client; an IPv4-mapped address counts as its IPv4.
    expect(await attempt("2001:db8:7:8::1")).toBeNull();
    for (let i = 0; i < 3; i++) expect(await attempt("203.0.113.9")).toBeNull();
    expect(await attempt("::ffff:203.0.113.9")).toBeInstanceOf(RateLimited);
  });

  it("allows the allowance in a window, refuses the next with the seconds left, and starts over once it has passed", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(new Date("2030-06-01T08:00:00Z"));
      for (let i = 0; i < 3; i++) await consume("code", "198.51.100.1");
      vi.setSystemTime(new Date("2030-06-01T08:04:00Z"));
      const refused = await refusal(consume("code", "198.51.100.1"));
      expect(refused).toBeInstanceOf(RateLimited);
      expect((refused as RateLimited).retryAfterSeconds).toBe(360);
      // Refused attempts still count: the window does not restart.
      await expect(ensureNotLimited("code", "198.51.100.1")).rejects.toBeInstanceOf(RateLimited);
      // Another client and another action have their own windows.
      await expect(consume("code", "198.51.100.2")).resolves.toBeUndefined();
      await expect(consume("login", "198.51.100.1")).resolves.toBeUndefined();

      vi.setSystemTime(new Date("2030-06-01T08:10:00Z"));
      await expect(ensureNotLimited("code", "198.51.100.1")).resolves.toBeUndefined();
      for (let i = 0; i < 3; i++) await consume("code", "198.51.100.1");
      await expect(consume("code", "198.51.100.1")).rejects.toBeInstanceOf(RateLimited);
    } finally {
      vi.useRealTimers();
    }
  });

  it("counts several points at once and clear() forgets the client", async () => {
    await consume("login", "192.0.2.7", 2);
    await expect(ensureNotLimited("login", "192.0.2.7")).rejects.toBeInstanceOf(RateLimited);
    await clear("login", "192.0.2.7");
    await expect(ensureNotLimited("login", "192.0.2.7")).resolves.toBeUndefined();
    await consume("login", "192.0.2.7", 2);
    await expect(consume("login", "192.0.2.7")).rejects.toBeInstanceOf(RateLimited);
  });

  it("keeps the table bounded: expired windows are deleted", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(new Date("2030-06-01T08:00:00Z"));
      for (let i = 0; i < 50; i++) await consume("code", `203.0.113.${i}`);
      vi.setSystemTime(new Date("2030-06-01T08:20:00Z"));
      await consume("code", "203.0.113.200");
      const { rows } = await sql<{ key: string }>`SELECT key FROM rate_limits`.execute(db());
      expect(rows.map((r) => r.key)).toEqual(["code:203.0.113.200"]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("two connections to one database (two workers, or two instances) count the same client together", async () => {
    // A second process's connection (its own better-sqlite3 handle on the file, or its own
    // PostgreSQL pool), running the same statement the app runs, interleaved with this one's.
    const other = openDatabase(process.env.DATABASE_URL ?? paths.database);
    const ours = db();
    const seen: number[] = [];
    try {
      const attempt = async (database: typeof ours) => {
        setDatabaseForTests(database);
        try {
          await consume("code", "198.51.100.9");
          seen.push(0);
        } catch (error) {
          if (!(error instanceof RateLimited)) throw error;
          seen.push(1);
        }
      };
      for (let i = 0; i < 6; i++) await attempt(i % 2 ? other : ours);
    } finally {
      setDatabaseForTests(ours);
      await other.destroy();
    }
    expect(seen).toEqual([0, 0, 0, 1, 1, 1]);
    const { rows } = await sql<{ points: number }>`SELECT points FROM rate_limits WHERE key = 'code:198.51.100.9'`.execute(db());
    expect(rows[0].points).toBe(6);
  });
});

describe("rate limits in one SQLite file", () => {
  const paths = useTestDatabase(
    { RATE_LIMIT_CODE_ATTEMPTS: "3", RATE_LIMIT_WINDOW_SECONDS: "600" },
    { sqliteOnly: "threads with their own better-sqlite3 handle on the file; PostgreSQL's connections are covered above" },
  );

  it("concurrent attempts from two threads on one file are each counted once", async () => {
    // Two threads, each with its own connection, hammer the same key at the same time.
    const script = `
      const { parentPort, workerData } = require("node:worker_threads");
      const Database = require(${JSON.stringify(createRequire(import.meta.url).resolve("better-sqlite3"))});
      const sqlite = new Database(workerData.file);
      sqlite.pragma("busy_timeout = 5000");
      const upsert = sqlite.prepare(
        "insert into rate_limits (key, points, reset_at) values (?, 1, ?) on conflict (key) do update set " +
        "points = case when rate_limits.reset_at <= ? then 1 else rate_limits.points + 1 end, " +
        "reset_at = case when rate_limits.reset_at <= ? then ? else rate_limits.reset_at end returning points"
      );
      const now = Date.now();
      for (let i = 0; i < 200; i++) upsert.get("code:thread", now + 600000, now, now, now + 600000);
      parentPort.postMessage("done");
    `;
    const run = () =>
      new Promise((resolve, reject) => {
        const worker = new Worker(script, { eval: true, workerData: { file: paths.database } });
        worker.once("message", resolve);
        worker.once("error", reject);
      });
    await Promise.all([run(), run(), ...Array.from({ length: 100 }, () => consume("code", "thread").catch(() => undefined))]);
    const { rows } = await sql<{ points: number }>`SELECT points FROM rate_limits WHERE key = 'code:thread'`.execute(db());
    expect(rows).toEqual([{ points: 500 }]);
  });
});

const openScratch = useScratchDatabase();

describe("migration 2026-11-23T100400_rate_limits", () => {
  it("a database made by the previous schema migrates with its data intact and gains the table", async () => {
    const database = await openScratch("2026-11-23T100300_invitation_language");
    await sql`INSERT INTO invitations (code, primary_guest, max_guests, status, confirmed, language) VALUES ('ABCDEF', 'Ana Pérez', 3, 'confirmed', 1, 'en')`.execute(
      database,
    );
    await sql`INSERT INTO guests (invitation_id, full_name, is_primary) VALUES (1, 'Ana Pérez', 1)`.execute(database);

    await migrateToLatest(database);

    const invitations = await sql<{ code: string; status: string; language: string }>`SELECT code, status, language FROM invitations`.execute(database);
    expect(invitations.rows).toEqual([{ code: "ABCDEF", status: "confirmed", language: "en" }]);
    const guests = await sql<{ full_name: string }>`SELECT full_name FROM guests`.execute(database);
    expect(guests.rows).toEqual([{ full_name: "Ana Pérez" }]);
    await sql`INSERT INTO rate_limits (key, points, reset_at) VALUES ('code:x', 1, ${Date.now() + 1000})`.execute(database);
    const limits = await sql<{ key: string; points: number }>`SELECT key, points FROM rate_limits`.execute(database);
    expect(limits.rows).toEqual([{ key: "code:x", points: 1 }]);

    // And back: down drops only its own table.
    await migrateTo(database, "2026-11-23T100300_invitation_language");
    const tables = (await database.introspection.getTables()).map((t) => t.name);
    expect(tables).toContain("invitations");
    expect(tables).not.toContain("rate_limits");
  });
});
