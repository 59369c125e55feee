import { db } from "~/infra/db.server";
import type { Language } from "~/lib/constants";

/**
 * Cards on one page of /admin/print: 12 sheets of 8. A page is what one request holds (its rows,
 * QR codes and HTML), whatever the number of invitations (docs/decisions/0025-print-sheet-in-pages.md).
 */
export const CARDS_PER_PAGE = 96;

export interface CardsPage {
  cards: { id: number; code: string; primaryGuest: string; language: Language }[];
  /** Every card the filter keeps, on every page. */
  total: number;
  /** 1-based, within 1..pages. */
  page: number;
  pages: number;
}

/** One page of cards, oldest invitation first; `pendingOnly` leaves out the confirmed ones. */
export async function cardsPage({ page, pendingOnly }: { page: number; pendingOnly: boolean }): Promise<CardsPage> {
  const filtered = () => {
    const query = db().selectFrom("invitations");
    return pendingOnly ? query.where("confirmed", "=", 0) : query;
  };
  const { count } = await filtered()
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  const total = Number(count);
  const pages = Math.max(1, Math.ceil(total / CARDS_PER_PAGE));
  const current = Math.min(Math.max(1, page), pages);
  const rows = await filtered()
    .select(["id", "code", "primary_guest", "language"])
    .orderBy("id", "asc")
    .limit(CARDS_PER_PAGE)
    .offset((current - 1) * CARDS_PER_PAGE)
    .execute();
  return { cards: rows.map((r) => ({ id: r.id, code: r.code, primaryGuest: r.primary_guest, language: r.language })), total, page: current, pages };
}
