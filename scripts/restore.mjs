#!/usr/bin/env node
// @ts-check
// npm run restore -- <backup.zip>
// Restores a backup made by 'Copia de seguridad' (/admin/backups) or the daily schedule
// (BACKUP_DIR) into this site: the database named by DATABASE_URL or DATABASE_PATH, the photo
// store named by STORAGE (UPLOADS_DIR or the S3 bucket) and the secrets file beside DATABASE_PATH,
// whichever engine and store the backup came from (decision 0051). The archive is checked whole
// first; a cut or altered archive, or a site that already has data, is refused and nothing changes.
// Uses the built server (npm run build), the same code the site runs. Stop the site first, or
// restart it after: a running site keeps the secrets it read at start.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

if (fs.existsSync(".env")) process.loadEnvFile(".env");
process.env.NODE_ENV ??= "production";

const file = process.argv[2];
if (!file) {
  console.error("Usage: npm run restore -- <backup.zip>");
  process.exit(2);
}
if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
  console.error(`No backup file at ${file}`);
  process.exit(2);
}
const buildFile = path.resolve("build", "server", "index.js");
if (!fs.existsSync(buildFile)) {
  console.error("The site is not built yet: run npm run build first.");
  process.exit(2);
}

/** @typedef {import("@remix-run/node").ServerBuild & { entry: { module: typeof import("../app/entry.server") } }} AppBuild */
const build = /** @type {AppBuild} */ (await import(pathToFileURL(buildFile).href));
try {
  const result = await build.entry.module.restoreFromFile(path.resolve(file));
  if (!result.ok) {
    console.error(`Not restored (${result.error}): ${result.detail}. Nothing was changed.`);
    process.exit(1);
  }
  const rows = Object.entries(result.tables)
    .map(([table, n]) => `${n} ${table}`)
    .join(", ");
  console.log(`Restored the backup of ${result.createdAt} (schema ${result.schemaVersion}).`);
  console.log(`  data:  ${rows}`);
  console.log(`  files: ${result.files}`);
  console.log("Start the site (or restart it) and sign in at /admin with the restored site's admin password.");
  process.exit(0);
} catch (error) {
  console.error(`The restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
