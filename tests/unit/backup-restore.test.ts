import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { parseConfig, resetConfigForTests } from "~/infra/config.server";
import { migrateToLatest, openDatabase, setDatabaseForTests, type DB } from "~/infra/db.server";
import { checkAdminPassword, resetSecretsForTests, setupPending, startSetup, storedSecrets, verifySetupToken } from "~/infra/secrets.server";
import { setStorageForTests, type Storage } from "~/infra/storage.server";
import { LocalStorage } from "~/infra/storage-local.server";
import { S3Storage } from "~/infra/storage-s3.server";
import { BACKUP_TABLES, restoreBackup, TABLES_LEFT_OUT, writeBackupFile } from "~/models/backup.server";
import { saveContentSection } from "~/models/content-store.server";
import { defaultContent } from "~/models/content-defaults.server";
import { createSection } from "~/models/gallery.server";
import { confirmInvitation, createInvitation, findInvitationByCode } from "~/models/invitations.server";
import { enqueue, suppressEmail } from "~/models/outbox.server";
import { seedDemoData } from "~/models/seed.server";
import { checkDoorKey, setDoorKey } from "~/models/door.server";
import { addWish } from "~/models/wishes.server";
import { startS3Server, type S3TestServer } from "../helpers/s3-server";
import { createPgDatabase, onPostgres } from "./helpers/engine";
import { variantNames } from "~/lib/thumbnail-variants";
import { listKeys, readKey } from "./helpers/storage";

/**
 * A backup is one archive of the data (portable rows), the secrets and every stored file; it
 * restores into a new site on either engine and either store, and a restore that is refused
 * changes nothing.
 */

interface Site {
  database: DB;
  store: Storage;
  dir: string;
  close(): Promise<void>;
}

const sites: Site[] = [];
let s3: S3TestServer | undefined;
let buckets = 0;
const saved = { DATABASE_PATH: process.env.DATABASE_PATH, ADMIN_PASSWORD: process.env.ADMIN_PASSWORD, RSVP_DEADLINE: process.env.RSVP_DEADLINE };

async function openSite(engine: "sqlite" | "postgres", store: "local" | "s3"): Promise<Site> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wedding-backup-site-"));
  let drop: (() => Promise<void>) | undefined;
  let database: DB;
  if (engine === "postgres") {
    const created = await createPgDatabase({ migrated: true });
    drop = created.drop;
    database = openDatabase(created.url);
  } else {
    database = openDatabase(path.join(dir, "wedding.sqlite"));
    await migrateToLatest(database);
  }
  let storage: Storage;
  if (store === "s3") {
    s3 ??= await startS3Server();
    const bucket = `backup-restore-${++buckets}`;
    await s3.createBucket(bucket);
    storage = new S3Storage(parseConfig({ ...s3.env, S3_BUCKET: bucket }));
  } else {
    storage = new LocalStorage(path.join(dir, "uploads"));
  }
  const site: Site = {
    database,
    store: storage,
    dir,
    async close() {
      await database.destroy();
      await drop?.();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  sites.push(site);
  return site;
}

/** Points the app (db(), storage(), the secrets file beside DATABASE_PATH) at a site. */
function use(site: Site) {
  process.env.DATABASE_PATH = path.join(site.dir, "wedding.sqlite");
  process.env.ADMIN_PASSWORD = "test-admin-password";
  process.env.RSVP_DEADLINE = "2030-12-17T23:59:59-05:00";
  resetConfigForTests();
  resetSecretsForTests();
  setDatabaseForTests(site.database);
  setStorageForTests(site.store);
}

afterEach(async () => {
  setDatabaseForTests(undefined);
  setStorageForTests(undefined);
  for (const site of sites.splice(0)) await site.close();
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetConfigForTests();
  resetSecretsForTests();
});
afterAll(async () => {
  await s3?.stop();
});

/** A site with one of everything a backup carries; returns the answered invitation's code. */
async function fill(site: Site): Promise<string> {
  use(site);
  fs.writeFileSync(path.join(site.dir, ".secrets.json"), JSON.stringify({ sessionSecret: "restored-session-secret-0123", adminPasswordHash: "aa:bb" }));
  resetSecretsForTests();
  const created = await createInvitation({ primaryGuest: "Ana García Backup", maxGuests: 3 });
  if (!created.ok) throw new Error(created.error);
  const answered = await confirmInvitation(created.invitation.code, ["Luis Pérez"], new Date(), {
    message: "¡Allí estaremos! ✨",
    primaryDietary: "vegetariana",
  });
  expect(answered.ok).toBe(true);
  await createInvitation({ primaryGuest: "Familia Sin Responder", maxGuests: 2 });
  const section = await createSection({ name: "Fiesta", review_uploads: true });
  if (!section.ok) throw new Error("section");
  const key = `${section.section.id}/1764000000000-abcdef.jpg`;
  await site.store.put(key, Buffer.from("photo bytes \u00ff"), "image/jpeg");
  // Its thumbnail and the thumbnail's AVIF and WebP copies (decision 0066): every stored file is carried.
  const thumb = key.replace(".jpg", "-thumb.jpg");
  await site.store.put(thumb, Buffer.from("thumb bytes"), "image/jpeg");
  for (const copy of variantNames(thumb, "240")) await site.store.put(copy, Buffer.from(`bytes of ${copy}`), `image/${copy.split(".").pop()}`);
  await site.store.put("0/1764000000001-site.mp3", Buffer.from("music bytes"), "audio/mpeg");
  await site.database
    .insertInto("media")
    .values({
      section_id: section.section.id,
      type: "IMAGE",
      file_path: key,
      public_url: site.store.url(key),
      thumbnail_path: thumb,
      thumbnail_url: site.store.url(thumb),
      variant_widths: "240",
      name: "foto.jpg",
      size: 13,
      width: 10,
      height: 20,
      status: "pending",
      uploader_name: "Tía Rosa",
    })
    .execute();
  await addWish({ name: "Marta", message: "Felicidades" });
  const couple = defaultContent().couple;
  await saveContentSection("couple", { ...couple, timeZone: "Europe/Madrid" });
  await enqueue([{ kind: "answer", channel: "webhook", recipient: "https://example.com/hook", language: "es", payload: { code: created.invitation.code } }]);
  await suppressEmail("nadie@example.com");
  return created.invitation.code;
}

/** Every backed-up table's rows, in key order, as the app reads them (numbers as numbers). */
async function tablesOf(database: DB) {
  const out: Record<string, unknown[]> = {};
  for (const table of BACKUP_TABLES) {
    const rows = (await database.selectFrom(table.name).selectAll().execute()) as Record<string, unknown>[];
    out[table.name] = rows
      .map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === "string" && /^\d+$/.test(v) && k !== "code" ? Number(v) : v])))
      .sort((a, b) => {
        const keyOf = (row: Record<string, unknown>) => (typeof table.key === "string" ? [table.key] : table.key).map((k) => String(row[k])).join("/");
        return keyOf(a).localeCompare(keyOf(b), "en", { numeric: true });
      });
  }
  return out;
}

async function filesOf(store: Storage) {
  const out: Record<string, string> = {};
  for (const key of await listKeys(store)) out[key] = (await readKey(store, key))!.toString("base64");
  return out;
}

async function roundTrip(from: { engine: "sqlite" | "postgres"; store: "local" | "s3" }, to: { engine: "sqlite" | "postgres"; store: "local" | "s3" }) {
  const source = await openSite(from.engine, from.store);
  const code = await fill(source);
  const archive = path.join(source.dir, "copia.zip");
  await writeBackupFile(archive);
  const expectedTables = await tablesOf(source.database);
  const expectedFiles = await filesOf(source.store);

  const target = await openSite(to.engine, to.store);
  use(target);
  const result = await restoreBackup(archive);
  expect(result).toMatchObject({ ok: true, files: 5 });
  expect(await tablesOf(target.database)).toEqual(expectedTables);
  expect(await filesOf(target.store)).toEqual(expectedFiles);
  expect(storedSecrets()).toEqual({ sessionSecret: "restored-session-secret-0123", adminPasswordHash: "aa:bb" });
  const found = await findInvitationByCode(code);
  expect(found?.guests.map((g) => g.fullName)).toEqual(["Ana García Backup", "Luis Pérez"]);
  // The ids go on after the restored ones (PostgreSQL's sequences moved past them).
  const next = await createInvitation({ primaryGuest: "Después", maxGuests: 1 });
  expect(next.ok && next.invitation.id).toBeGreaterThan(Math.max(...expectedTables.invitations.map((i) => (i as { id: number }).id)));
  return { archive, target };
}

const engine = onPostgres ? "postgres" : "sqlite";

describe("backup and restore", () => {
  it("carries every table of the schema but the sessions and rate limits (a new table must be added to the backup)", async () => {
    const site = await openSite(engine, "local");
    const tables = (await site.database.introspection.getTables()).map((t) => t.name).filter((name) => !name.startsWith("kysely_"));
    const carried: string[] = BACKUP_TABLES.map((t) => t.name);
    expect(tables.filter((name) => !carried.includes(name) && !(TABLES_LEFT_OUT as readonly string[]).includes(name))).toEqual([]);
  });
  it(`round trip ${engine} → archive → a fresh ${engine} site: every table, file and secret equal`, async () => {
    await roundTrip({ engine, store: "local" }, { engine, store: "local" });
  });

  it("refuses a truncated archive and one with one byte altered, writing nothing", async () => {
    const source = await openSite(engine, "local");
    await fill(source);
    const archive = path.join(source.dir, "copia.zip");
    await writeBackupFile(archive);
    const bytes = fs.readFileSync(archive);

    const target = await openSite(engine, "local");
    use(target);
    const before = await tablesOf(target.database);

    const truncated = path.join(target.dir, "cut.zip");
    fs.writeFileSync(truncated, bytes.subarray(0, bytes.length - 200));
    expect(await restoreBackup(truncated)).toMatchObject({ ok: false, error: "unreadable" });

    const altered = Buffer.from(bytes);
    const at = altered.indexOf(Buffer.from("photo bytes"));
    expect(at).toBeGreaterThan(0);
    altered[at + 3] ^= 0x20;
    const alteredFile = path.join(target.dir, "altered.zip");
    fs.writeFileSync(alteredFile, altered);
    expect(await restoreBackup(alteredFile)).toMatchObject({ ok: false, error: "altered" });

    // A byte of the rows altered (a guest's name) is refused too.
    const rowAltered = Buffer.from(bytes);
    const name = rowAltered.indexOf(Buffer.from("Luis P"));
    rowAltered[name] = "M".charCodeAt(0);
    const rowFile = path.join(target.dir, "rows.zip");
    fs.writeFileSync(rowFile, rowAltered);
    expect(await restoreBackup(rowFile)).toMatchObject({ ok: false, error: "altered" });

    expect(await tablesOf(target.database)).toEqual(before);
    expect(await listKeys(target.store)).toEqual([]);
    expect(storedSecrets()).toEqual({});
  });

  it("refuses to restore into a site that has data, changing nothing", async () => {
    const source = await openSite(engine, "local");
    await fill(source);
    const archive = path.join(source.dir, "copia.zip");
    await writeBackupFile(archive);

    const target = await openSite(engine, "local");
    use(target);
    await addWish({ name: "Alguien", message: "Ya hay datos" });
    const before = await tablesOf(target.database);
    const result = await restoreBackup(archive);
    expect(result).toMatchObject({ ok: false, error: "siteHasData" });
    expect(!result.ok && result.detail).toContain("wishes: 1,");
    expect(await tablesOf(target.database)).toEqual(before);
    expect(await listKeys(target.store)).toEqual([]);
  });

  it("restores into a new site that holds only the seeded demo invitations and sections, which it replaces; an answered demo invitation, or an own one named like a demo guest, is data", async () => {
    const source = await openSite(engine, "local");
    const code = await fill(source);
    const archive = path.join(source.dir, "copia.zip");
    await writeBackupFile(archive);
    const expected = await tablesOf(source.database);

    const seeded = await openSite(engine, "local");
    use(seeded);
    const demo = await seedDemoData();
    expect(demo?.invitations).toHaveLength(3);
    expect(await restoreBackup(archive)).toMatchObject({ ok: true });
    expect(await tablesOf(seeded.database)).toEqual(expected);
    expect(await findInvitationByCode(demo!.invitations[0].code)).toBeNull();
    expect((await findInvitationByCode(code))?.primaryGuest).toBe("Ana García Backup");

    const answered = await openSite(engine, "local");
    use(answered);
    const again = await seedDemoData();
    await confirmInvitation(again!.invitations[0].code, []);
    expect(await restoreBackup(archive)).toMatchObject({ ok: false, error: "siteHasData" });

    // The demo mark decides, not the name: the couple's own invitation for a guest who happens to
    // be called like a demo one is theirs, and the site has data.
    const namesake = await openSite(engine, "local");
    use(namesake);
    expect(await createInvitation({ primaryGuest: "Ana García", maxGuests: 1 })).toMatchObject({ ok: true });
    const before = await tablesOf(namesake.database);
    const refused = await restoreBackup(archive);
    expect(refused).toMatchObject({ ok: false, error: "siteHasData" });
    expect(!refused.ok && refused.detail).toContain("invitations: 1,");
    expect(await tablesOf(namesake.database)).toEqual(before);
  });

  it("a backup with the admin password's hash ends a pending setup; one without leaves the setup link working", async () => {
    const pendingTarget = async () => {
      const target = await openSite(engine, "local");
      use(target);
      delete process.env.ADMIN_PASSWORD;
      resetConfigForTests();
      const token = startSetup();
      expect(setupPending()).toBe(true);
      return token!;
    };
    const withHash = await openSite(engine, "local");
    await fill(withHash);
    const archive = path.join(withHash.dir, "copia.zip");
    await writeBackupFile(archive);
    const token = await pendingTarget();
    expect(await restoreBackup(archive)).toMatchObject({ ok: true });
    expect(setupPending()).toBe(false);
    expect(verifySetupToken(token)).toBe(false);
    expect(checkAdminPassword("anything")).toBe(false);

    const withoutHash = await openSite(engine, "local");
    await fill(withoutHash);
    fs.writeFileSync(path.join(withoutHash.dir, ".secrets.json"), JSON.stringify({ sessionSecret: "only-the-session-secret" }));
    resetSecretsForTests();
    const bare = path.join(withoutHash.dir, "copia.zip");
    await writeBackupFile(bare);
    const second = await pendingTarget();
    expect(await restoreBackup(bare)).toMatchObject({ ok: true });
    expect(verifySetupToken(second)).toBe(true);
    expect(storedSecrets()).toEqual({ sessionSecret: "only-the-session-secret" });
  });

  it("carries the door key ('Clave de recepción'): the restored site's door opens with the same key", async () => {
    const source = await openSite(engine, "local");
    await fill(source);
    expect(await setDoorKey("puerta-123")).toEqual({ ok: true });
    const archive = path.join(source.dir, "copia.zip");
    await writeBackupFile(archive);
    const target = await openSite(engine, "local");
    use(target);
    expect(await checkDoorKey("puerta-123")).toBeNull();
    expect(await restoreBackup(archive)).toMatchObject({ ok: true });
    expect(await checkDoorKey("puerta-123")).not.toBeNull();
  });

  it("refuses a file that is not a backup", async () => {
    const target = await openSite(engine, "local");
    use(target);
    const file = path.join(target.dir, "not.zip");
    fs.writeFileSync(file, "just text");
    expect(await restoreBackup(file)).toMatchObject({ ok: false, error: "unreadable" });
  });
});

// Across engines needs the run's PostgreSQL cluster (npm run test:unit:pg).
if (onPostgres) {
  describe("backup and restore across engines and stores", () => {
    it("SQLite + local folder → PostgreSQL + S3 bucket → SQLite + local folder", async () => {
      const { archive: first, target: onPg } = await roundTrip({ engine: "sqlite", store: "local" }, { engine: "postgres", store: "s3" });
      expect(fs.existsSync(first)).toBe(true);
      use(onPg);
      const again = path.join(onPg.dir, "from-pg.zip");
      // The new invitation roundTrip added after restoring is data too: it must come back.
      await writeBackupFile(again);
      const expected = await tablesOf(onPg.database);
      const back = await openSite("sqlite", "local");
      use(back);
      expect(await restoreBackup(again)).toMatchObject({ ok: true, files: 5 });
      expect(await tablesOf(back.database)).toEqual(expected);
    });
  });
}
