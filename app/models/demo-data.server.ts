import { sql } from "kysely";
import { db } from "~/infra/db.server";
import type { InvitationStatus } from "~/lib/rsvp";
import { statusOf } from "~/models/invitations.server";

/**
 * The demo data the first start seeded (`is_demo`, set only by the seed and by the migration that
 * found it in older databases) and its removal: 'Quitar los datos de ejemplo' (decision 0054).
 *
 * - An invitation or section the couple edits is theirs (the edit clears the mark).
 * - A demo section that holds any photo (published or waiting) is in use: it is not demo data any
 *   more and is never removed here, so no guest's photo goes with the demo.
 * - A demo invitation that has an answer is still demo (the couple trying the RSVP), but it is
 *   removed only when the confirmation named it as answered.
 */
export interface DemoInvitation {
  id: number;
  primaryGuest: string;
  maxGuests: number;
  status: InvitationStatus;
}
export interface DemoSection {
  id: number;
  name: string;
}
export interface DemoQuestion {
  id: number;
  text: string;
}
export interface DemoData {
  invitations: DemoInvitation[];
  sections: DemoSection[];
  questions: DemoQuestion[];
}

/** What the confirmation showed: the ids it named, and which invitations it named as answered. */
export interface ShownDemoData {
  invitations: readonly number[];
  answered: readonly number[];
  sections: readonly number[];
  questions?: readonly number[];
}

const sectionWithoutPhotos = sql<boolean>`NOT EXISTS (SELECT 1 FROM media WHERE media.section_id = gallery_sections.id)`;
/** A demo question answered by one of the couple's own invitations is in use: it stays. */
const questionUnused = sql<boolean>`NOT EXISTS (SELECT 1 FROM guest_question_answers a JOIN invitations i ON i.id = a.invitation_id WHERE a.question_id = guest_questions.id AND i.is_demo = 0)`;

/** The demo invitations and the demo sections still unused, in the admin's order. */
export async function demoData(): Promise<DemoData> {
  const [invitations, sections, questions] = await Promise.all([
    db().selectFrom("invitations").select(["id", "primary_guest", "max_guests", "confirmed", "status"]).where("is_demo", "=", 1).orderBy("id").execute(),
    db().selectFrom("gallery_sections").select(["id", "name"]).where("is_demo", "=", 1).where(sectionWithoutPhotos).orderBy("order").orderBy("id").execute(),
    db()
      .selectFrom("guest_questions")
      .select(["id", "text_es"])
      .where("is_demo", "=", 1)
      .where("removed_at", "is", null)
      .where(questionUnused)
      .orderBy("position")
      .orderBy("id")
      .execute(),
  ]);
  return {
    invitations: invitations.map((row) => ({ id: row.id, primaryGuest: row.primary_guest, maxGuests: row.max_guests, status: statusOf(row) })),
    sections: sections.map((row) => ({ id: row.id, name: row.name })),
    questions: questions.map((row) => ({ id: Number(row.id), text: row.text_es })),
  };
}

/**
 * Removes the demo rows the confirmation showed, in one transaction: each named invitation still
 * marked demo and still unanswered, or named as answered; each named section still marked demo
 * and still without photos. Anything that changed since (edited, answered, a photo arrived) stays.
 * Deleting an invitation takes its guests with it, as 'Eliminar' does (the foreign key's cascade);
 * an unused section has no photos, so no stored file. Returns how many of each went.
 */
export async function removeDemoData(shown: ShownDemoData): Promise<{ invitations: number; sections: number; questions: number }> {
  return db()
    .transaction()
    .execute(async (trx) => {
      let invitations = 0;
      if (shown.invitations.length > 0) {
        const answered = shown.answered.filter((id) => shown.invitations.includes(id));
        const result = await trx
          .deleteFrom("invitations")
          .where("id", "in", [...shown.invitations])
          .where("is_demo", "=", 1)
          .where((eb) => {
            const unanswered = eb.and([eb("confirmed", "=", 0), eb("status", "<>", "declined")]);
            return answered.length > 0 ? eb.or([unanswered, eb("id", "in", answered)]) : unanswered;
          })
          .executeTakeFirst();
        invitations = Number(result.numDeletedRows);
      }
      let sections = 0;
      if (shown.sections.length > 0) {
        const result = await trx
          .deleteFrom("gallery_sections")
          .where("id", "in", [...shown.sections])
          .where("is_demo", "=", 1)
          .where(sectionWithoutPhotos)
          .executeTakeFirst();
        sections = Number(result.numDeletedRows);
      }
      // Each named demo question still marked demo and unused by the couple's own invitations (its demo answers go with it).
      let questions = 0;
      if (shown.questions && shown.questions.length > 0) {
        const result = await trx
          .deleteFrom("guest_questions")
          .where("id", "in", [...shown.questions])
          .where("is_demo", "=", 1)
          .where(questionUnused)
          .executeTakeFirst();
        questions = Number(result.numDeletedRows);
      }
      return { invitations, sections, questions };
    });
}
