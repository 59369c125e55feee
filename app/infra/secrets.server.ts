import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { config } from "~/infra/config.server";

/**
 * Secrets not given in the environment are generated once and kept beside the
 * database (file mode 600), so cookies survive restarts and the generated admin
 * password is only ever stored as a hash.
 */
interface StoredSecrets {
  sessionSecret?: string;
  adminPasswordHash?: string;
}

let memory: StoredSecrets | undefined;

function secretsFile(): string | null {
  const dbPath = config().DATABASE_PATH;
  if (dbPath === ":memory:") return null;
  return path.join(path.dirname(path.resolve(dbPath)), ".secrets.json");
}

function readSecrets(): StoredSecrets {
  if (memory) return memory;
  const file = secretsFile();
  memory = file && fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as StoredSecrets) : {};
  return memory;
}

function writeSecrets(next: StoredSecrets) {
  memory = next;
  const file = secretsFile();
  if (!file) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(next), { mode: 0o600 });
}

export function sessionSecret(): string {
  const fromEnv = config().SESSION_SECRET;
  if (fromEnv) return fromEnv;
  const stored = readSecrets();
  if (stored.sessionSecret) return stored.sessionSecret;
  const sessionSecret = crypto.randomBytes(32).toString("base64url");
  writeSecrets({ ...stored, sessionSecret });
  return sessionSecret;
}

/** scrypt hash as "salt:hash" (hex). */
export function hashPassword(password: string): string {
  const salt = crypto.randomBytes(16);
  const hash = crypto.scryptSync(password, salt, 32);
  return `${salt.toString("hex")}:${hash.toString("hex")}`;
}

export function verifyPasswordHash(password: string, stored: string): boolean {
  const [saltHex, hashHex] = stored.split(":");
  if (!saltHex || !hashHex) return false;
  const expected = Buffer.from(hashHex, "hex");
  const actual = crypto.scryptSync(password, Buffer.from(saltHex, "hex"), expected.length);
  return crypto.timingSafeEqual(actual, expected);
}

/**
 * Makes sure an admin password exists. Returns the generated password the first
 * time one is made (for printing once), otherwise null.
 */
export function ensureAdminPassword(): string | null {
  if (config().ADMIN_PASSWORD) return null;
  const stored = readSecrets();
  if (stored.adminPasswordHash) return null;
  const password = crypto.randomBytes(9).toString("base64url");
  writeSecrets({ ...stored, adminPasswordHash: hashPassword(password) });
  return password;
}

/** Constant-time check of a typed password against ADMIN_PASSWORD or the stored hash. */
export function checkAdminPassword(candidate: string): boolean {
  const configured = config().ADMIN_PASSWORD;
  if (configured) {
    // Compare digests so the lengths match and timing reveals nothing about the password.
    const a = crypto.createHash("sha256").update(candidate).digest();
    const b = crypto.createHash("sha256").update(configured).digest();
    return crypto.timingSafeEqual(a, b);
  }
  const hash = readSecrets().adminPasswordHash;
  return hash ? verifyPasswordHash(candidate, hash) : false;
}

export function resetSecretsForTests() {
  memory = undefined;
}
