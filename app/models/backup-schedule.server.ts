import fs from "node:fs/promises";
import path from "node:path";
import { config } from "~/infra/config.server";
import { db } from "~/infra/db.server";
import { atVenueTime, venueDay } from "~/lib/venue-time";
import { SCHEDULE_SETTING_PREFIX, writeBackupFile } from "~/models/backup.server";
import { weddingDates } from "~/models/content-dates.server";

/**
 * The daily backup (decision 0051): with BACKUP_DIR set, one archive a day at 04:00 at the venue,
 * written under a temporary name and renamed, the oldest removed past BACKUP_KEEP. Every process of
 * the cluster and every instance runs the timer; a claim row decides which ONE writes each day's.
 */

export const BACKUP_HOUR = "04:00";
const CLAIM_KEY = `${SCHEDULE_SETTING_PREFIX}claim`;
const STATUS_KEY = `${SCHEDULE_SETTING_PREFIX}status`;
/** A scheduled backup's name: its UTC time, so names sort by age. */
const FILE_NAME = /^backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.zip$/;

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * Which backup an instant belongs to: the venue's day whose 04:00 has passed (before 04:00 it is
 * still the previous day's), or with BACKUP_TEST_EVERY_SECONDS the current interval.
 */
export function backupSlot(now: Date, timeZone: string, everySeconds?: number): string {
  if (everySeconds) return `every-${everySeconds}s-${Math.floor(now.getTime() / (everySeconds * 1000))}`;
  const today = venueDay(now, timeZone);
  const day = now >= atVenueTime(today, BACKUP_HOUR, timeZone) ? today : venueDay(atVenueTime(today, BACKUP_HOUR, timeZone, -1), timeZone);
  return `${day.year}-${pad(day.month)}-${pad(day.day)}`;
}

/**
 * Takes the slot for this process when no one has: one transaction reads the claim and writes the
 * new one (writing transactions run one at a time on both engines, app/infra/db.server.ts), so of
 * every process and instance exactly one gets each slot.
 */
async function claim(slot: string): Promise<boolean> {
  // Most looks find the slot taken: a plain read answers them without taking the write lock.
  const seen = await db().selectFrom("site_settings").select("value").where("key", "=", CLAIM_KEY).executeTakeFirst();
  if (seen?.value === slot) return false;
  return db()
    .transaction()
    .execute(async (trx) => {
      const row = await trx.selectFrom("site_settings").select("value").where("key", "=", CLAIM_KEY).executeTakeFirst();
      if (row?.value === slot) return false;
      const updated_at = new Date().toISOString();
      await trx
        .insertInto("site_settings")
        .values({ key: CLAIM_KEY, value: slot, updated_at })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value: slot, updated_at }))
        .execute();
      return true;
    });
}

/** The last scheduled backup's outcome, shared by every process (a settings row). */
export interface BackupStatus {
  ok: boolean;
  at: string;
  file?: string;
  size?: number;
  error?: string;
}

async function recordStatus(status: BackupStatus): Promise<void> {
  const value = JSON.stringify(status);
  await db()
    .insertInto("site_settings")
    .values({ key: STATUS_KEY, value, updated_at: status.at })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: status.at }))
    .execute();
}

/** The last scheduled backup's outcome, or null when none has run (or BACKUP_DIR is unset). */
export async function lastBackupStatus(): Promise<BackupStatus | null> {
  if (!config().BACKUP_DIR) return null;
  const row = await db().selectFrom("site_settings").select("value").where("key", "=", STATUS_KEY).executeTakeFirst();
  if (!row) return null;
  try {
    return JSON.parse(row.value) as BackupStatus;
  } catch {
    return null;
  }
}

export interface StoredBackup {
  name: string;
  size: number;
  createdAt: string;
}

const createdAtOf = (name: string) => {
  const m = FILE_NAME.exec(name);
  return m ? `${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z` : null;
};

/** The scheduled backups in BACKUP_DIR, newest first (none when it is unset or not made yet). */
export async function listBackups(): Promise<StoredBackup[]> {
  const dir = config().BACKUP_DIR;
  if (!dir) return [];
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const out: StoredBackup[] = [];
  for (const name of names) {
    const createdAt = createdAtOf(name);
    if (!createdAt) continue;
    const stat = await fs.stat(path.join(dir, name)).catch(() => null);
    if (stat?.isFile()) out.push({ name, size: stat.size, createdAt });
  }
  return out.sort((a, b) => b.name.localeCompare(a.name));
}

/** The path of a scheduled backup by its listed name, or null (any other name, or gone). */
export async function backupFilePath(name: string): Promise<string | null> {
  const dir = config().BACKUP_DIR;
  if (!dir || !FILE_NAME.test(name)) return null;
  const full = path.join(path.resolve(dir), name);
  const stat = await fs.stat(full).catch(() => null);
  return stat?.isFile() ? full : null;
}

/** Removes the oldest scheduled backups past `keep`; returns the names removed. */
export async function pruneBackups(keep: number): Promise<string[]> {
  const dir = config().BACKUP_DIR;
  if (!dir) return [];
  const old = (await listBackups()).slice(keep);
  for (const backup of old) await fs.rm(path.join(dir, backup.name), { force: true });
  return old.map((b) => b.name);
}

export type ScheduledRun = { ran: false; reason: "off" | "taken" } | { ran: true; status: BackupStatus };

/**
 * Writes the backup the current slot is owed, when this process claims it: into BACKUP_DIR under a
 * temporary name then renamed, then prunes past BACKUP_KEEP. A failure is recorded (the screen and
 * /healthz show it) and the next slot tries again. `now` is injectable for the tests.
 */
export async function runScheduledBackup(now: Date = new Date()): Promise<ScheduledRun> {
  const cfg = config();
  if (!cfg.BACKUP_DIR) return { ran: false, reason: "off" };
  const { timeZone } = await weddingDates();
  if (!(await claim(backupSlot(now, timeZone, cfg.BACKUP_TEST_EVERY_SECONDS)))) return { ran: false, reason: "taken" };
  const at = new Date().toISOString();
  let status: BackupStatus;
  try {
    await fs.mkdir(cfg.BACKUP_DIR, { recursive: true });
    const name = `backup-${at.replace(/:/g, "-").replace(".", "-")}.zip`;
    const size = await writeBackupFile(path.join(cfg.BACKUP_DIR, name));
    await pruneBackups(cfg.BACKUP_KEEP);
    status = { ok: true, at, file: name, size };
  } catch (error) {
    console.error("backup: the scheduled backup failed", error);
    status = { ok: false, at, error: error instanceof Error ? error.message : String(error) };
  }
  await recordStatus(status);
  return { ran: true, status };
}

let timer: NodeJS.Timeout | undefined;
let running = false;

/**
 * Starts this process's backup timer (a no-op without BACKUP_DIR): it looks once a minute (with
 * BACKUP_TEST_EVERY_SECONDS, that often) whether the slot's backup is owed. The first look waits a
 * few seconds after start, and a day whose 04:00 passed while the site was down gets its backup then.
 */
export function startBackupSchedule(): void {
  const cfg = config();
  if (!cfg.BACKUP_DIR || timer) return;
  const every = cfg.BACKUP_TEST_EVERY_SECONDS ? cfg.BACKUP_TEST_EVERY_SECONDS * 1000 : 60_000;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await runScheduledBackup();
    } catch (error) {
      console.error("backup: the schedule could not run", error);
    } finally {
      running = false;
    }
  };
  setTimeout(() => void tick(), Math.min(every, 5_000)).unref();
  timer = setInterval(() => void tick(), every);
  timer.unref();
}
