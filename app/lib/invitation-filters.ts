import { foldText } from "./fold-text";
import { normalizeInvitationCode } from "./invitation-code";
import type { InvitationStatus } from "./rsvp";

/**
 * The admin's invitation filters (a GET form: ?q=…&status=…), in order; `all` is the default.
 * `opened`: 'Abrieron sin responder', pending invitations a guest has opened (decision 0031).
 */
export const INVITATION_FILTERS = ["all", "pending", "confirmed", "declined", "opened"] as const;
export type InvitationFilter = (typeof INVITATION_FILTERS)[number];
export const isInvitationFilter = (v: unknown): v is InvitationFilter => typeof v === "string" && (INVITATION_FILTERS as readonly string[]).includes(v);

/** Case- and accent-insensitive form of a name for searching ("Lucía" finds "lucia"). */
const fold = foldText;

/**
 * The invitations matching a search (a primary guest's or guest's name, or the code, any case)
 * and a status filter. Pure, so the page filters the same way with and without JavaScript.
 */
export function filterInvitations<
  T extends { code: string; primaryGuest: string; status: InvitationStatus; openedFirstAt?: string | null; guests: { fullName: string }[] },
>(invitations: readonly T[], query: { q?: string | null; status?: string | null }): T[] {
  const status = isInvitationFilter(query.status) ? query.status : "all";
  const q = fold((query.q ?? "").slice(0, 100));
  const code = normalizeInvitationCode(query.q ?? "");
  return invitations.filter((inv) => {
    if (status === "opened" ? inv.status !== "pending" || !inv.openedFirstAt : status !== "all" && inv.status !== status) return false;
    if (!q) return true;
    // A code is matched from its start, and only once it is long enough not to match names by chance.
    if (code.length >= 4 && inv.code.startsWith(code)) return true;
    return fold(inv.primaryGuest).includes(q) || inv.guests.some((g) => fold(g.fullName).includes(q));
  });
}
