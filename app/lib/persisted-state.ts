import { STORAGE_KEYS } from "./constants";

export interface PersistedInvitation {
  code: string;
  primaryGuest: string;
  maxGuests: number;
  confirmed: boolean;
  guests: { id: number; fullName: string }[];
}

/** The client state persisted under localStorage['wedding-storage']. */
export interface PersistedState {
  theme: "light" | "dark";
  invitationCode: string | null;
  invitation: PersistedInvitation | null;
}

export function readPersistedState(): PersistedState | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.persistedState);
    return raw ? (JSON.parse(raw) as PersistedState) : null;
  } catch {
    return null;
  }
}

export function writePersistedState(state: PersistedState) {
  localStorage.setItem(STORAGE_KEYS.persistedState, JSON.stringify(state));
}

/** Clearing the invitation resets invitation and code to null. */
export function clearPersistedInvitation() {
  const current = readPersistedState();
  writePersistedState({ theme: current?.theme ?? "light", invitationCode: null, invitation: null });
}
