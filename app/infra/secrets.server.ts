import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { config } from "~/infra/config.server";

/**
 * Secrets not given in the environment are generated once and kept beside the
 * database (file mode 600), so cookies survive restarts and the generated admin
 * password is only ever stored as a hash.
 */
export interface StoredSecrets {
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

/**
 * Written to a temporary file in the same folder, flushed to disk, then renamed over the real
 * one: a crash at any point leaves either the old file or the new one, never half of one (a
 * half-written file would stop every later start). A leftover temporary file is never read.
 */
function writeSecrets(next: StoredSecrets) {
  const file = secretsFile();
  if (file) {
    const dir = path.dirname(file);
    fs.mkdirSync(dir, { recursive: true });
    const temp = path.join(dir, `.secrets.json.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`);
    try {
      const fd = fs.openSync(temp, "wx", 0o600);
      try {
        fs.writeFileSync(fd, JSON.stringify(next));
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      fs.renameSync(temp, file);
    } catch (error) {
      fs.rmSync(temp, { force: true });
      throw error;
    }
    syncFolder(dir);
  }
  memory = next;
}

/** Makes the rename itself durable (not supported on every platform: best effort). */
function syncFolder(dir: string) {
  try {
    const fd = fs.openSync(dir, "r");
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    /* a folder cannot be opened for sync here (Windows): the file itself was synced */
  }
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

let passwordTagMemo: { source: string; tag: string } | undefined;

/**
 * A tag of the current admin password (ADMIN_PASSWORD, or the generated one's stored hash),
 * kept with each admin session: a different password gives a different tag, which ends every
 * session opened before the change. scrypt keyed by the session secret, so the tag stored in the
 * database is no shortcut to guessing the password; computed once per process.
 */
export function adminPasswordTag(): string {
  const configured = config().ADMIN_PASSWORD;
  const source = configured ? `env:${configured}` : `hash:${readSecrets().adminPasswordHash ?? ""}`;
  const secret = sessionSecret();
  const key = `${secret}\u0000${source}`;
  if (passwordTagMemo?.source !== key) {
    passwordTagMemo = { source: key, tag: crypto.scryptSync(source, `admin-session:${secret}`, 32).toString("base64url") };
  }
  return passwordTagMemo.tag;
}

/** What the secrets file holds (a copy): a backup carries it, so a restored site keeps its sessions' key and password. */
export function storedSecrets(): StoredSecrets {
  return { ...readSecrets() };
}

/** Puts a backup's secrets in place of this site's (written whole, as every change of the file is). */
export function replaceStoredSecrets(next: StoredSecrets): void {
  const kept: StoredSecrets = {};
  if (typeof next.sessionSecret === "string") kept.sessionSecret = next.sessionSecret;
  if (typeof next.adminPasswordHash === "string") kept.adminPasswordHash = next.adminPasswordHash;
  writeSecrets(kept);
  passwordTagMemo = undefined;
}

export function resetSecretsForTests() {
  passwordTagMemo = undefined;
  memory = undefined;
}
