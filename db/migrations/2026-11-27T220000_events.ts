import type { Kysely } from "kysely";
import { idColumn, nowIsoDefault } from "~/infra/sql-dialect.server";

/**
 * Several events (docs/decisions/0057-events.md). The wedding itself is not a row: it is event 0,
 * its date and place are Contenido's, and every invitation is invited to it. Other events are
 * rows; an invitation is invited to the ones in `invitation_events`; each person named attends
 * the wedding (`guests.attends_wedding`, 1 for every answer given before) and the events in
 * `guest_events`. A removed event keeps its rows (`removed_at`), out of every total.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("events")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("name_es", "text", (c) => c.notNull())
    .addColumn("name_en", "text")
    /** The wall clock at the venue ("2026-01-16T19:00"), like Contenido's dates. */
    .addColumn("starts_at", "text", (c) => c.notNull())
    .addColumn("place", "text")
    .addColumn("address", "text")
    .addColumn("latitude", "real")
    .addColumn("longitude", "real")
    .addColumn("description_es", "text")
    .addColumn("description_en", "text")
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("is_public", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("removed_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(nowIsoDefault(db)))
    .execute();
  await db.schema
    .createTable("invitation_events")
    .addColumn("invitation_id", "integer", (c) => c.notNull().references("invitations.id").onDelete("cascade"))
    .addColumn("event_id", "integer", (c) => c.notNull().references("events.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("invitation_events_pk", ["invitation_id", "event_id"])
    .execute();
  await db.schema
    .createTable("guest_events")
    .addColumn("guest_id", "integer", (c) => c.notNull().references("guests.id").onDelete("cascade"))
    .addColumn("event_id", "integer", (c) => c.notNull().references("events.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("guest_events_pk", ["guest_id", "event_id"])
    .execute();
  await db.schema.createIndex("invitation_events_event").on("invitation_events").column("event_id").execute();
  await db.schema
    .alterTable("guests")
    .addColumn("attends_wedding", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("guests").dropColumn("attends_wedding").execute();
  await db.schema.dropTable("guest_events").execute();
  await db.schema.dropTable("invitation_events").execute();
  await db.schema.dropTable("events").execute();
}
