import type { InvitationStatus } from "./rsvp";

/**
 * The invitation as a guest sees it (primary guest, seats, answer, note, guests): no id, no code, no internals. The one
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
  /** Each person's dish from the couple's menu and child mark, present only when set. */
  guests: { id: number; fullName: string; dietary: string | null; dishId?: number; isChild?: true; answers?: ViewAnswer[] }[];
  /** The answers to the couple's questions asked once per invitation, present only when there are some. */
  answers?: ViewAnswer[];
}

/** An answer to one of the couple's questions ('Preguntas'): its id and the value stored. */
export interface ViewAnswer {
  questionId: number;
  value: string;
}

export function guestView(inv: {
  primaryGuest: string;
  maxGuests: number;
  confirmed: boolean;
  status: InvitationStatus;
  message: string | null;
  guests: readonly { id: number; fullName: string; dietary: string | null; dishId?: number; isChild?: true; answers?: ViewAnswer[] }[];
  answers?: ViewAnswer[];
}): InvitationView {
  return {
    primaryGuest: inv.primaryGuest,
    maxGuests: inv.maxGuests,
    confirmed: inv.confirmed,
    status: inv.status,
    message: inv.message,
    guests: inv.guests.map((g) => ({
      id: g.id,
      fullName: g.fullName,
      dietary: g.dietary,
      ...(g.dishId === undefined ? {} : { dishId: g.dishId }),
      ...(g.isChild ? { isChild: true as const } : {}),
      ...(g.answers ? { answers: g.answers } : {}),
    })),
    ...(inv.answers ? { answers: inv.answers } : {}),
  };
}
