import crypto from "node:crypto";
import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { sql, type Kysely, type Transaction } from "kysely";
import type { Entry, ZipFile } from "yauzl";
import { db, isPostgres, latestMigrationName, migrationNames, type DB } from "~/infra/db.server";
import type { Database } from "~/infra/db-schema";
import { replaceStoredSecrets, storedSecrets, type StoredSecrets } from "~/infra/secrets.server";
import { isValidKey, storage, StorageKeyTaken } from "~/infra/storage.server";
import { forgetContent } from "~/models/content-live.server";
import { forgetSiteMedia } from "~/models/content-media.server";

/**
 * The site's whole backup (decision 0051): one ZIP holding the data as JSON lines (one file per
 * table, read in one read transaction), the secrets file, every stored file under its store key,
 * and last a manifest naming the format, the schema version and each file's size and SHA-256.
 * Rows rather than the engine's own file, so a backup made on SQLite restores on PostgreSQL and back.
 */

export const BACKUP_FORMAT = "wedding-site-backup";
export const BACKUP_FORMAT_VERSION = 1;
const MANIFEST = "manifest.json";
const SECRETS = "secrets.json";
const DATA_PREFIX = "data/";
const FILES_PREFIX = "files/";

/**
 * The tables a backup carries, parents before children (inserted in this order, emptied in the
 * reverse), each with the column (or columns, for a table keyed by a pair) its rows are read in order of. Left out: admin sessions and rate
 * limits (a restored site starts with no one signed in and no one limited), and the upload queues' keys (kept a day, decision 0065).
 */
export const BACKUP_TABLES = [
  { name: "gallery_sections", key: "id", identity: true },
  { name: "invitations", key: "id", identity: true },
  { name: "menu_dishes", key: "id", identity: true },
  { name: "events", key: "id", identity: true },
  { name: "invitation_events", key: ["invitation_id", "event_id"], identity: false },
  { name: "seating_tables", key: "id", identity: true },
  { name: "guests", key: "id", identity: true },
  { name: "guest_events", key: ["guest_id", "event_id"], identity: false },
  { name: "guest_questions", key: "id", identity: true },
  { name: "guest_question_answers", key: "id", identity: true },
  { name: "media", key: "id", identity: true },
  { name: "wishes", key: "id", identity: true },
  { name: "site_settings", key: "key", identity: false },
  { name: "content_versions", key: "id", identity: true },
  { name: "outbox", key: "id", identity: true },
  { name: "suppressed_emails", key: "email", identity: false },
] as const satisfies readonly { name: keyof Database; key: string | readonly string[]; identity: boolean }[];
type BackupTable = (typeof BACKUP_TABLES)[number]["name"];

/** The tables a backup leaves out on purpose (see above); every other table must be in BACKUP_TABLES. */
export const TABLES_LEFT_OUT = ["admin_sessions", "rate_limits", "upload_keys"] as const satisfies readonly (keyof Database)[];

/** site_settings rows under this prefix belong to the site's own schedule (app/models/backup-schedule.server.ts), not its data. */
export const SCHEDULE_SETTING_PREFIX = "backup.";

export interface ManifestFile {
  path: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  /** The newest migration of the site that made it: the rows' shape. */
  schemaVersion: string;
  createdAt: string;
  source: { database: "sqlite" | "postgres"; storage: "local" | "s3" };
  tables: Record<string, number>;
  files: ManifestFile[];
}

/** Rows read per query while the snapshot is taken (bounded memory whatever a table's size). */
const PAGE_ROWS = 500;
/** Rows inserted per statement on restore: far under SQLite's 32766 and PostgreSQL's 65535 parameters. */
const INSERT_ROWS = 100;
/** The manifest is read whole: bounded, so an archive that claims a huge one is refused, not loaded. */
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;
/** One row of the data files, read whole: bounded like the manifest. */
const MAX_ROW_BYTES = 16 * 1024 * 1024;

/**
 * A value as it goes into the archive: the same JSON from either engine. Both keep booleans as 0/1,
 * dates as ISO text, and the epoch milliseconds fit a JavaScript number; a driver's bigint, Date or
 * boolean is still written in those shapes, so nothing depends on how the engine answered.
 */
function portable(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "number" || typeof value === "string") return value;
  throw new Error(`backup: a value of type ${typeof value} cannot be written portably`);
}

const hashing = (onDone: (size: number, sha256: string) => void) => {
  const hash = crypto.createHash("sha256");
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, next) {
      hash.update(chunk);
      size += chunk.length;
      next(null, chunk);
    },
    flush(next) {
      onDone(size, hash.digest("hex"));
      next();
    },
  });
};

interface Snapshot {
  dir: string;
  tables: Record<string, number>;
  /** Archive path → the temporary file holding it. */
  entries: { name: string; file: string }[];
  remove(): Promise<void>;
}

/**
 * The data, read inside ONE read transaction on one connection (SQLite: a deferred transaction
 * is a snapshot from its first read; PostgreSQL: REPEATABLE READ READ ONLY), written as JSON lines
 * to a temporary folder. Answers given meanwhile wait for nothing (SQLite's readers never block its
 * writer in WAL mode; PostgreSQL's snapshot blocks no one) and are in the next backup. Only
 * milliseconds for a wedding's data, so the transaction is never held while a client downloads.
 */
async function snapshotData(database: DB): Promise<Snapshot> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "wedding-backup-"));
  const remove = () => fs.rm(dir, { recursive: true, force: true });
  try {
    await fs.mkdir(path.join(dir, "data"));
    const tables: Record<string, number> = {};
    const entries: Snapshot["entries"] = [];
    const postgres = isPostgres(database);
    await database.connection().execute(async (connection) => {
      await sql.raw(postgres ? "begin isolation level repeatable read read only" : "begin deferred").execute(connection);
      try {
        for (const table of BACKUP_TABLES) {
          const file = path.join(dir, "data", `${table.name}.jsonl`);
          const out = createWriteStream(file, { flags: "wx" });
          let count = 0;
          for (let offset = 0; ; offset += PAGE_ROWS) {
            let query = (connection as Kysely<Database>).selectFrom(table.name).selectAll();
            if (table.name === "site_settings") query = query.where(sql.ref("key"), "not like", `${SCHEDULE_SETTING_PREFIX}%`);
            const rows = (await (typeof table.key === "string" ? [table.key] : table.key)
              .reduce((q, column) => q.orderBy(sql.ref(column)), query)
              .limit(PAGE_ROWS)
              .offset(offset)
              .execute()) as Record<string, unknown>[];
            for (const row of rows) {
              const line = JSON.stringify(Object.fromEntries(Object.entries(row).map(([k, v]) => [k, portable(v)])));
              if (!out.write(`${line}\n`)) await once(out, "drain");
            }
            count += rows.length;
            if (rows.length < PAGE_ROWS) break;
          }
          out.end();
          await once(out, "finish");
          tables[table.name] = count;
          entries.push({ name: `${DATA_PREFIX}${table.name}.jsonl`, file });
        }
        await sql.raw("commit").execute(connection);
      } catch (error) {
        await sql
          .raw("rollback")
          .execute(connection)
          .catch(() => undefined);
        throw error;
      }
    });
    const secrets = storedSecrets();
    if (Object.keys(secrets).length > 0) {
      const file = path.join(dir, SECRETS);
      await fs.writeFile(file, JSON.stringify(secrets), { flag: "wx", mode: 0o600 });
      entries.push({ name: SECRETS, file });
    }
    return { dir, tables, entries, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

export interface BackupStreamOptions {
  /** Aborted when the reader goes away: the archive stops and its open file is closed. */
  signal?: AbortSignal;
  /** Called once when the archive ends, fails or is abandoned. */
  onEnd?: () => void;
}

/**
 * The backup as a Node stream (archiver), made while it is read: the data's temporary files, then
 * the stored files one at a time, then the manifest. Nothing is read ahead of the reader (the ZIP
 * stream's own buffer aside), so memory stays flat whatever the photos weigh. Files are stored, not
 * deflated (photos and videos are compressed already). A stored file removed between the snapshot
 * and its turn (a photo deleted meanwhile) is left out with a warning; files written after the
 * snapshot are carried too, and a restored site's start sets aside any that no row names.
 */
export async function backupArchive(options: BackupStreamOptions = {}): Promise<Readable> {
  const snapshot = await snapshotData(db());
  const { ZipArchive } = await import("archiver");
  const zip = new ZipArchive({ store: true });
  const stop = new AbortController();
  let source: Readable | null = null;
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    stop.abort();
    source?.destroy();
    void snapshot.remove();
    options.onEnd?.();
  };
  const abandon = () => {
    end();
    zip.abort();
  };
  options.signal?.addEventListener("abort", abandon, { once: true });
  if (options.signal?.aborted) abandon();
  zip.on("warning", (warning) => console.warn("backup:", warning.message));
  zip.on("end", end);
  zip.on("error", end);
  zip.on("close", end);

  const files: ManifestFile[] = [];
  const add = async (name: string, body: Readable) => {
    source = body;
    const hashed = hashing((size, sha256) => files.push({ path: name, size, sha256 }));
    body.on("error", (error) => hashed.destroy(error));
    const added = once(zip, "entry", { signal: stop.signal });
    zip.append(body.pipe(hashed), { name, date: new Date(0) });
    await added;
    source = null;
  };

  const feed = async () => {
    for (const entry of snapshot.entries) {
      if (stop.signal.aborted) return;
      await add(entry.name, createReadStream(entry.file));
    }
    const keys: string[] = [];
    for await (const key of storage().list()) if (isValidKey(key)) keys.push(key);
    keys.sort();
    for (const key of keys) {
      if (stop.signal.aborted) return;
      const stored = await storage().open(key);
      if (!stored) {
        console.warn(`backup: ${key} left the store before its turn; left out`);
        continue;
      }
      await add(`${FILES_PREFIX}${key}`, stored.body);
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      schemaVersion: latestMigrationName(),
      createdAt: new Date().toISOString(),
      source: { database: isPostgres(db()) ? "postgres" : "sqlite", storage: storage().driver },
      tables: snapshot.tables,
      files,
    };
    zip.append(Buffer.from(JSON.stringify(manifest, null, 1)), { name: MANIFEST, date: new Date(0) });
    await zip.finalize();
  };
  feed().catch((error) => {
    if (stop.signal.aborted) return;
    end();
    zip.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return zip;
}

/**
 * The backup as a web stream for an HTTP answer: a chunk is read from the archive only when the
 * client took the last (highWaterMark 0), the way the gallery's ZIP is sent.
 */
export async function backupWebStream(options: BackupStreamOptions = {}): Promise<ReadableStream<Uint8Array>> {
  const zip = await backupArchive(options);
  const chunks = zip[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          if (options.signal?.aborted) return controller.close();
          const { value, done } = await chunks.next();
          if (done) controller.close();
          else controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
        } catch (error) {
          if (options.signal?.aborted) return controller.close();
          // A failure mid-way fails the answer: a cut backup must not look whole.
          throw error;
        }
      },
      cancel() {
        zip.destroy();
      },
    },
    { highWaterMark: 0 },
  );
}

/** Writes a backup to `target` through a temporary name beside it, renamed once whole; returns its size. */
export async function writeBackupFile(target: string): Promise<number> {
  const temp = `${target}.${crypto.randomBytes(4).toString("hex")}.tmp`;
  try {
    await pipeline(await backupArchive(), createWriteStream(temp, { flags: "wx" }));
    const { size } = await fs.stat(temp);
    await fs.rename(temp, target);
    return size;
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Restore

export type RestoreError =
  /** Not a ZIP, or a cut one (no central directory). */
  | "unreadable"
  /** A ZIP, but not this site's backup (no manifest, another format). */
  | "notBackup"
  /** A backup format or schema this version of the site does not know. */
  | "unknownVersion"
  /** An older schema: restore it with the version that made it, then upgrade. */
  | "olderVersion"
  /** A file missing, or its size or SHA-256 not the manifest's, or a file the manifest does not name. */
  | "altered"
  /** A data file whose rows do not parse or do not fit the tables. */
  | "badRows"
  /** The site already has invitations, photos, wishes or content saves: a restore never merges. */
  | "siteHasData";

export type RestoreResult =
  { ok: true; tables: Record<string, number>; files: number; schemaVersion: string; createdAt: string } | { ok: false; error: RestoreError; detail: string };

const refused = (error: RestoreError, detail: string): RestoreResult => ({ ok: false, error, detail });

class Refused extends Error {
  constructor(
    readonly code: RestoreError,
    detail: string,
  ) {
    super(detail);
  }
}

async function openZip(file: string): Promise<{ zip: ZipFile; entries: Map<string, Entry> }> {
  const yauzl = await import("yauzl");
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true }, (error, opened) =>
      error ? reject(error) : resolve(opened),
    ),
  );
  const entries = new Map<string, Entry>();
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on("entry", (entry: Entry) => {
        if (entries.has(entry.fileName)) return reject(new Refused("altered", `the archive names ${entry.fileName} twice`));
        entries.set(entry.fileName, entry);
        zip.readEntry();
      });
      zip.on("end", () => resolve());
      zip.on("error", reject);
      zip.readEntry();
    });
  } catch (error) {
    zip.close();
    throw error;
  }
  return { zip, entries };
}

const entryStream = (zip: ZipFile, entry: Entry) =>
  new Promise<Readable>((resolve, reject) => zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))));

async function readWhole(zip: ZipFile, entry: Entry, limit: number): Promise<Buffer> {
  if (entry.uncompressedSize > limit) throw new Refused("notBackup", `${entry.fileName} is larger than ${limit} bytes`);
  const chunks: Buffer[] = [];
  for await (const chunk of await entryStream(zip, entry)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** An entry's bytes hashed as they stream by (nothing kept); fails when its size or SHA-256 is not the manifest's. */
async function checkEntry(zip: ZipFile, entry: Entry, expected: ManifestFile): Promise<void> {
  const hash = crypto.createHash("sha256");
  let size = 0;
  for await (const chunk of await entryStream(zip, entry)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  if (size !== expected.size || hash.digest("hex") !== expected.sha256) throw new Refused("altered", `${entry.fileName} is not the file the backup recorded`);
}

/**
 * An entry's bytes for the restore's second pass, hashed again as they go by: the stream fails at
 * its end when they are not the bytes the first pass checked (the file changed in between), so the
 * rows' transaction rolls back and a stored file is never recorded.
 */
async function checkedStream(zip: ZipFile, entry: Entry, expected: ManifestFile | undefined): Promise<Readable> {
  const source = await entryStream(zip, entry);
  if (!expected) return source;
  const hash = crypto.createHash("sha256");
  let size = 0;
  const checked = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      hash.update(chunk);
      size += chunk.length;
      next(null, chunk);
    },
    flush(next) {
      next(size === expected.size && hash.digest("hex") === expected.sha256 ? null : new Refused("altered", `${entry.fileName} changed while it was restored`));
    },
  });
  source.on("error", (error) => checked.destroy(error));
  return source.pipe(checked);
}

/** Each JSON line of a data entry, one at a time. */
async function* rowsOf(zip: ZipFile, entry: Entry, expected?: ManifestFile): AsyncGenerator<Record<string, unknown>> {
  const lines = readline.createInterface({ input: await checkedStream(zip, entry, expected), crlfDelay: Infinity });
  let number = 0;
  for await (const line of lines) {
    number++;
    if (line === "") continue;
    if (line.length > MAX_ROW_BYTES) throw new Refused("badRows", `${entry.fileName}: row ${number} is too long`);
    let row: unknown;
    try {
      row = JSON.parse(line);
    } catch {
      throw new Refused("badRows", `${entry.fileName}: row ${number} is not JSON`);
    }
    if (!row || typeof row !== "object" || Array.isArray(row)) throw new Refused("badRows", `${entry.fileName}: row ${number} is not an object`);
    yield row as Record<string, unknown>;
  }
}

function isManifest(value: unknown): value is BackupManifest {
  const m = value as Partial<BackupManifest> | null;
  return (
    !!m &&
    typeof m === "object" &&
    typeof m.schemaVersion === "string" &&
    typeof m.createdAt === "string" &&
    !!m.tables &&
    typeof m.tables === "object" &&
    Array.isArray(m.files) &&
    m.files.every((f) => f && typeof f.path === "string" && Number.isSafeInteger(f.size) && typeof f.sha256 === "string")
  );
}

/** The columns each backed-up table has in this database (from the engine itself). */
async function columnsOf(database: DB): Promise<Map<string, Set<string>>> {
  const tables = await database.introspection.getTables();
  return new Map(tables.map((t) => [t.name, new Set(t.columns.map((c) => c.name))]));
}

interface Verified {
  manifest: BackupManifest;
  zip: ZipFile;
  entries: Map<string, Entry>;
}

/**
 * Checks the archive WHOLE before anything is written: a known format and this site's schema
 * version, the manifest's every file present with its size and SHA-256 (and nothing it does not
 * name), every stored file at a valid key, and every row parsing into known columns in the counts
 * the manifest gives. Returns the opened archive for the restore's second pass.
 */
async function verifyArchive(file: string, database: DB): Promise<Verified> {
  let opened: { zip: ZipFile; entries: Map<string, Entry> };
  try {
    opened = await openZip(file);
  } catch (error) {
    if (error instanceof Refused) throw error;
    throw new Refused("unreadable", `not a complete ZIP archive (${error instanceof Error ? error.message : String(error)})`);
  }
  const { zip, entries } = opened;
  try {
    const manifestEntry = entries.get(MANIFEST);
    if (!manifestEntry) throw new Refused("notBackup", "the archive has no manifest.json: it is not a backup of this site");
    const manifestBytes = await readWhole(zip, manifestEntry, MAX_MANIFEST_BYTES);
    // The manifest names every other file's hash; its own bytes are checked against the ZIP's CRC-32.
    if (zlib.crc32(manifestBytes) !== manifestEntry.crc32) throw new Refused("altered", "manifest.json is not the file the backup recorded");
    let manifest: unknown;
    try {
      manifest = JSON.parse(manifestBytes.toString("utf8"));
    } catch {
      throw new Refused("notBackup", "manifest.json is not JSON");
    }
    if ((manifest as { format?: unknown } | null)?.format !== BACKUP_FORMAT || !isManifest(manifest))
      throw new Refused("notBackup", "manifest.json is not a backup manifest of this site");
    if (manifest.formatVersion !== BACKUP_FORMAT_VERSION)
      throw new Refused("unknownVersion", `backup format ${String(manifest.formatVersion)} is not known here`);
    const known = migrationNames();
    if (manifest.schemaVersion !== latestMigrationName()) {
      if (known.includes(manifest.schemaVersion))
        throw new Refused(
          "olderVersion",
          `the backup was made by an earlier version of the site (schema ${manifest.schemaVersion}); restore it with that version, then upgrade`,
        );
      throw new Refused("unknownVersion", `schema ${manifest.schemaVersion} is not known here (a newer version of the site made it)`);
    }
    const named = new Set(manifest.files.map((f) => f.path));
    if (named.size !== manifest.files.length) throw new Refused("altered", "the manifest names a file twice");
    for (const name of entries.keys()) {
      if (name !== MANIFEST && !named.has(name)) throw new Refused("altered", `${name} is not in the manifest`);
    }
    for (const f of manifest.files) {
      if (!entries.has(f.path)) throw new Refused("altered", `${f.path} is missing (the archive is incomplete)`);
      if (f.path.startsWith(FILES_PREFIX) && !isValidKey(f.path.slice(FILES_PREFIX.length))) throw new Refused("altered", `${f.path} is not a store key`);
    }
    for (const table of BACKUP_TABLES) {
      if (!named.has(`${DATA_PREFIX}${table.name}.jsonl`) || !Number.isSafeInteger(manifest.tables[table.name]))
        throw new Refused("badRows", `the table ${table.name} is missing from the backup`);
    }
    for (const f of manifest.files) await checkEntry(zip, entries.get(f.path)!, f);

    const columns = await columnsOf(database);
    for (const table of BACKUP_TABLES) {
      const allowed = columns.get(table.name) ?? new Set<string>();
      let count = 0;
      for await (const row of rowsOf(zip, entries.get(`${DATA_PREFIX}${table.name}.jsonl`)!)) {
        count++;
        for (const [column, value] of Object.entries(row)) {
          if (!allowed.has(column)) throw new Refused("badRows", `${table.name}: the column ${column} is not known here`);
          if (value !== null && typeof value !== "string" && typeof value !== "number")
            throw new Refused("badRows", `${table.name}: the column ${column} holds a ${typeof value}`);
        }
      }
      if (count !== manifest.tables[table.name])
        throw new Refused("badRows", `${table.name} has ${count} rows, the manifest says ${manifest.tables[table.name]}`);
    }
    if (named.has(SECRETS)) {
      const secrets = JSON.parse((await readWhole(zip, entries.get(SECRETS)!, 64 * 1024)).toString("utf8")) as unknown;
      if (!secrets || typeof secrets !== "object") throw new Refused("badRows", "secrets.json is not an object");
    }
    return { manifest, zip, entries };
  } catch (error) {
    zip.close();
    throw error;
  }
}

/** What makes a site "have data": a restore never merges into one. */
export interface SiteData {
  invitations: number;
  media: number;
  wishes: number;
  contentSaves: number;
}

/**
 * The site's own data: invitations (a demo invitation, marked `is_demo` by the seed, that nobody
 * has answered does not count: it is the empty site's example, whatever its name), gallery photos,
 * wishes and content saves. Gallery sections and settings alone do not count: a fresh site has its
 * default (demo) sections, which a restore replaces; a section with a photo counts through the photo.
 */
export async function siteData(database: Kysely<Database> | Transaction<Database> = db()): Promise<SiteData> {
  const count = async (table: "invitations" | "media" | "wishes" | "content_versions") =>
    Number(
      (
        await database
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const unansweredDemo = Number(
    (
      await database
        .selectFrom("invitations")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("is_demo", "=", 1)
        .where("confirmed", "=", 0)
        .where("status", "<>", "declined")
        .where("answered_at", "is", null)
        .executeTakeFirstOrThrow()
    ).n,
  );
  return {
    invitations: (await count("invitations")) - unansweredDemo,
    media: await count("media"),
    wishes: await count("wishes"),
    contentSaves: await count("content_versions"),
  };
}

const hasData = (d: SiteData) => d.invitations + d.media + d.wishes + d.contentSaves > 0;
const describeData = (d: SiteData) =>
  `this site already has data (invitations: ${d.invitations}, photos: ${d.media}, wishes: ${d.wishes}, content saves: ${d.contentSaves}); a backup is restored only into a new, empty site`;

const CONTENT_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
  gif: "image/gif",
  mp4: "video/mp4",
  webm: "video/webm",
  mov: "video/quicktime",
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
  ogg: "audio/ogg",
  wav: "audio/wav",
};
const contentTypeOf = (key: string) => CONTENT_TYPES[key.split(".").pop()?.toLowerCase() ?? ""] ?? "application/octet-stream";

/** Sets each identity column's sequence past the restored ids, so the next row numbers after them (PostgreSQL). */
async function advanceSequences(trx: Transaction<Database>) {
  for (const table of BACKUP_TABLES) {
    if (!table.identity) continue;
    await sql`select setval(pg_get_serial_sequence(${table.name}, 'id'), (select coalesce(max(id), 0) + 1 from ${sql.table(table.name)}), false)`.execute(trx);
  }
}

/**
 * Restores a backup file into this site, which must have no data of its own (siteData): the archive
 * is checked whole first (verifyArchive) and a refusal changes nothing. Then the stored files are
 * written (a key already there is kept), then every table is replaced in ONE transaction, then the
 * secrets. A failure while writing the rows leaves the tables as they were; files already written
 * are then named by no row and set aside by the site's next start.
 */
export async function restoreBackup(filePath: string, database: DB = db()): Promise<RestoreResult> {
  let verified: Verified;
  try {
    const before = await siteData(database);
    if (hasData(before)) return refused("siteHasData", describeData(before));
    verified = await verifyArchive(filePath, database);
  } catch (error) {
    if (error instanceof Refused) return refused(error.code, error.message);
    throw error;
  }
  const { manifest, zip, entries } = verified;
  try {
    let files = 0;
    for (const f of manifest.files) {
      if (!f.path.startsWith(FILES_PREFIX)) continue;
      const key = f.path.slice(FILES_PREFIX.length);
      try {
        await storage().putStream(key, await checkedStream(zip, entries.get(f.path)!, f), contentTypeOf(key));
      } catch (error) {
        if (!(error instanceof StorageKeyTaken)) throw error;
      }
      files++;
    }
    const postgres = isPostgres(database);
    await database.transaction().execute(async (trx) => {
      const now = await siteData(trx);
      if (hasData(now)) throw new Refused("siteHasData", describeData(now));
      for (const table of [...BACKUP_TABLES].reverse()) {
        let remove = trx.deleteFrom(table.name);
        if (table.name === "site_settings") remove = remove.where(sql.ref("key"), "not like", `${SCHEDULE_SETTING_PREFIX}%`);
        await remove.execute();
      }
      for (const table of BACKUP_TABLES) {
        let batch: Record<string, unknown>[] = [];
        const flush = async () => {
          if (batch.length === 0) return;
          // The rows' columns were checked against this database's own (verifyArchive).
          await trx
            .insertInto(table.name as BackupTable)
            .values(batch as never)
            .execute();
          batch = [];
        };
        const name = `${DATA_PREFIX}${table.name}.jsonl`;
        for await (const row of rowsOf(
          zip,
          entries.get(name)!,
          manifest.files.find((f) => f.path === name),
        )) {
          batch.push(row);
          if (batch.length >= INSERT_ROWS) await flush();
        }
        await flush();
      }
      if (postgres) await advanceSequences(trx);
    });
    if (entries.has(SECRETS)) {
      replaceStoredSecrets(JSON.parse((await readWhole(zip, entries.get(SECRETS)!, 64 * 1024)).toString("utf8")) as StoredSecrets);
    }
    forgetContent();
    forgetSiteMedia();
    return { ok: true, tables: manifest.tables, files, schemaVersion: manifest.schemaVersion, createdAt: manifest.createdAt };
  } catch (error) {
    // Refused while writing: the site got data meanwhile, or the archive changed since it was checked.
    if (error instanceof Refused) return refused(error.code, error.message);
    throw error;
  } finally {
    zip.close();
  }
}
