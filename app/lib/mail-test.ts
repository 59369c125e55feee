/**
 * 'Enviar correo de prueba' (Correos): what the mail server's answer means, in plain words. The
 * error is nodemailer's: `code` is its kind (EAUTH, ECONNECTION, ESOCKET, ETLS, ...) and
 * `originalCode` the system's or TLS's own code when nodemailer replaced it. Pure.
 */
export type TestEmailOutcome = "accepted" | "wrongPassword" | "unreachable" | "certificate" | "other";

export interface MailError {
  code?: unknown;
  originalCode?: unknown;
  message?: unknown;
  response?: unknown;
}

// Node's TLS codes for a certificate it refuses (checked before "unreachable": nodemailer reports
// them as ESOCKET or ETLS too).
const CERTIFICATE_CODES = new Set([
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "CERT_HAS_EXPIRED",
  "CERT_NOT_YET_VALID",
  "CERT_UNTRUSTED",
  "CERT_REJECTED",
  "CERT_SIGNATURE_FAILURE",
  "ERR_TLS_CERT_ALTNAME_INVALID",
  "HOSTNAME_MISMATCH",
]);
// A STARTTLS failure keeps only the message ("Error initiating TLS - self-signed certificate").
const CERTIFICATE_WORDS = /certificate|self[- ]signed|altnames|CERT_/i;
const UNREACHABLE_CODES = new Set([
  "ECONNECTION",
  "ETIMEDOUT",
  "ESOCKET",
  "ENOTFOUND",
  "ECONNREFUSED",
  "EDNS",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ECONNRESET",
  "EAI_AGAIN",
]);

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** What a failed test send means. */
export function testEmailOutcome(error: MailError): Exclude<TestEmailOutcome, "accepted"> {
  const code = text(error.code);
  const original = text(error.originalCode);
  if (code === "EAUTH") return "wrongPassword";
  if (CERTIFICATE_CODES.has(code) || CERTIFICATE_CODES.has(original)) return "certificate";
  if ((code === "ESOCKET" || code === "ETLS" || code === "ECONNECTION") && CERTIFICATE_WORDS.test(text(error.message))) return "certificate";
  if (UNREACHABLE_CODES.has(code) || UNREACHABLE_CODES.has(original)) return "unreachable";
  return "other";
}

/** The server's own words for the screen: its reply line when it sent one, else the error's message, on one bounded line. */
export function mailServerWords(error: MailError): string {
  const words = text(error.response) || text(error.message) || text(error.code);
  const line = words.replace(/\s+/g, " ").trim();
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}
