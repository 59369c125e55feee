import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { config } from "~/infra/config.server";

/**
 * Secrets not given in the environment are generated once and kept beside the
 * database (file mode 600), so cookies survive restarts. The admin password chosen at
 * /setup and the one-time setup token are only ever stored as hashes.
 */
export interface StoredSecrets {
  sessionSecret?: string;
  adminPasswordHash?: string;
  /** SHA-256 (hex) of the one-time /setup token, while no admin password exists. */
  setupTokenHash?: string;
}

let memory: StoredSecrets | undefined;
/** The file as last read (inode, size, mtime): another process's write (a worker finishing /setup) is read again. */
let memoryStamp: string | undefined;

function stampOf(file: string): string | undefined {
  try {
    const st = fs.statSync(file);
    return `${st.ino}:${st.size}:${st.mtimeMs}`;
  } catch {
    return undefined;
  }
}

function secretsFile(): string | null {
  const dbPath = config().DATABASE_PATH;
  if (dbPath === ":memory:") return null;
  return path.join(path.dirname(path.resolve(dbPath)), ".secrets.json");
}

/**
 * The stored secrets. Each worker of the cluster reads the same file, and the one that completes
 * /setup rewrites it (a new file renamed over the old): a changed file (its stamp) is read again,
 * so every worker knows the new password and that the setup token is spent.
 */
function readSecrets(): StoredSecrets {
  const file = secretsFile();
  if (!file) return (memory ??= {});
  const stamp = stampOf(file);
  if (memory && stamp === memoryStamp) return memory;
  memory = stamp !== undefined ? (JSON.parse(fs.readFileSync(file, "utf8")) as StoredSecrets) : {};
  memoryStamp = stamp;
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
      memoryStamp = stampOf(file);
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

/** An admin password exists: ADMIN_PASSWORD, or the hash stored by /setup. */
function hasAdminPassword(): boolean {
  return Boolean(config().ADMIN_PASSWORD) || Boolean(readSecrets().adminPasswordHash);
}

const tokenDigest = (token: string) => crypto.createHash("sha256").update(token, "utf8").digest();

/**
 * Called by boot() at each start. With no admin password (neither ADMIN_PASSWORD nor a stored
 * hash) a new one-time setup token is made, its SHA-256 stored (never the token), and the token
 * returned for the start's notice: the link printed by an earlier start stops working. With a
 * password, nothing is made and null is returned (the start is as it always was).
 */
export function startSetup(): string | null {
  if (hasAdminPassword()) return null;
  const stored = readSecrets();
  const token = crypto.randomBytes(32).toString("base64url");
  writeSecrets({ ...stored, setupTokenHash: tokenDigest(token).toString("hex") });
  return token;
}

/**
 * Whether the site still waits for its first-run setup: no admin password (neither ADMIN_PASSWORD
 * nor a stored hash) and a setup token printed by this start. Pages that belong to the first run
 * (/setup, a backup restore offered before any password exists) show only while this holds.
 */
export function setupPending(): boolean {
  return !hasAdminPassword() && Boolean(readSecrets().setupTokenHash);
}

/**
 * Whether `token` is the setup link's token, while setup is pending. Compared as SHA-256 digests
 * in constant time (timing says nothing about how much of a guess was right). Counting wrong
 * guesses is the caller's (the login's rate limit).
 */
export function verifySetupToken(token: string): boolean {
  if (!token || !setupPending()) return false;
  const stored = Buffer.from(readSecrets().setupTokenHash ?? "", "hex");
  const given = tokenDigest(token);
  return stored.length === given.length && crypto.timingSafeEqual(stored, given);
}

/** Setup done: the chosen password's hash is stored and the token removed, in one write (the link stops working at once). */
export function finishSetup(password: string): void {
  const { setupTokenHash: _spent, ...rest } = readSecrets();
  writeSecrets({ ...rest, adminPasswordHash: hashPassword(password) });
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
 * A tag of the current admin password (ADMIN_PASSWORD, or the stored hash of the one chosen at /setup),
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

/**
 * The tag a door session ('Recepción') is opened with: of the door key's stored hash, keyed by the
 * session secret. A new key (a new salted hash) gives a new tag, which ends every door session
 * opened before. The hash is the database's already (site_settings), so a cheap HMAC hides nothing
 * less than scrypt would.
 */
export function doorKeyTag(keyHash: string): string {
  return crypto.createHmac("sha256", sessionSecret()).update(`door-session:${keyHash}`).digest("base64url");
}

/**
 * What a backup carries of the secrets file: the session secret and the admin password's hash (a
 * restored site keeps its sessions' key and its password). Never the setup token: it is this
 * start's, one-time.
 */
export function storedSecrets(): Pick<StoredSecrets, "sessionSecret" | "adminPasswordHash"> {
  const { sessionSecret, adminPasswordHash } = readSecrets();
  return { ...(sessionSecret ? { sessionSecret } : {}), ...(adminPasswordHash ? { adminPasswordHash } : {}) };
}

/**
 * Puts a backup's secrets in place of this site's (written whole, as every change of the file is;
 * the other workers read the changed file again). A backup without a password hash (its site used
 * ADMIN_PASSWORD) leaves a pending setup's token in place, so the couple still chooses one at /setup.
 * Only ever called on a site that is empty (restoreBackup), so nothing of its own is lost.
 */
export function replaceStoredSecrets(next: Pick<StoredSecrets, "sessionSecret" | "adminPasswordHash">): void {
  const current = readSecrets();
  const kept: StoredSecrets = {};
  // A backup without a session secret (its site set SESSION_SECRET) keeps this site's.
  if (typeof next.sessionSecret === "string") kept.sessionSecret = next.sessionSecret;
  else if (current.sessionSecret) kept.sessionSecret = current.sessionSecret;
  if (typeof next.adminPasswordHash === "string") kept.adminPasswordHash = next.adminPasswordHash;
  else if (current.setupTokenHash) kept.setupTokenHash = current.setupTokenHash;
  writeSecrets(kept);
  passwordTagMemo = undefined;
}

export function resetSecretsForTests() {
  passwordTagMemo = undefined;
  memory = undefined;
  memoryStamp = undefined;
}
