import type { Kysely, Transaction } from "kysely";
import { bool, db } from "~/infra/db.server";
import type { Database } from "~/infra/db-schema";
import { setGuestChoicesIn, type EditChoicesError } from "~/models/menu.server";
import type { PersonChoice } from "~/lib/menu";
import {
  applyAnswers,
  type AnswerError,
  type SentAnswers,
  checkQuestion,
  countAnswers,
  MAX_QUESTIONS,
  type GuestQuestion,
  type QuestionCount,
  type QuestionInputError,
  type QuestionOption,
  type StoredAnswer,
} from "~/lib/guest-questions";

/**
 * The couple's own questions ('Preguntas') and their answers: storage only; the rules are
 * app/lib/guest-questions.ts's (docs/decisions/0058-the-couples-questions.md).
 */

type Executor = Kysely<Database> | Transaction<Database>;

function parseOptions(text: string | null): QuestionOption[] {
  if (!text) return [];
  try {
    const parsed = JSON.parse(text) as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((o: unknown) =>
      o && typeof o === "object" && typeof (o as QuestionOption).es === "string"
        ? [{ es: (o as QuestionOption).es, en: typeof (o as QuestionOption).en === "string" ? (o as QuestionOption).en : null }]
        : [],
    );
  } catch {
    return [];
  }
}

/** The questions asked now (removed ones left out), in the couple's order. */
export async function listQuestions(executor: Executor = db()): Promise<GuestQuestion[]> {
  const rows = await executor.selectFrom("guest_questions").selectAll().where("removed_at", "is", null).orderBy("position").orderBy("id").execute();
  return rows.map((r) => ({
    id: Number(r.id),
    textEs: r.text_es,
    textEn: r.text_en,
    kind: r.kind,
    options: r.kind === "choice" ? parseOptions(r.options) : [],
    per: r.per === "person" ? "person" : "invitation",
    required: bool(Number(r.required)),
  }));
}

export type QuestionError = QuestionInputError | "tooManyQuestions" | "notFound";

type QuestionInput = Parameters<typeof checkQuestion>[0];

const columnsOf = (value: Omit<GuestQuestion, "id">) => ({
  text_es: value.textEs,
  text_en: value.textEn,
  kind: value.kind,
  options: value.kind === "choice" ? JSON.stringify(value.options) : null,
  per: value.per,
  required: value.required ? (1 as const) : (0 as const),
});

export async function createQuestion(
  input: QuestionInput,
  options: { demo?: boolean } = {},
): Promise<{ ok: true; id: number } | { ok: false; error: QuestionError }> {
  const checked = checkQuestion(input);
  if (!checked.ok) return checked;
  return db()
    .transaction()
    .execute(async (trx) => {
      const { count, last } = await trx
        .selectFrom("guest_questions")
        .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.max("position").as("last")])
        .where("removed_at", "is", null)
        .executeTakeFirstOrThrow();
      if (Number(count) >= MAX_QUESTIONS) return { ok: false as const, error: "tooManyQuestions" as const };
      const { id } = await trx
        .insertInto("guest_questions")
        .values({ ...columnsOf(checked.value), position: Number(last ?? 0) + 1, is_demo: options.demo ? 1 : 0 })
        .returning("id")
        .executeTakeFirstOrThrow();
      return { ok: true as const, id: Number(id) };
    });
}

/** Saves a question's text, kind, options and switches. Answers already given stay as they were. */
export async function updateQuestion(id: number, input: QuestionInput): Promise<{ ok: true } | { ok: false; error: QuestionError }> {
  const checked = checkQuestion(input);
  if (!checked.ok) return checked;
  const result = await db()
    .updateTable("guest_questions")
    .set({ ...columnsOf(checked.value), is_demo: 0 })
    .where("id", "=", id)
    .where("removed_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0 ? { ok: true } : { ok: false, error: "notFound" };
}

/** Moves a question one place up or down (swapping positions with its neighbour). */
export async function moveQuestion(id: number, direction: "up" | "down"): Promise<boolean> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const list = await trx
        .selectFrom("guest_questions")
        .select(["id", "position"])
        .where("removed_at", "is", null)
        .orderBy("position")
        .orderBy("id")
        .execute();
      const i = list.findIndex((q) => Number(q.id) === id);
      if (i < 0) return false;
      const j = direction === "up" ? i - 1 : i + 1;
      if (j < 0 || j >= list.length) return true;
      // Renumbered in order: equal positions (none today) cannot make a swap a no-op.
      const order = list.map((q) => Number(q.id));
      [order[i], order[j]] = [order[j], order[i]];
      for (const [position, qid] of order.entries())
        await trx
          .updateTable("guest_questions")
          .set({ position: position + 1 })
          .where("id", "=", qid)
          .execute();
      return true;
    });
}

/** How many answers a question has (the screen asks before removing one that has any). */
export async function answerCount(id: number): Promise<number> {
  const { count } = await db()
    .selectFrom("guest_question_answers")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("question_id", "=", id)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Removes a question: its row and answers are kept (`removed_at`), out of every list and export. */
export async function removeQuestion(id: number, now: Date = new Date()): Promise<boolean> {
  const result = await db()
    .updateTable("guest_questions")
    .set({ removed_at: now.toISOString() })
    .where("id", "=", id)
    .where("removed_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Stores an answer's answers inside its transaction, replacing the invitation's earlier ones.
 * `guestIds` are the stored guest rows in the order of the answer's people (primary first).
 */
export async function storeAnswers(
  trx: Transaction<Database>,
  invitationId: number,
  guestIds: readonly number[],
  answers: readonly StoredAnswer[],
): Promise<void> {
  await trx.deleteFrom("guest_question_answers").where("invitation_id", "=", invitationId).execute();
  if (answers.length === 0) return;
  await trx
    .insertInto("guest_question_answers")
    .values(
      answers.map((a) => ({
        question_id: a.questionId,
        invitation_id: invitationId,
        guest_id: a.person === null ? null : (guestIds[a.person] ?? null),
        value: a.value,
      })),
    )
    .execute();
}

/** Forgets an invitation's answers (set back to pending or to "no" by the couple). */
export async function clearAnswers(trx: Transaction<Database>, invitationId: number): Promise<void> {
  await trx.deleteFrom("guest_question_answers").where("invitation_id", "=", invitationId).execute();
}

/** One answer as the readers carry it. */
export interface QuestionAnswer {
  questionId: number;
  value: string;
}

/**
 * The answers of the invitations, to questions still asked: per invitation its own (guest null)
 * and each person's by guest id, in the questions' order.
 */
export async function answersOf(
  invitationIds: readonly number[],
  executor: Executor = db(),
): Promise<{ byInvitation: Map<number, QuestionAnswer[]>; byGuest: Map<number, QuestionAnswer[]> }> {
  const byInvitation = new Map<number, QuestionAnswer[]>();
  const byGuest = new Map<number, QuestionAnswer[]>();
  if (invitationIds.length === 0) return { byInvitation, byGuest };
  const rows = await executor
    .selectFrom("guest_question_answers")
    .innerJoin("guest_questions", "guest_questions.id", "guest_question_answers.question_id")
    .select(["guest_question_answers.invitation_id", "guest_question_answers.guest_id", "guest_question_answers.question_id", "guest_question_answers.value"])
    .where("guest_question_answers.invitation_id", "in", [...invitationIds])
    .where("guest_questions.removed_at", "is", null)
    .orderBy("guest_questions.position")
    .orderBy("guest_questions.id")
    .execute();
  for (const r of rows) {
    const answer = { questionId: Number(r.question_id), value: r.value };
    const map = r.guest_id === null ? byInvitation : byGuest;
    const key = r.guest_id === null ? Number(r.invitation_id) : Number(r.guest_id);
    map.set(key, [...(map.get(key) ?? []), answer]);
  }
  return { byInvitation, byGuest };
}

/**
 * Estadísticas: each yes/no and list question's counts over confirmed invitations (per person for
 * a question asked per person). Empty while there is no such question.
 */
export async function questionStats(): Promise<QuestionCount[]> {
  const questions = (await listQuestions()).filter((q) => q.kind !== "text");
  if (questions.length === 0) return [];
  const rows = await db()
    .selectFrom("guest_question_answers")
    .innerJoin("invitations", "invitations.id", "guest_question_answers.invitation_id")
    .select(["guest_question_answers.question_id", "guest_question_answers.value"])
    .where("invitations.confirmed", "=", 1)
    .execute();
  return countAnswers(
    questions,
    rows.map((r) => ({ questionId: Number(r.question_id), value: r.value })),
  );
}

/** The demo's questions ('Quitar los datos de ejemplo' lists and removes them). */
export async function demoQuestions(): Promise<{ id: number; text: string }[]> {
  const rows = await db()
    .selectFrom("guest_questions")
    .select(["id", "text_es"])
    .where("is_demo", "=", 1)
    .where("removed_at", "is", null)
    .orderBy("position")
    .execute();
  return rows.map((r) => ({ id: Number(r.id), text: r.text_es }));
}

export type EditAnswerError = EditChoicesError | AnswerError;

class Refused extends Error {
  constructor(readonly error: EditAnswerError) {
    super(error);
  }
}

/**
 * 'Editar respuesta' (the admin): each person's dish and child mark (the menu's rule) and the
 * answers to the couple's questions (applyAnswers, the guests' own rule), in one transaction: a
 * refusal of either changes nothing. `answers.byPerson` is by the guests' order, the primary first.
 */
export async function editAnswer(
  invitationId: number,
  choices: ReadonlyMap<number, PersonChoice>,
  answers: { invitation: SentAnswers; byPerson: readonly SentAnswers[] },
): Promise<{ ok: true } | { ok: false; error: EditAnswerError }> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const chosen = await setGuestChoicesIn(trx, invitationId, choices);
      if (!chosen.ok) throw new Refused(chosen.error);
      const guests = await trx
        .selectFrom("guests")
        .select(["id", "full_name"])
        .where("invitation_id", "=", invitationId)
        .orderBy("is_primary", "desc")
        .orderBy("id")
        .execute();
      const people = guests.map((g) => ({ fullName: g.full_name }));
      const replied = applyAnswers(await listQuestions(trx), people, {
        invitation: answers.invitation,
        primary: answers.byPerson[0],
        guests: people.map((p, i) => ({ fullName: p.fullName, answers: answers.byPerson[i] })),
      });
      if (!replied.ok) throw new Refused(replied.error);
      await storeAnswers(
        trx,
        invitationId,
        guests.map((g) => Number(g.id)),
        replied.answers,
      );
      return { ok: true as const };
    })
    .catch((error: unknown) => {
      if (error instanceof Refused) return { ok: false as const, error: error.error };
      throw error;
    });
}
