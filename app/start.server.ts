import { config, type Config } from "~/infra/config.server";
import { db, exclusively, migrateToLatest } from "~/infra/db.server";
import { sessionSecret, setupPending, startSetup } from "~/infra/secrets.server";
import { siteMediaKeys } from "~/models/content-media.server";
import { namedStoredKeys } from "~/models/gallery.server";
import { seedDemoData } from "~/models/seed.server";
import { setAsideOrphanFiles, storage } from "~/infra/storage.server";
import { isWorkerTag } from "~/infra/worker-tag.server";
import { startSender } from "~/models/outbox-sender.server";
import { weddingDates } from "~/models/content-dates.server";
import { restoreBackup, type RestoreResult } from "~/models/backup.server";
import { startBackupSchedule } from "~/models/backup-schedule.server";

/**
 * Runs once when the server starts (server.mjs calls it before listening):
 * validates the configuration, migrates, seeds an empty database, sets aside upload files
 * left by a crash, and prints what a newcomer needs (the one-time setup link while no admin
 * password exists, the demo codes). Returns the
 * validated configuration, which server.mjs reads too (port, host, proxy, page cache).
 */
export async function boot(log: (line: string) => void = console.log): Promise<Config> {
  const cfg = config(); // throws, naming the bad variable, before anything else happens
  // Several instances may start at once on one PostgreSQL database: one migrates and seeds at a time.
  // What a person must read on the first start (the setup link, the demo codes) is printed
  // as one block with a heading and blank lines around it, so it stands out of the start's log.
  const notice: string[] = [];
  // Several instances may start at once on one PostgreSQL database: one migrates and seeds at a time.
  await exclusively(db(), async () => {
    await migrateToLatest(db());
    sessionSecret();
    // No admin password yet: the couple chooses it in the browser, at a link only this start's log
    // shows (a new one at each start until setup is done). Demo data waits for their choice there.
    const setupToken = startSetup();
    if (setupToken) {
      const host = cfg.HOST === "0.0.0.0" || cfg.HOST === "::" ? "localhost" : cfg.HOST;
      notice.push(
        "Set up your site (names, dates, the admin password) at this one-time link, which works until setup is done",
        "(a new link is printed at each start until then; set ADMIN_PASSWORD to skip setup):",
        `  ${(cfg.PUBLIC_URL ?? `http://${host}:${cfg.PORT}`).replace(/\/$/, "")}/setup?token=${setupToken}`,
      );
    }
    if (cfg.SEED_DEMO_DATA && !setupToken) {
      const seeded = await seedDemoData();
      if (seeded) {
        if (notice.length) notice.push("");
        notice.push("Demo data created. Invitation codes (try them at /confirm):");
        for (const i of seeded.invitations) notice.push(`  ${i.code}  ${i.primaryGuest} (${i.maxGuests} ${i.maxGuests === 1 ? "seat" : "seats"})`);
        notice.push(`  and ${seeded.sections} gallery sections.`);
      }
    }
  });
  if (notice.length) {
    const heading = "==== First start: keep this ====";
    for (const line of ["", heading, ...notice, "=".repeat(heading.length), ""]) log(line);
  }
  const named = await namedStoredKeys();
  for (const key of await siteMediaKeys()) named.add(key);
  try {
    const orphans = await setAsideOrphanFiles((key) => named.has(key));
    if (orphans.moved) log(`Moved ${orphans.moved} uploaded file(s) that no photo row names to ${orphans.to}`);
  } catch (error) {
    // Invitations and answers do not need the photos' store: the site starts, says why photos
    // will fail, and /healthz reports the store until it answers.
    const where = cfg.STORAGE === "s3" ? `the bucket "${cfg.S3_BUCKET}"${cfg.S3_ENDPOINT ? ` at ${cfg.S3_ENDPOINT}` : ""}` : `UPLOADS_DIR (${cfg.UPLOADS_DIR})`;
    const hint = cfg.STORAGE === "s3" ? " Check S3_BUCKET, S3_ENDPOINT, S3_REGION and the credentials." : "";
    log(
      `Warning: the photo store, ${where}, could not be read at start: ${error instanceof Error ? error.message : error}.${hint} Photos cannot be stored or shown until it answers.`,
    );
  }
  // The deadline the site follows: RSVP_DEADLINE when set, else the one saved in 'Contenido'.
  // While setup is pending the couple has not chosen their dates yet (setup asks for them), so a
  // passed placeholder deadline is no news, and the note would only crowd the setup link.
  const dates = await weddingDates();
  if (!setupPending() && Date.now() > Date.parse(dates.rsvpDeadline)) {
    const source = dates.setBy.rsvpDeadline ? `RSVP_DEADLINE=${dates.rsvpDeadline}` : `${dates.rsvpDeadline}, Contenido › Pareja y fechas in the admin panel`;
    log(`Note: the RSVP deadline (${source}) has passed, so /confirm shows the closed view.`);
  }
  // The cluster's boot process ends right after this; its workers each start their own sender.
  if (process.env.WEDDING_WORKER_ROLE !== "boot") {
    startSender();
    startBackupSchedule();
  }
  return cfg;
}

/**
 * What each worker of the cluster does before it serves (server/primary.mjs ran boot() once in a
 * process of its own first): read the configuration and the secrets boot() made. Nothing is
 * migrated, seeded, swept or printed again, and no worker writes .secrets.json (a replacement only
 * removes the temporary files of the worker it replaces: sweepDeadWorkers). Each starts the
 * outbox's sender (app/models/outbox-sender.server.ts) when e-mail or a webhook is configured.
 */
export function workerStart(): Config {
  const cfg = config();
  sessionSecret();
  void sweepDeadWorkers((process.env.WEDDING_SWEEP_TAGS ?? "").split(",").filter(isWorkerTag));
  // Each worker sends from the shared outbox; the claims keep them from sending one message twice.
  startSender();
  // Every worker looks at the schedule; the claim row lets one of them write each day's backup.
  startBackupSchedule();
  return cfg;
}

/**
 * `npm run restore -- <file>` (scripts/restore.mjs): brings the database to the latest schema, then
 * restores the backup into it (refused, changing nothing, when the archive is not whole or the site
 * has data). Run with the site stopped: a running site keeps its old secrets until it restarts.
 */
export async function restoreFromFile(file: string): Promise<RestoreResult> {
  config();
  await exclusively(db(), () => migrateToLatest(db()));
  return restoreBackup(file);
}

/** The message a worker sends its primary once the dead workers' temporary files are gone (server/cluster-mode.mjs: MESSAGES.tempSwept). */
const TEMP_SWEPT = "wedding:temp-swept";

/**
 * A worker that replaces dead ones (server/primary.mjs passes their tags in WEDDING_SWEEP_TAGS)
 * removes the temporary files they were writing when they died (an upload cut off by a crash),
 * then tells the primary, which stops asking. A failure is logged: the next full start sweeps.
 */
export async function sweepDeadWorkers(tags: string[]): Promise<void> {
  if (tags.length === 0) return;
  try {
    let removed = 0;
    for (const tag of tags) removed += await storage().removeTempFiles(tag);
    if (removed) console.log(`Removed ${removed} temporary upload file(s) left by a worker that ended mid-upload`);
    process.send?.({ type: TEMP_SWEPT, tags });
  } catch (error) {
    console.error("could not remove the temporary files of a worker that ended", error);
  }
}
