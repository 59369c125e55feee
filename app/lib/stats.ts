import { TOTAL_CAPACITY } from "./constants";

export interface Stats {
  /** Seats handed out: the sum of maxGuests over all invitations. */
  totalGuests: number;
  /** Names confirmed: guests stored on confirmed invitations. */
  confirmedGuests: number;
  /** confirmedGuests as a whole percentage of totalGuests (0 when no seats are handed out). */
  confirmedPercentage: number;
  totalInvitations: number;
  confirmedInvitations: number;
  capacity: number;
}

export function computeStats(input: { seats: number; confirmedGuests: number; totalInvitations: number; confirmedInvitations: number }): Stats {
  const confirmedPercentage = input.seats > 0 ? Math.round((input.confirmedGuests / input.seats) * 100) : 0;
  return {
    totalGuests: input.seats,
    confirmedGuests: input.confirmedGuests,
    confirmedPercentage,
    totalInvitations: input.totalInvitations,
    confirmedInvitations: input.confirmedInvitations,
    capacity: TOTAL_CAPACITY,
  };
}

/** Seats still free under the venue's capacity (negative when over). */
export function seatsLeft(seatsHandedOut: number): number {
  return TOTAL_CAPACITY - seatsHandedOut;
}
