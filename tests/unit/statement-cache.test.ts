import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";
import { STATEMENTS_KEPT, withStatementCache } from "~/infra/db.server";

type Schema = { songs: { id: number; title: string } };
const opened: Kysely<Schema>[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.destroy();
});

async function songsDatabase() {
  const sqlite = new SQLite(":memory:");
  const prepare = vi.spyOn(sqlite, "prepare");
  const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  opened.push(db);
  await db.schema
    .createTable("songs")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("title", "text")
    .execute();
  await db
    .insertInto("songs")
    .values(Array.from({ length: 5 }, (_, i) => ({ id: i + 1, title: `Canción ${i + 1}` })))
    .execute();
  prepare.mockClear();
  return { db, prepare };
}

const songTitle = (db: Kysely<Schema>, id: number) => db.selectFrom("songs").select("title").where("id", "=", id).executeTakeFirst();

describe("SQLite statements kept by their SQL", () => {
  it("prepares a query once however often it runs, with each run's own values", async () => {
    const { db, prepare } = await songsDatabase();
    for (let id = 1; id <= 5; id++) expect(await songTitle(db, id)).toEqual({ title: `Canción ${id}` });
    expect(prepare).toHaveBeenCalledTimes(1);
    await db.updateTable("songs").set({ title: "Bésame mucho" }).where("id", "=", 2).execute();
    await db.updateTable("songs").set({ title: "La bamba" }).where("id", "=", 3).execute();
    expect(await songTitle(db, 2)).toEqual({ title: "Bésame mucho" });
    expect(await songTitle(db, 3)).toEqual({ title: "La bamba" });
    expect(prepare).toHaveBeenCalledTimes(2);
  });

  it("keeps at most STATEMENTS_KEPT, letting the oldest go", async () => {
    const { db, prepare } = await songsDatabase();
    await songTitle(db, 1);
    // Queries whose SQL differs each time (a list of ids of every length).
    for (let n = 1; n <= STATEMENTS_KEPT; n++) {
      const ids = Array.from({ length: n }, (_, i) => i + 1);
      expect((await db.selectFrom("songs").select("id").where("id", "in", ids).execute()).length).toBe(Math.min(n, 5));
    }
    expect(prepare).toHaveBeenCalledTimes(1 + STATEMENTS_KEPT);
    // The first query was let go, so it is prepared again; the latest is still kept.
    expect(await songTitle(db, 1)).toEqual({ title: "Canción 1" });
    expect(prepare).toHaveBeenCalledTimes(2 + STATEMENTS_KEPT);
    await db
      .selectFrom("songs")
      .select("id")
      .where(
        "id",
        "in",
        Array.from({ length: STATEMENTS_KEPT }, (_, i) => i + 1),
      )
      .execute();
    expect(prepare).toHaveBeenCalledTimes(2 + STATEMENTS_KEPT);
  });

  it("streams a query it keeps, and still runs it after a stream stopped halfway", async () => {
    const { db } = await songsDatabase();
    const query = () => db.selectFrom("songs").select(["id", "title"]).orderBy("id");
    expect((await query().execute()).length).toBe(5);
    const streamed: string[] = [];
    for await (const song of query().stream()) streamed.push(song.title);
    expect(streamed).toHaveLength(5);
    for await (const song of query().stream()) {
      if (song.id === 2) break;
    }
    expect((await query().execute()).map((song) => song.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it("sees a column added after the statement was kept", async () => {
    const { db } = await songsDatabase();
    const all = () => sql<Record<string, unknown>>`select * from songs where id = 1`.execute(db);
    expect((await all()).rows[0]).toEqual({ id: 1, title: "Canción 1" });
    await db.schema.alterTable("songs").addColumn("artist", "text").execute();
    expect((await all()).rows[0]).toEqual({ id: 1, title: "Canción 1", artist: null });
  });
});
