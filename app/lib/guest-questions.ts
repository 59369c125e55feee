import { nameKey, normalizeName } from "./names";

/**
 * The couple's own questions to their guests ('Preguntas'): the rules shared by the confirm form,
 * the /api, the admin's screen and the server (authoritative). Pure: no I/O, safe in the browser.
 * Not the FAQ ('Preguntas frecuentes', app/lib/content-extras.ts): these are asked, not answered.
 *
 * A site with no question asks nothing and stores nothing: every rule here then answers "nothing
 * asked", so the guests' form is unchanged (docs/decisions/0058-the-couples-questions.md).
 */

/** More than any couple asks; keeps the form, the CSV and the whitelist of the form's fields small. */
export const MAX_QUESTIONS = 10;
export const MAX_QUESTION_LENGTH = 200;
export const MAX_OPTIONS = 12;
export const MAX_OPTION_LENGTH = 80;
/** A text answer: a sentence or two (a song, an allergy detail), not a letter. */
export const MAX_ANSWER_LENGTH = 500;

export type QuestionKind = "text" | "yesno" | "choice";
export type QuestionPer = "invitation" | "person";
export const QUESTION_KINDS: readonly QuestionKind[] = ["text", "yesno", "choice"];

export interface QuestionOption {
  es: string;
  /** Null shows the Spanish text on English pages. */
  en: string | null;
}

export interface GuestQuestion {
  id: number;
  textEs: string;
  textEn: string | null;
  kind: QuestionKind;
  /** The list of a 'choice' question; empty for the others. */
  options: QuestionOption[];
  per: QuestionPer;
  required: boolean;
}

/** A question's text in a language: English falls back to Spanish. */
export function questionText(question: Pick<GuestQuestion, "textEs" | "textEn">, language: string): string {
  return language === "en" && question.textEn ? question.textEn : question.textEs;
}

export function optionText(option: QuestionOption, language: string): string {
  return language === "en" && option.en ? option.en : option.es;
}

/** How an answer reads to a person: 'Sí'/'No' in their language, an option in it, a text as typed. */
export function answerText(question: GuestQuestion, value: string, language: string): string {
  if (question.kind === "yesno") return value === "yes" ? (language === "en" ? "Yes" : "Sí") : language === "en" ? "No" : "No";
  if (question.kind === "choice") {
    const option = question.options.find((o) => o.es === value);
    return option ? optionText(option, language) : value;
  }
  return value;
}

export type QuestionInputError =
  "questionRequired" | "questionTooLong" | "kindUnknown" | "optionsRequired" | "tooManyOptions" | "optionTooLong" | "optionsRepeated";

/**
 * A question as the couple types it. The options come one per line, Spanish and English side by
 * side (line N of each is option N; a blank English line falls back to the Spanish one). A list
 * needs at least two options, each different.
 */
export function checkQuestion(input: {
  textEs?: string | null;
  textEn?: string | null;
  kind?: string | null;
  optionsEs?: string | null;
  optionsEn?: string | null;
  per?: string | null;
  required?: boolean | null;
}): { ok: true; value: Omit<GuestQuestion, "id"> } | { ok: false; error: QuestionInputError } {
  const textEs = normalizeName(input.textEs ?? "");
  const textEn = normalizeName(input.textEn ?? "") || null;
  if (!textEs) return { ok: false, error: "questionRequired" };
  if (textEs.length > MAX_QUESTION_LENGTH || (textEn?.length ?? 0) > MAX_QUESTION_LENGTH) return { ok: false, error: "questionTooLong" };
  const kind = input.kind as QuestionKind;
  if (!QUESTION_KINDS.includes(kind)) return { ok: false, error: "kindUnknown" };
  let options: QuestionOption[] = [];
  if (kind === "choice") {
    const lines = (text: string | null | undefined) => (text ?? "").split(/\r?\n/).map((line) => normalizeName(line));
    const es = lines(input.optionsEs);
    const en = lines(input.optionsEn);
    options = es.flatMap((text, i) => (text ? [{ es: text, en: en[i] || null }] : []));
    if (options.length < 2) return { ok: false, error: "optionsRequired" };
    if (options.length > MAX_OPTIONS) return { ok: false, error: "tooManyOptions" };
    if (options.some((o) => o.es.length > MAX_OPTION_LENGTH || (o.en?.length ?? 0) > MAX_OPTION_LENGTH)) return { ok: false, error: "optionTooLong" };
    if (new Set(options.map((o) => foldKey(o.es))).size < options.length) return { ok: false, error: "optionsRepeated" };
  }
  return { ok: true, value: { textEs, textEn, kind, options, per: input.per === "person" ? "person" : "invitation", required: Boolean(input.required) } };
}

/** Case- and accent-insensitive key: how an option (or a dish in the CSV) typed by hand is matched. */
export function foldKey(text: string): string {
  return normalizeName(text).normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase();
}

/** What was sent for one person or one invitation: the question's id to the value. */
export type SentAnswers = Readonly<Record<string, unknown>>;

/** One answer to store: `person` is the index in the answer's guest list (primary first), null for the invitation. */
export interface StoredAnswer {
  questionId: number;
  person: number | null;
  value: string;
}

export type AnswerError = "answerRequired" | "answerNotOffered" | "answerNotYesNo" | "answerTooLong";

/**
 * One value checked against its question: null when left blank, else the value stored ('yes'/'no',
 * the option's Spanish text, the text normalised). A yes/no takes yes/no, sí/no or a boolean;
 * an option is matched by its Spanish or English text, any case or accent.
 */
export function checkAnswer(question: GuestQuestion, raw: unknown): { ok: true; value: string | null } | { ok: false; error: AnswerError } {
  if (raw === null || raw === undefined) return { ok: true, value: null };
  if (typeof raw === "boolean" && question.kind === "yesno") return { ok: true, value: raw ? "yes" : "no" };
  if (typeof raw !== "string") return { ok: false, error: question.kind === "yesno" ? "answerNotYesNo" : "answerNotOffered" };
  const text = normalizeName(raw);
  if (!text) return { ok: true, value: null };
  if (question.kind === "text") return text.length > MAX_ANSWER_LENGTH ? { ok: false, error: "answerTooLong" } : { ok: true, value: text };
  if (question.kind === "yesno") {
    const key = foldKey(text);
    if (key === "yes" || key === "si") return { ok: true, value: "yes" };
    if (key === "no") return { ok: true, value: "no" };
    return { ok: false, error: "answerNotYesNo" };
  }
  const key = foldKey(text);
  const option = question.options.find((o) => foldKey(o.es) === key || (o.en !== null && foldKey(o.en) === key));
  return option ? { ok: true, value: option.es } : { ok: false, error: "answerNotOffered" };
}

/**
 * The answers to store for a "yes", or the first refusal. `people` is the built answer's guest
 * list (primary first, as buildAnswer returns it); per-invitation questions are answered once from
 * `invitation`, per-person ones for each person from the answers sent beside their name (matched
 * as buildAnswer matches names), the primary guest's from `primary`. A required question left
 * blank, an option not offered or a yes/no that is neither refuses the whole answer; an answer to
 * a question that does not exist (removed meanwhile) is ignored.
 */
export function applyAnswers(
  questions: readonly GuestQuestion[],
  people: readonly { fullName: string }[],
  sent: { invitation?: SentAnswers | null; primary?: SentAnswers | null; guests?: readonly { fullName?: string | null; answers?: SentAnswers | null }[] },
): { ok: true; answers: StoredAnswer[] } | { ok: false; error: AnswerError } {
  const byName = new Map<string, SentAnswers>();
  for (const entry of sent.guests ?? []) {
    const key = nameKey(entry.fullName ?? "");
    if (key && entry.answers && !byName.has(key)) byName.set(key, entry.answers);
  }
  const answers: StoredAnswer[] = [];
  const take = (question: GuestQuestion, raw: unknown, person: number | null): AnswerError | null => {
    const checked = checkAnswer(question, raw);
    if (!checked.ok) return checked.error;
    if (checked.value === null) return question.required ? "answerRequired" : null;
    answers.push({ questionId: question.id, person, value: checked.value });
    return null;
  };
  for (const question of questions) {
    const key = String(question.id);
    if (question.per === "invitation") {
      const error = take(question, sent.invitation?.[key], null);
      if (error) return { ok: false, error };
      continue;
    }
    for (const [i, person] of people.entries()) {
      const own = byName.get(nameKey(person.fullName));
      const raw = i === 0 ? (sent.primary?.[key] ?? own?.[key]) : own?.[key];
      const error = take(question, raw, i);
      if (error) return { ok: false, error };
    }
  }
  return { ok: true, answers };
}

/** Estadísticas: per yes/no or list question, how many answered each option (people or invitations, as asked). */
export interface QuestionCount {
  id: number;
  textEs: string;
  textEn: string | null;
  kind: QuestionKind;
  /** Each value in the question's order ('yes', 'no' / the options' Spanish texts) with its count. */
  counts: { value: string; count: number }[];
  /** A list's options (their English texts for the English panel). */
  options: QuestionOption[];
}

export function countAnswers(questions: readonly GuestQuestion[], answers: readonly { questionId: number; value: string }[]): QuestionCount[] {
  return questions
    .filter((q) => q.kind !== "text")
    .map((q) => {
      const values = q.kind === "yesno" ? ["yes", "no"] : q.options.map((o) => o.es);
      const counts = new Map(values.map((v) => [v, 0]));
      for (const a of answers) if (a.questionId === q.id && counts.has(a.value)) counts.set(a.value, counts.get(a.value)! + 1);
      return {
        id: q.id,
        textEs: q.textEs,
        textEn: q.textEn,
        kind: q.kind,
        counts: values.map((value) => ({ value, count: counts.get(value) ?? 0 })),
        options: q.options,
      };
    });
}

/**
 * The confirm form's field names for question slot `j` (the question's place in the list):
 * `qid{j}` carries its id, `qa{j}` the answer of a per-invitation question, `qp{j}[p]` person p's
 * (0 the primary guest, N the Nth additional name). Plain names and short lists, so the form's
 * whitelist stays bounded.
 */
export const questionFields = (j: number) => ({ id: `qid${j}`, invitation: `qa${j}`, person: `qp${j}` });

/** The confirm form's answers as the model takes them, from its `qid{j}`/`qa{j}`/`qp{j}[p]` fields. */
export function answersFromForm(
  value: Readonly<Record<string, unknown>>,
  people: number,
): { invitation: Record<string, string>; byPerson: Record<string, string>[] } {
  const invitation: Record<string, string> = {};
  const byPerson: Record<string, string>[] = Array.from({ length: people }, () => ({}));
  for (let j = 0; j < MAX_QUESTIONS; j++) {
    const names = questionFields(j);
    const id = value[names.id];
    if (typeof id !== "string" || !/^\d{1,9}$/.test(id)) continue;
    const single = value[names.invitation];
    if (typeof single === "string") invitation[id] = single;
    const list = value[names.person];
    if (Array.isArray(list)) list.forEach((item, p) => typeof item === "string" && p < people && (byPerson[p][id] = item));
  }
  return { invitation, byPerson };
}
