import { createQuestion, listQuestions } from "~/models/guest-questions.server";
import { sql } from "kysely";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { db, migrateTo, migrateToLatest, setDatabaseForTests } from "~/infra/db.server";
import { demoData, removeDemoData } from "~/models/demo-data.server";
import { createSection, listSections, updateSection } from "~/models/gallery.server";
import { createInvitation, declineInvitation, getStats, listInvitations, updateInvitation } from "~/models/invitations.server";
import { savePhoto } from "~/models/photos.server";
import { seedDemoData } from "~/models/seed.server";
import { useScratchDatabase } from "./helpers/scratch-db";
import { useTestDatabase } from "./helpers/test-db";

const photo = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 90 } } })
    .jpeg()
    .toBuffer();

/** Everything the confirmation would show, as it would post it. */
async function allShown() {
  const shown = await demoData();
  return {
    invitations: shown.invitations.map((i) => i.id),
    answered: shown.invitations.filter((i) => i.status !== "pending").map((i) => i.id),
    sections: shown.sections.map((s) => s.id),
    questions: shown.questions.map((q) => q.id),
  };
}

describe("demo data: 'Quitar los datos de ejemplo'", () => {
  useTestDatabase();

  it("names the seeded invitations and sections, and removes exactly them: the couple's own stay", async () => {
    const seeded = await seedDemoData();
    expect(seeded?.invitations).toHaveLength(3);
    const own = await createInvitation({ primaryGuest: "Lucía Pérez", maxGuests: 2 });
    const ownSection = await createSection({ name: "Nuestra boda" });
    if (!own.ok || !ownSection.ok) throw new Error("setup");

    const before = await demoData();
    expect(before.invitations.map((i) => [i.primaryGuest, i.maxGuests, i.status])).toEqual([
      ["Ana García", 1, "pending"],
      ["Familia Rodríguez", 3, "pending"],
      ["Carlos Méndez", 8, "pending"],
    ]);
    expect(before.sections.map((s) => s.name)).toEqual(["Preboda", "Ceremonia", "Recepción", "Fotos de los invitados"]);
    // The demo's questions ('Preguntas'), named too; one the couple adds is theirs.
    expect(before.questions.map((q) => q.text)).toEqual(["¿Qué canción no puede faltar?", "¿Necesitas transporte desde el hotel?"]);
    expect((await createQuestion({ textEs: "¿Alergias?", kind: "text" })).ok).toBe(true);
    expect((await getStats()).totalGuests).toBe(14);

    expect(await removeDemoData(await allShown())).toEqual({ invitations: 3, sections: 4, questions: 2 });
    expect(await demoData()).toEqual({ invitations: [], sections: [], questions: [] });
    expect((await listInvitations()).map((i) => i.primaryGuest)).toEqual(["Lucía Pérez"]);
    expect((await listSections({ includeInactive: true })).map((s) => s.name)).toEqual(["Nuestra boda"]);
    expect((await listQuestions()).map((q) => q.textEs)).toEqual(["¿Alergias?"]);
    expect((await getStats()).totalGuests).toBe(2);
  });

  it("an edited row is the couple's; a section holding a photo is in use; an answer is removed only when the confirmation named it", async () => {
    const seeded = (await seedDemoData())!;
    const [ana, familia, carlos] = (await demoData()).invitations;
    const [preboda, ceremonia] = (await demoData()).sections;
    // The couple renames one invitation and one section: theirs now.
    expect((await updateInvitation(carlos.id, { primaryGuest: "Carlos Méndez Ruiz" })).ok).toBe(true);
    expect((await updateSection(preboda.id, { name_en: "Before the wedding" })).ok).toBe(true);
    // A guest's photo in a demo section: it is in use.
    const saved = await savePhoto(ceremonia.id, { bytes: await photo(), name: "boda.jpg" });
    if (!saved.ok) throw new Error(saved.error);
    const shownBefore = await allShown(); // Ana, Familia; Recepción, Fotos de los invitados
    expect(shownBefore.invitations).toEqual([ana.id, familia.id]);
    expect(shownBefore.sections).toHaveLength(2);

    // Familia answers after the confirmation was shown (as unanswered): it stays.
    const familiaCode = seeded.invitations.find((i) => i.primaryGuest === "Familia Rodríguez")!.code;
    expect(await declineInvitation(familiaCode, new Date("2020-01-01T00:00:00Z"))).toMatchObject({ ok: true });
    expect(await removeDemoData(shownBefore)).toEqual({ invitations: 1, sections: 2, questions: 2 });
    const left = await demoData();
    expect(left.invitations.map((i) => [i.primaryGuest, i.status])).toEqual([["Familia Rodríguez", "declined"]]);
    expect(left.sections).toEqual([]);
    // Named as answered, it goes.
    expect(await removeDemoData(await allShown())).toEqual({ invitations: 1, sections: 0, questions: 0 });
    expect((await listInvitations()).map((i) => i.primaryGuest)).toEqual(["Carlos Méndez Ruiz"]);
    expect((await listSections({ includeInactive: true })).map((s) => s.name)).toEqual(["Preboda", "Ceremonia"]);
    // An id that is not demo data is never removed, whatever the form says.
    expect(await removeDemoData({ invitations: [carlos.id], answered: [carlos.id], sections: [preboda.id, ceremonia.id] })).toEqual({
      invitations: 0,
      sections: 0,
      questions: 0,
    });
  });

  it("the default sections the API creates on request are the couple's", async () => {
    const { seedDefaultSections } = await import("~/models/gallery.server");
    expect(await seedDefaultSections()).toBe(4);
    expect((await demoData()).sections).toEqual([]);
    expect(await db().selectFrom("gallery_sections").select("id").where("is_demo", "=", 1).execute()).toEqual([]);
  });
});

const openScratch = useScratchDatabase();
const PREVIOUS = "2026-11-27T100000_gallery_section_english";

describe("migration 2026-11-27T200000_demo_rows", () => {
  it("upgrades a database made by the previous schema: the untouched seeded rows are marked demo, everything else stays the couple's", async () => {
    const database = await openScratch(PREVIOUS);
    // As the seed left them, plus a demo invitation answered, one edited, the couple's own, and sections likewise.
    await sql`INSERT INTO invitations (code, primary_guest, max_guests, created_at, updated_at) VALUES
      ('AAAA1111', 'Ana García', 1, '2026-11-01T10:00:00.000Z', '2026-11-01T10:00:00.000Z'),
      ('BBBB2222', 'Familia Rodríguez', 3, '2026-11-01T10:00:00.000Z', '2026-11-01T10:00:00.000Z'),
      ('CCCC3333', 'Carlos Méndez', 8, '2026-11-01T10:00:00.000Z', '2026-11-02T09:00:00.000Z'),
      ('DDDD4444', 'Ana García', 2, '2026-11-03T10:00:00.000Z', '2026-11-03T10:00:00.000Z'),
      ('EEEE5555', 'Lucía Pérez', 1, '2026-11-03T10:00:00.000Z', '2026-11-03T10:00:00.000Z')`.execute(database);
    await sql`UPDATE invitations SET status = 'declined', answered_at = updated_at WHERE code = 'CCCC3333'`.execute(database);
    await sql`INSERT INTO gallery_sections (name, description, "order", allow_upload, is_active) VALUES
      ('Preboda', 'Nuestras fotos antes del gran día', 1, 0, 1),
      ('Ceremonia', 'Fotos de la ceremonia', 2, 1, 1),
      ('Recepción', 'La fiesta y el baile', 3, 1, 1),
      ('Nuestra boda', NULL, 4, 1, 1)`.execute(database);

    await migrateToLatest(database);

    const marked = (table: "invitations" | "gallery_sections", column: string) =>
      sql<{ v: string }>`SELECT ${sql.ref(column)} AS v FROM ${sql.table(table)} WHERE is_demo = 1 ORDER BY id`
        .execute(database)
        .then((r) => r.rows.map((row) => row.v));
    expect(await marked("invitations", "code")).toEqual(["AAAA1111", "BBBB2222"]);
    expect(await marked("gallery_sections", "name")).toEqual(["Preboda", "Ceremonia"]);
    // The data is intact and the removal works on it.
    setDatabaseForTests(database);
    try {
      expect((await listInvitations()).map((i) => i.code).sort()).toEqual(["AAAA1111", "BBBB2222", "CCCC3333", "DDDD4444", "EEEE5555"]);
      expect(await removeDemoData(await allShown())).toEqual({ invitations: 2, sections: 2, questions: 0 });
      expect((await listInvitations()).map((i) => i.code).sort()).toEqual(["CCCC3333", "DDDD4444", "EEEE5555"]);
      expect((await listSections({ includeInactive: true })).map((s) => s.name)).toEqual(["Recepción", "Nuestra boda"]);
    } finally {
      setDatabaseForTests(undefined);
    }
  });

  it("rolls back to the previous schema", async () => {
    const database = await openScratch();
    await migrateToLatest(database);
    await sql`INSERT INTO invitations (code, primary_guest, max_guests, is_demo) VALUES ('AAAA1111', 'Ana García', 1, 1)`.execute(database);
    await migrateTo(database, PREVIOUS);
    expect((await sql<{ code: string }>`SELECT code FROM invitations`.execute(database)).rows).toEqual([{ code: "AAAA1111" }]);
    await expect(sql`SELECT is_demo FROM invitations`.execute(database)).rejects.toThrow(/is_demo/);
  });
});
