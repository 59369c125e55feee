/**
 * The invitation as a guest sees it (spec section 7): no id, no code, no internals. The one
 * shape the confirm page, the root loader, the guest /api routes and the API client share. Pure.
 */
export interface InvitationView {
  primaryGuest: string;
  maxGuests: number;
  confirmed: boolean;
  guests: { id: number; fullName: string }[];
}

export function guestView(inv: {
  primaryGuest: string;
  maxGuests: number;
  confirmed: boolean;
  guests: readonly { id: number; fullName: string }[];
}): InvitationView {
  return {
    primaryGuest: inv.primaryGuest,
    maxGuests: inv.maxGuests,
    confirmed: inv.confirmed,
    guests: inv.guests.map((g) => ({ id: g.id, fullName: g.fullName })),
  };
}
