/**
 * An upload's idempotency key, as a phone's queue makes it (crypto.randomUUID()) and the server
 * accepts it: 32 to 64 letters, digits and hyphens. Long enough that a key is never guessed (a
 * UUID carries 122 random bits), short enough to store; anything else is refused, not trimmed.
 */
export const UPLOAD_KEY_PATTERN = /^[A-Za-z0-9-]{32,64}$/;

/** The header the key travels in (read before the body, so the fields' order never matters). */
export const UPLOAD_KEY_HEADER = "Idempotency-Key";

export const isUploadKey = (value: unknown): value is string => typeof value === "string" && UPLOAD_KEY_PATTERN.test(value);
