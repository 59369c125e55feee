import SQLite from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { db } from "~/infra/db.server";
import { useTestDatabase } from "./helpers/test-db";

describe("the database's transactions", () => {
  const paths = useTestDatabase({}, { sqliteOnly: "a second connection to the same SQLite file; PostgreSQL transactions are covered in concurrency.test.ts" });

  it("a transaction that reads then writes commits even when another connection writes in between", async () => {
    // Another process on the same file (a second server, a backup, a test fixture).
    const other = new SQLite(paths.database, { timeout: 100 });
    try {
      let otherWrote: boolean | undefined;
      const created = await db()
        .transaction()
        .execute(async (trx) => {
          await trx.selectFrom("invitations").select("id").execute();
          try {
            other.prepare("INSERT INTO invitations (code, primary_guest, max_guests) VALUES ('OTHER2', 'Otra', 1)").run();
            otherWrote = true;
          } catch {
            // The write lock is ours since the transaction began: the other writer waits (here: gives up).
            otherWrote = false;
          }
          return trx.insertInto("invitations").values({ code: "MINE22", primary_guest: "Mía", max_guests: 2 }).returning("id").executeTakeFirstOrThrow();
        });
      expect(created.id).toBeGreaterThan(0);
      expect(otherWrote).toBe(false);
      const codes = await db().selectFrom("invitations").select("code").execute();
      expect(codes).toEqual([{ code: "MINE22" }]);
    } finally {
      other.close();
    }
  });
});
