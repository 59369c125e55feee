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
  /** Invitations whose guests said they cannot come, and the seats (maxGuests) they free. */
  declinedInvitations: number;
  declinedSeats: number;
  /** Invitations not answered yet, and their seats (maxGuests). */
  pendingInvitations: number;
  pendingSeats: number;
  /** Guests on confirmed invitations who left a dietary note. */
  dietaryCount: number;
  capacity: number;
}

export interface StatsInput {
  seats: number;
  confirmedGuests: number;
  totalInvitations: number;
  confirmedInvitations: number;
  declinedInvitations?: number;
  declinedSeats?: number;
  pendingInvitations?: number;
  pendingSeats?: number;
  dietaryCount?: number;
}

export function computeStats(input: StatsInput): Stats {
  const confirmedPercentage = input.seats > 0 ? Math.round((input.confirmedGuests / input.seats) * 100) : 0;
  return {
    totalGuests: input.seats,
    confirmedGuests: input.confirmedGuests,
    confirmedPercentage,
    totalInvitations: input.totalInvitations,
    confirmedInvitations: input.confirmedInvitations,
    declinedInvitations: input.declinedInvitations ?? 0,
    declinedSeats: input.declinedSeats ?? 0,
    pendingInvitations: input.pendingInvitations ?? 0,
    pendingSeats: input.pendingSeats ?? 0,
    dietaryCount: input.dietaryCount ?? 0,
    capacity: TOTAL_CAPACITY,
  };
}

/** One dietary note for the caterer: whose, and what. */
export interface DietaryNote {
  guest: string;
  primaryGuest: string;
  dietary: string;
}

/** Seats still free under the venue's capacity (negative when over). */
export function seatsLeft(seatsHandedOut: number): number {
  return TOTAL_CAPACITY - seatsHandedOut;
}
