import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { db, migrateToLatest } from "~/infra/db.server";
import { exportGuestList, importGuestList } from "~/models/guest-list.server";
import { confirmInvitation, createInvitation, listInvitations, updateInvitation } from "~/models/invitations.server";
import { useScratchDatabase } from "./helpers/scratch-db";
import { useTestDatabase } from "./helpers/test-db";

describe("guest list in and out", () => {
  useTestDatabase({ RSVP_DEADLINE: "2030-12-17T23:59:59-05:00" });

  it("previews every row with its problems and creates nothing on a dry run", async () => {
    await createInvitation({ primaryGuest: "Ana Pérez", maxGuests: 2 });
    const csv = ["primaryGuest;maxGuests;language", "Luis Gómez;2;en", ";3;es", "Marta Ruiz;9;es", "Carla Díaz;1;fr", "luis  gómez;1;es", "ANA PÉREZ;1;"].join(
      "\r\n",
    );
    const result = await importGuestList(csv, { dryRun: true });
    expect(result.ok && result.dryRun).toBe(true);
    if (!result.ok) return;
    expect(result.preview.rows.map((r) => r.problems)).toEqual([
      [],
      ["primaryGuestRequired"],
      ["maxGuestsOutOfRange"],
      ["unknownLanguage"],
      ["duplicateInFile"],
      ["alreadyInvited"],
    ]);
    expect(result.preview.ok).toBe(false);
    expect(await listInvitations()).toHaveLength(1);
  });

  it("creates all rows in one go, or none when one row has a problem", async () => {
    const bad = await importGuestList("primaryGuest,maxGuests\nAna,2\nLuis,0\n", { dryRun: false });
    expect(bad).toMatchObject({ ok: false, error: "rowProblems" });
    expect(await listInvitations()).toHaveLength(0);

    const good = await importGuestList("primaryGuest,maxGuests,language\nAna,2,EN\nLuis,1\n", { dryRun: false });
    expect(good).toMatchObject({ ok: true, dryRun: false, created: 2 });
    const list = await listInvitations();
    expect(list.map((i) => [i.primaryGuest, i.maxGuests, i.language]).sort()).toEqual([
      ["Ana", 2, "en"],
      ["Luis", 1, "es"],
    ]);
    expect(new Set(list.map((i) => i.code)).size).toBe(2);
  });

  it("warns past the capacity of 140 seats but still creates", async () => {
    const rows = Array.from({ length: 18 }, (_, i) => `Familia ${i},8`).join("\n");
    const result = await importGuestList(`primaryGuest,maxGuests\n${rows}\n`, { dryRun: false });
    expect(result).toMatchObject({ ok: true, created: 18, preview: { totalSeats: 144, capacity: 140, overCapacity: true } });
  });

  it("keeps an invitation's language when it is edited, and changes it when asked", async () => {
    const created = await createInvitation({ primaryGuest: "Ana", maxGuests: 2, language: "en" });
    if (!created.ok) throw new Error(created.error);
    expect(await updateInvitation(created.invitation.id, { maxGuests: 3 })).toMatchObject({ ok: true, invitation: { language: "en", maxGuests: 3 } });
    expect(await updateInvitation(created.invitation.id, { language: "es" })).toMatchObject({ ok: true, invitation: { language: "es" } });
  });

  it("imports the contacts columns (E.164 phone, lower-case e-mail), refuses a bad one, and still reads files without them", async () => {
    const bad = await importGuestList("primaryGuest,maxGuests,phone,email\nAna,2,6123-4567,ana@example.com\nLuis,1,12,\nEva,1,,eva@\n", { dryRun: true });
    expect(bad.ok && bad.preview.rows.map((r) => r.problems)).toEqual([[], ["phoneInvalid"], ["emailInvalid"]]);
    expect(await importGuestList("primaryGuest,maxGuests,phone,email\nAna,2,6123-4567,\nLuis,1,12,\n", { dryRun: false })).toMatchObject({
      ok: false,
      error: "rowProblems",
    });
    expect(await listInvitations()).toEqual([]);

    const good = await importGuestList("primaryGuest;maxGuests;language;phone;email\nAna;2;es;6123-4567; Ana@Example.com \nJohn;1;en;+1 212 555 0123;\n", {
      dryRun: false,
    });
    expect(good).toMatchObject({ ok: true, created: 2 });
    const old = await importGuestList("primaryGuest,maxGuests,language\nLuis,1,es\n", { dryRun: false });
    expect(old).toMatchObject({ ok: true, created: 1 });
    expect((await listInvitations()).map((i) => [i.primaryGuest, i.phone, i.email])).toEqual([
      ["Luis", null, null],
      ["John", "12125550123", null],
      ["Ana", "50761234567", "ana@example.com"],
    ]);
  });

  it("exports the contacts and reads them back as the same numbers", async () => {
    await createInvitation({ primaryGuest: "Ana", maxGuests: 1, phone: "+44 20 7946 0958", email: "ana@example.com" });
    const csv = await exportGuestList("https://boda.example.com");
    expect(csv.split("\r\n")[0]).toMatch(/,answeredAt,phone,email$/);
    expect(csv).toContain(",'+442079460958,ana@example.com");
    await db().deleteFrom("invitations").execute();
    expect(await importGuestList(csv, { dryRun: false })).toMatchObject({ ok: true, created: 1 });
    expect((await listInvitations()).map((i) => [i.phone, i.email])).toEqual([["442079460958", "ana@example.com"]]);
  });

  it("refuses a file without its header", async () => {
    expect(await importGuestList("Ana,2\n", { dryRun: false })).toEqual({ ok: false, error: "missingHeader" });
  });

  it("exports one row per guest that re-imports into an empty site as the same invitations", async () => {
    const a = await createInvitation({ primaryGuest: "Ana Pérez", maxGuests: 3, language: "en" });
    await createInvitation({ primaryGuest: "-Luis", maxGuests: 1 });
    if (!a.ok) throw new Error(a.error);
    await confirmInvitation(a.invitation.code, ["Ana Pérez", "Marta Soto"]);
    const csv = await exportGuestList("https://boda.example.com");
    expect(csv).toContain(`${a.invitation.code},https://boda.example.com/i/${a.invitation.code},Ana Pérez,3,en,confirmed,Marta Soto,no`);
    expect(csv).toContain(",'-Luis,1,es,pending,,,");
    const before = (await listInvitations()).map((i) => [i.primaryGuest, i.maxGuests, i.language]);

    await db().deleteFrom("invitations").execute();
    expect(await importGuestList(csv, { dryRun: false })).toMatchObject({ ok: true, created: 2 });
    expect((await listInvitations()).map((i) => [i.primaryGuest, i.maxGuests, i.language]).sort()).toEqual(before.sort());
  });
});

describe("migration 2026-11-23T100300_invitation_language", () => {
  const openScratch = useScratchDatabase();

  it("keeps every invitation and guest, in Spanish, and refuses another language", async () => {
    const database = await openScratch("2026-11-22T000000_initial");
    await sql`INSERT INTO invitations (code, primary_guest, max_guests, confirmed, confirmed_at) VALUES ('ABCDEF', 'Ana Pérez', 3, 1, '2025-11-01T10:00:00.000Z'), ('GHJKLM', 'Luis', 1, 0, NULL)`.execute(
      database,
    );
    await sql`INSERT INTO guests (invitation_id, full_name, is_primary) VALUES (1, 'Ana Pérez', 1), (1, 'Marta Soto', 0)`.execute(database);

    await migrateToLatest(database);

    const rows = await database
      .selectFrom("invitations")
      .select(["code", "primary_guest", "max_guests", "confirmed", "confirmed_at", "language"])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { code: "ABCDEF", primary_guest: "Ana Pérez", max_guests: 3, confirmed: 1, confirmed_at: "2025-11-01T10:00:00.000Z", language: "es" },
      { code: "GHJKLM", primary_guest: "Luis", max_guests: 1, confirmed: 0, confirmed_at: null, language: "es" },
    ]);
    expect(await database.selectFrom("guests").select("full_name").orderBy("id").execute()).toEqual([{ full_name: "Ana Pérez" }, { full_name: "Marta Soto" }]);
    await expect(sql`UPDATE invitations SET language = 'fr' WHERE id = 1`.execute(database)).rejects.toThrow(/CHECK|check constraint/);
  });
});
