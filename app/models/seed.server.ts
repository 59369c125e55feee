import { createInvitation } from "~/models/invitations.server";
import { db } from "~/infra/db.server";
import { seedDefaultSections } from "~/models/gallery.server";
import { createQuestion } from "~/models/guest-questions.server";

/**
 * The demo's questions ('Preguntas'), both optional so the demo's RSVP still confirms with no
 * extra step: a song (text) and the hotel transport (yes or no), once per invitation.
 */
export const DEMO_QUESTIONS = [
  { textEs: "¿Qué canción no puede faltar?", textEn: "Which song can't be missing?", kind: "text", per: "invitation", required: false },
  { textEs: "¿Necesitas transporte desde el hotel?", textEn: "Do you need transport from the hotel?", kind: "yesno", per: "invitation", required: false },
] as const;

/** Demo invitations of 1, 3 and 8 seats, so a newcomer can try the RSVP at once. */
export const DEMO_INVITATIONS = [
  { primaryGuest: "Ana García", maxGuests: 1 },
  { primaryGuest: "Familia Rodríguez", maxGuests: 3 },
  { primaryGuest: "Carlos Méndez", maxGuests: 8 },
];

/**
 * Seeds demo data into an empty database. Never touches a database that already
 * holds invitations or sections. Returns what it created (for printing).
 */
export async function seedDemoData(): Promise<{ invitations: { primaryGuest: string; maxGuests: number; code: string }[]; sections: number } | null> {
  const counts = await db()
    .selectNoFrom((eb) => [
      eb.selectFrom("invitations").select(eb.fn.countAll<number>().as("n")).as("invitations"),
      eb.selectFrom("gallery_sections").select(eb.fn.countAll<number>().as("n")).as("sections"),
    ])
    .executeTakeFirstOrThrow();
  if (Number(counts.invitations) > 0 || Number(counts.sections) > 0) return null;
  const invitations = [];
  for (const demo of DEMO_INVITATIONS) {
    const created = await createInvitation(demo);
    if (!created.ok) continue;
    // Marked as demo data: the admin says so and removes exactly these (models/demo-data).
    await db().updateTable("invitations").set({ is_demo: 1 }).where("id", "=", created.invitation.id).execute();
    invitations.push({ ...demo, code: created.invitation.code });
  }
  const sections = await seedDefaultSections({ demo: true });
  for (const question of DEMO_QUESTIONS) await createQuestion(question, { demo: true });
  return { invitations, sections };
}
