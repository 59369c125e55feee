#!/usr/bin/env node
// @ts-check
// npm run backup [-- <folder>]
// Writes a consistent snapshot of the database to backups/<timestamp>/ (or <folder>): with
// DATABASE_URL, PostgreSQL's pg_dump in its custom format (wedding.dump, for pg_restore); else
// the SQLite file through SQLite's online backup, with the generated secrets beside it. Both are
// safe while the site is running. Then a copy of the uploaded photos (UPLOADS_DIR, or with
// STORAGE=s3 the bucket's objects, copied into the same uploads/ layout).
// Restore: see docs/deploy.md, "Backups from a shell".
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

if (fs.existsSync(".env")) process.loadEnvFile(".env");

const databaseUrl = process.env.DATABASE_URL || "";
const databasePath = process.env.DATABASE_PATH || "db/data/wedding.sqlite";
const uploadsDir = process.env.UPLOADS_DIR || "uploads";
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const target = path.resolve(process.argv[2] || path.join("backups", stamp));

/**
 * Copies the photos (written once, never changed: a copy after the database snapshot holds every
 * file it names). From a bucket (STORAGE=s3) the objects land in the same uploads/ layout, so a
 * backup restores to the local folder or to any bucket alike.
 */
async function copyUploads() {
  if (process.env.STORAGE === "s3") {
    const s3 = await import("./lib/backup-bucket.mjs");
    return s3.copyBucket(process.env, path.join(target, "uploads"));
  }
  let files = 0;
  if (fs.existsSync(uploadsDir)) {
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
  return { files, from: uploadsDir };
}

/**
 * pg_dump from PATH, else the newest of Debian's (it must be at least the server's version).
 * @param {string} name
 */
function pgTool(name) {
  const debian = "/usr/lib/postgresql";
  if (fs.existsSync(debian)) {
    const versions = fs
      .readdirSync(debian)
      .filter((v) => fs.existsSync(path.join(debian, v, "bin", name)))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(debian, versions[0], "bin", name);
  }
  return name;
}

if (/^postgres(ql)?:\/\//i.test(databaseUrl)) {
  fs.mkdirSync(target, { recursive: true });
  const dumpFile = path.join(target, "wedding.dump");
  // One transaction-consistent snapshot; --no-owner/--no-acl so it restores into any role's database.
  const dump = spawnSync(pgTool("pg_dump"), ["--format=custom", "--no-owner", "--no-acl", "--file", dumpFile, "--dbname", databaseUrl], {
    encoding: "utf8",
  });
  if (dump.error || dump.status !== 0) {
    console.error(`pg_dump failed: ${dump.error?.message ?? dump.stderr.trim()}`);
    process.exit(1);
  }
  // The dump's table of contents must read back: a truncated file fails here, not on the day it is needed.
  const list = spawnSync(pgTool("pg_restore"), ["--list", dumpFile], { encoding: "utf8" });
  const tables = ["invitations", "guests", "gallery_sections", "media"].filter((t) => new RegExp(`TABLE DATA public ${t} `).test(list.stdout));
  if (list.status !== 0 || tables.length !== 4) {
    console.error(`Backup written to ${target} but pg_restore cannot read it back: ${list.stderr.trim() || "tables missing"}`);
    process.exit(1);
  }
  const photos = await copyUploads();
  console.log(`Backup written to ${target}`);
  console.log(`  database: wedding.dump (pg_dump custom format, ${(fs.statSync(dumpFile).size / 1024).toFixed(0)} KB; restore with pg_restore)`);
  console.log(`  uploads:  ${photos.files} files (from ${photos.from})`);
  process.exit(0);
}

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

const photos = await copyUploads();

const check = new Database(databaseCopy, { readonly: true });
const integrity = check.pragma("integrity_check", { simple: true });
/** @param {string} table */
const countOf = (table) => /** @type {{ n: number }} */ (check.prepare(`SELECT count(*) AS n FROM ${table}`).get()).n;
const counts = {
  invitations: countOf("invitations"),
  guests: countOf("guests"),
  sections: countOf("gallery_sections"),
  media: countOf("media"),
};
check.close();
if (integrity !== "ok") {
  console.error(`Backup written to ${target} but its integrity check said: ${integrity}`);
  process.exit(1);
}
console.log(`Backup written to ${target}`);
console.log(`  database: ${counts.invitations} invitations, ${counts.guests} guests, ${counts.sections} sections, ${counts.media} photos`);
console.log(`  uploads:  ${photos.files} files (from ${photos.from})`);
if (hasSecrets) console.log("  secrets:  .secrets.json (keep this folder private)");
