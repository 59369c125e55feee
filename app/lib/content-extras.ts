import { EXTRAS_LIMITS, inLanguage, type FaqContent, type GiftsContent } from "~/lib/content-schemas";

/**
 * What the home page shows of 'Regalos' and 'Preguntas frecuentes' (decision 0029), in one language:
 * an option left empty is not there at all, and when every option is empty neither is the block
 * (today's site shows none). English left empty shows the Spanish text.
 */
export interface GiftOptions {
  /** Shown when it has an account number (the schema asks for one once any detail is given). */
  bank: { bank: string; holder: string; accountType: string; accountNumber: string } | null;
  yappy: string | null;
  registries: { name: string; url: string }[];
  note: string | null;
}

export function giftOptionsIn(gifts: GiftsContent, lng: string): GiftOptions | null {
  const { bank, yappy, registries } = gifts;
  const shown: GiftOptions = {
    bank: bank.accountNumber
      ? { bank: bank.bank, holder: bank.holder, accountType: inLanguage(bank.accountType, lng), accountNumber: bank.accountNumber }
      : null,
    yappy: yappy || null,
    registries,
    note: inLanguage(gifts.note, lng) || null,
  };
  return shown.bank || shown.yappy || shown.registries.length || shown.note ? shown : null;
}

export interface Question {
  question: string;
  answer: string;
}

/** The questions in the page's language; none means no section (and no link to it). */
export const questionsIn = (faq: FaqContent, lng: string): Question[] =>
  faq.questions.map((q) => ({ question: inLanguage(q.question, lng), answer: inLanguage(q.answer, lng) }));

/** The sub-sections whose lists the admin grows and shrinks, their list's field and its longest length. */
export const ROW_LISTS = {
  gifts: { list: "registries", max: EXTRAS_LIMITS.registries },
  faq: { list: "questions", max: EXTRAS_LIMITS.questions },
  programme: { list: "entries", max: EXTRAS_LIMITS.programme },
} as const;
export type RowSection = keyof typeof ROW_LISTS;

/**
 * 'Agregar…', 'Quitar… n', 'Subir… n' or 'Bajar… n' as the form's button sends it (`add:questions`,
 * `remove:questions:2`, `up:entries:1`, `down:entries:0`).
 */
export type RowEdit = { op: "add"; list: string } | { op: "remove" | "up" | "down"; list: string; index: number };
export const rowEditValue = (edit: RowEdit) => (edit.op === "add" ? `add:${edit.list}` : `${edit.op}:${edit.list}:${edit.index}`);
export function parseRowEdit(value: unknown): RowEdit | null {
  const match = typeof value === "string" ? /^(add|remove|up|down):([a-z]+)(?::(\d{1,2}))?$/.exec(value) : null;
  if (!match) return null;
  if (match[1] === "add") return match[3] === undefined ? { op: "add", list: match[2] } : null;
  const op = match[1] as "remove" | "up" | "down";
  return match[3] === undefined ? null : { op, list: match[2], index: Number(match[3]) };
}

/**
 * A row moved one place up or down among the rows there are (`rows` are field indices in the
 * form's order): the new order, or the same when it is already first or last, or not there.
 */
export function movedRow(rows: readonly number[], index: number, direction: "up" | "down"): number[] {
  const at = rows.indexOf(index);
  const to = direction === "up" ? at - 1 : at + 1;
  if (at < 0 || to < 0 || to >= rows.length) return [...rows];
  const next = [...rows];
  [next[at], next[to]] = [next[to], next[at]];
  return next;
}
