/** Invitation codes: short and unambiguous to read aloud or type (no 0/O/1/I). */
export const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const CODE_LENGTH = 6;
const CODE_PATTERN = new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`);

export function generateInvitationCode(random: (n: number) => Uint8Array = randomBytes): string {
  const bytes = random(CODE_LENGTH);
  let code = "";
  // 256 is a multiple of 32, so taking the byte modulo the alphabet is unbiased.
  for (const b of bytes) code += CODE_ALPHABET[b % CODE_ALPHABET.length];
  return code;
}

/** Codes are compared case-insensitively and without surrounding or inner spaces. */
export function normalizeInvitationCode(input: string): string {
  return input.replace(/\s+/g, "").toUpperCase();
}

/** True when the normalized input could be a code at all (saves a database look-up). */
export function isWellFormedCode(normalized: string): boolean {
  return CODE_PATTERN.test(normalized);
}

function randomBytes(n: number): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(n));
}
