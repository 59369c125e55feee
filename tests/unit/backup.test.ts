import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmInvitation, createInvitation, findInvitationByCode } from "~/models/invitations.server";
import { db, migrateToLatest, openDatabase, setDatabaseForTests } from "~/infra/db.server";
import { createPgDatabase, onPostgres } from "./helpers/engine";

import { startS3Server, type S3TestServer } from "../helpers/s3-server";
import { useTestDatabase } from "./helpers/test-db";
import { pgBinDir } from "../helpers/pg-cluster";

describe("npm run backup", () => {
  const paths = useTestDatabase({ RSVP_DEADLINE: "2030-12-17T23:59:59-05:00" }, { sqliteOnly: "this is the SQLite file's snapshot; pg_dump's is below" });

  it("snapshots the live database and the uploads, and a fresh instance restored from it finds the data", async () => {
    const created = await createInvitation({ primaryGuest: "Ana", maxGuests: 2 });
    if (!created.ok) throw new Error(created.error);
    await confirmInvitation(created.invitation.code, ["Luis"]);
    fs.mkdirSync(path.join(paths.uploads, "1"), { recursive: true });
    fs.writeFileSync(path.join(paths.uploads, "1", "photo.jpg"), Buffer.from("jpeg bytes"));

    const secrets = path.join(path.dirname(paths.database), ".secrets.json");
    fs.writeFileSync(secrets, JSON.stringify({ sessionSecret: "kept-across-restore" }));

    const target = path.join(paths.dir, "backup");
    const output = execFileSync(process.execPath, ["scripts/backup.mjs", target], {
      env: { ...process.env, DATABASE_PATH: paths.database, UPLOADS_DIR: paths.uploads },
      encoding: "utf8",
    });
    expect(output).toContain("1 invitations, 2 guests");
    expect(JSON.parse(fs.readFileSync(path.join(target, ".secrets.json"), "utf8")).sessionSecret).toBe("kept-across-restore");

    // Restore into a fresh instance: copy the snapshot where a new server would read it.
    const restoredDir = path.join(paths.dir, "restored");
    fs.mkdirSync(restoredDir);
    fs.copyFileSync(path.join(target, "wedding.sqlite"), path.join(restoredDir, "wedding.sqlite"));
    fs.cpSync(path.join(target, "uploads"), path.join(restoredDir, "uploads"), { recursive: true });
    await db().destroy();
    const restored = openDatabase(path.join(restoredDir, "wedding.sqlite"));
    await migrateToLatest(restored);
    setDatabaseForTests(restored);

    const found = await findInvitationByCode(created.invitation.code);
    expect(found?.confirmed).toBe(true);
    expect(found?.guests.map((g) => g.fullName)).toEqual(["Ana", "Luis"]);
    expect(fs.readFileSync(path.join(restoredDir, "uploads", "1", "photo.jpg"), "utf8")).toBe("jpeg bytes");
  });
});

// The PostgreSQL run (npm run test:unit:pg) has a cluster to dump; the SQLite run has none to start.
if (onPostgres) {
  describe("npm run backup with DATABASE_URL", () => {
    const paths = useTestDatabase({ RSVP_DEADLINE: "2030-12-17T23:59:59-05:00" });

    it("writes a pg_dump that pg_restore brings back into an empty database, with the uploads", async () => {
      const created = await createInvitation({ primaryGuest: "Ana", maxGuests: 2 });
      if (!created.ok) throw new Error(created.error);
      await confirmInvitation(created.invitation.code, ["Luis"]);
      fs.mkdirSync(path.join(paths.uploads, "1"), { recursive: true });
      fs.writeFileSync(path.join(paths.uploads, "1", "photo.jpg"), Buffer.from("jpeg bytes"));

      const target = path.join(paths.dir, "backup");
      const output = execFileSync(process.execPath, ["scripts/backup.mjs", target], { env: process.env, encoding: "utf8" });
      expect(output).toContain("wedding.dump");
      expect(output).toContain("uploads:  1 files");

      // Restore as the README says: pg_restore into a new, empty database.
      const fresh = await createPgDatabase({ migrated: false });
      try {
        execFileSync(path.join(pgBinDir(), "pg_restore"), [
          "--no-owner",
          "--no-acl",
          "--exit-on-error",
          "--dbname",
          fresh.url,
          path.join(target, "wedding.dump"),
        ]);
        await db().destroy();
        const restored = openDatabase(fresh.url);
        setDatabaseForTests(restored);
        // Nothing left to migrate, and the answer is there.
        await migrateToLatest(restored);
        const found = await findInvitationByCode(created.invitation.code);
        expect(found?.confirmed).toBe(true);
        expect(found?.guests.map((g) => g.fullName)).toEqual(["Ana", "Luis"]);
        // The identity sequences came back too: a new invitation does not collide with a restored id.
        const next = await createInvitation({ primaryGuest: "Eva", maxGuests: 1 });
        expect(next.ok && next.invitation.id).toBeGreaterThan(created.invitation.id);
        expect(fs.readFileSync(path.join(target, "uploads", "1", "photo.jpg"), "utf8")).toBe("jpeg bytes");
      } finally {
        await db().destroy();
        setDatabaseForTests(openDatabase(process.env.DATABASE_URL!));
        await fresh.drop();
      }
    });
  });
}

describe("npm run backup with STORAGE=s3", () => {
  const paths = useTestDatabase();
  let s3: S3TestServer;
  beforeAll(async () => {
    s3 = await startS3Server({ bucket: "backup-bucket" });
  });
  afterAll(async () => {
    await s3.stop();
  });

  it("copies every object of the bucket into uploads/, the local folder's layout", async () => {
    const objects = { "1/photo.jpg": "jpeg bytes", "1/photo-thumb.jpg": "thumb", "12/other.png": "png bytes" };
    for (const [key, body] of Object.entries(objects)) await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: body }));
    const target = path.join(paths.dir, "backup");
    // Not execFileSync: the S3 server answers from this process.
    const { stdout } = await promisify(execFile)(process.execPath, ["scripts/backup.mjs", target], {
      env: { ...process.env, DATABASE_PATH: paths.database, UPLOADS_DIR: paths.uploads, ...s3.env },
      encoding: "utf8",
    });
    expect(stdout).toContain("uploads:  3 files (from s3://backup-bucket)");
    for (const [key, body] of Object.entries(objects)) expect(fs.readFileSync(path.join(target, "uploads", key), "utf8")).toBe(body);
    expect(fs.existsSync(path.join(paths.uploads))).toBe(false); // nothing read from or written to the local folder
  });
});
