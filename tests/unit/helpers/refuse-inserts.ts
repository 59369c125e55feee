import { sql } from "kysely";
import { db, isPostgres } from "~/infra/db.server";

/** Makes every insert into `media` fail as a busy database would (a trigger: SQLite's, or PostgreSQL's function + trigger). */
export async function refuseMediaInserts(): Promise<void> {
  if (isPostgres(db())) {
    await sql`CREATE FUNCTION refuse_media() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'database is locked'; END $$`.execute(db());
    await sql`CREATE TRIGGER refuse_media BEFORE INSERT ON media FOR EACH ROW EXECUTE FUNCTION refuse_media()`.execute(db());
  } else {
    await sql`CREATE TRIGGER refuse_media BEFORE INSERT ON media BEGIN SELECT RAISE(ABORT, 'database is locked'); END`.execute(db());
  }
}
