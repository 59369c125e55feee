import type { InvitationStatus } from "./rsvp";

/**
 * The invitation as a guest sees it (spec section 7): no id, no code, no internals. The one
 * shape the confirm page, the root loader, the guest /api routes and the API client share. Pure.
 */
export interface InvitationView {
  primaryGuest: string;
  maxGuests: number;
  /** True only when the guests said yes (`status === "confirmed"`). */
  confirmed: boolean;
  status: InvitationStatus;
  /** The guests' note to the couple. */
  message: string | null;
  guests: { id: number; fullName: string; dietary: string | null }[];
}

export function guestView(inv: {
  primaryGuest: string;
  maxGuests: number;
  confirmed: boolean;
  status: InvitationStatus;
  message: string | null;
  guests: readonly { id: number; fullName: string; dietary: string | null }[];
}): InvitationView {
  return {
    primaryGuest: inv.primaryGuest,
    maxGuests: inv.maxGuests,
    confirmed: inv.confirmed,
    status: inv.status,
    message: inv.message,
    guests: inv.guests.map((g) => ({ id: g.id, fullName: g.fullName, dietary: g.dietary })),
  };
}

/** What may hold a guest's view in a page's data: the view, and in the root's also its code. */
type ViewWithCode = Partial<InvitationView> & { code?: unknown };

/**
 * A copy of a guest's view with every text that belongs to the guests (their code, the names, the
 * dietary notes, the message) passed through `change`; the rest (counts, the status) is kept. A
 * guest's page served from a template (infra/page-template.server.ts) has holes for exactly these.
 */
export function mapGuestTexts<T extends ViewWithCode>(view: T, change: (text: string) => string): T {
  const text = <V>(value: V): V => (typeof value === "string" ? (change(value) as V) : value);
  return {
    ...view,
    ...("code" in view ? { code: text(view.code) } : null),
    ...("primaryGuest" in view ? { primaryGuest: text(view.primaryGuest) } : null),
    ...("message" in view ? { message: text(view.message) } : null),
    ...(Array.isArray(view.guests) ? { guests: view.guests.map((g) => ({ ...g, fullName: text(g.fullName), dietary: text(g.dietary) })) } : null),
  };
}
