#!/usr/bin/env node
// npm run backup [-- <folder>]
// Writes a consistent snapshot of the SQLite database (SQLite's online backup: safe while the
// site is running), the generated secrets beside it and a copy of the uploaded photos to
// backups/<timestamp>/ (or <folder>). With STORAGE=s3 the photos are copied from the bucket.
// Restore: see README "Backups".
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

if (fs.existsSync(".env")) process.loadEnvFile(".env");

const databasePath = process.env.DATABASE_PATH || "db/data/wedding.sqlite";
const uploadsDir = process.env.UPLOADS_DIR || "uploads";
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const target = path.resolve(process.argv[2] || path.join("backups", stamp));

if (!fs.existsSync(databasePath)) {
  console.error(`No database at ${databasePath} (set DATABASE_PATH).`);
  process.exit(1);
}
fs.mkdirSync(target, { recursive: true });

const source = new Database(databasePath, { readonly: true, fileMustExist: true });
const databaseCopy = path.join(target, "wedding.sqlite");
await source.backup(databaseCopy);
source.close();

// The generated session secret and admin password hash live beside the database; without them a
// restored site would log everyone out and forget a generated admin password.
const secretsPath = path.join(path.dirname(path.resolve(databasePath)), ".secrets.json");
const hasSecrets = fs.existsSync(secretsPath);
if (hasSecrets) fs.copyFileSync(secretsPath, path.join(target, ".secrets.json"));

// Photos are written once and never changed, so a plain copy after the database snapshot holds
// every file the snapshot refers to. From a bucket (STORAGE=s3) the objects are copied into the
// same uploads/ layout, so a backup restores to the local folder or to any bucket alike.
let files = 0;
let photosFrom = uploadsDir;
if (process.env.STORAGE === "s3") {
  const s3 = await import("./lib/backup-bucket.mjs");
  const copied = await s3.copyBucket(process.env, path.join(target, "uploads"));
  files = copied.files;
  photosFrom = copied.from;
} else if (fs.existsSync(uploadsDir)) {
  fs.cpSync(uploadsDir, path.join(target, "uploads"), {
    recursive: true,
    filter: (src) => {
      if (fs.statSync(src).isFile()) {
        if (src.endsWith(".tmp")) return false;
        files++;
      }
      return true;
    },
  });
}

const check = new Database(databaseCopy, { readonly: true });
const integrity = check.pragma("integrity_check", { simple: true });
const counts = {
  invitations: check.prepare("SELECT count(*) AS n FROM invitations").get().n,
  guests: check.prepare("SELECT count(*) AS n FROM guests").get().n,
  sections: check.prepare("SELECT count(*) AS n FROM gallery_sections").get().n,
  media: check.prepare("SELECT count(*) AS n FROM media").get().n,
};
check.close();
if (integrity !== "ok") {
  console.error(`Backup written to ${target} but its integrity check said: ${integrity}`);
  process.exit(1);
}
console.log(`Backup written to ${target}`);
console.log(`  database: ${counts.invitations} invitations, ${counts.guests} guests, ${counts.sections} sections, ${counts.media} photos`);
console.log(`  uploads:  ${files} files (from ${photosFrom})`);
if (hasSecrets) console.log("  secrets:  .secrets.json (keep this folder private)");
