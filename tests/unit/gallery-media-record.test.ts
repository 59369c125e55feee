import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { db, migrateToLatest, setDatabaseForTests } from "~/infra/db.server";
import { LocalStorage } from "~/infra/storage-local.server";
import { setStorageForTests, storage, type Storage } from "~/infra/storage.server";
import { createSection, deleteMedia } from "~/models/gallery.server";
import { variantNames } from "~/lib/thumbnail-variants";
import { recordStoredMedia, savePhoto } from "~/models/photos.server";
import { useScratchDatabase } from "./helpers/scratch-db";
import { readKey, storeLike } from "./helpers/storage";
import { useTestDatabase } from "./helpers/test-db";

const photo = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: "#c86" } })
    .jpeg()
    .toBuffer();

async function section() {
  const created = await createSection({ name: "Fotos", allow_upload: true, is_active: true });
  if (!created.ok) throw new Error(created.error);
  return created.section.id;
}

describe("the admin's media record takes only a fresh, unrecorded upload of the section", () => {
  const paths = useTestDatabase();

  it("refuses a photo's own file, its thumbnail, and a file another row names as thumbnail; deleting the photo then keeps nothing behind", async () => {
    const id = await section();
    const saved = await savePhoto(id, { bytes: await photo(), name: "a.jpg" });
    if (!saved.ok) throw new Error(saved.error);
    const thumb = saved.media.thumbnail_url!.replace("/uploads/", "");
    expect(await recordStoredMedia(id, { file_path: saved.media.file_path, name: "x" })).toEqual({ ok: false, error: "alreadyRecorded" });
    expect(await recordStoredMedia(id, { file_path: thumb, name: "x" })).toEqual({ ok: false, error: "fileInUse" });

    // A thumbnail whose name does not say so (recorded by an older version) is still refused.
    await storage().put(`${id}/cover.jpg`, await photo(), "image/jpeg");
    await db()
      .updateTable("media")
      .set({ thumbnail_path: `${id}/cover.jpg` })
      .where("id", "=", saved.media.id)
      .execute();
    expect(await recordStoredMedia(id, { file_path: `${id}/cover.jpg`, name: "x" })).toEqual({ ok: false, error: "alreadyRecorded" });
    expect(await db().selectFrom("media").select("id").execute()).toEqual([{ id: saved.media.id }]);
    // The thumbnail's AVIF and WebP copies are refused too.
    const { variant_widths } = await db().selectFrom("media").select("variant_widths").where("id", "=", saved.media.id).executeTakeFirstOrThrow();
    const copies = variantNames(thumb, variant_widths);
    expect(copies).toHaveLength(4);
    expect(await recordStoredMedia(id, { file_path: copies[0]!, name: "x" })).toEqual({ ok: false, error: "fileInUse" });

    // The row now names cover.jpg as its thumbnail: the old thumbnail and its copies are no one's and stay.
    await deleteMedia(saved.media.id);
    expect(fs.readdirSync(path.join(paths.uploads, String(id))).sort()).toEqual([thumb, ...copies].map((k) => k.split("/")[1]).sort());
  });

  it("refuses an upload still being saved, which then completes with its files intact", async () => {
    const id = await section();
    const local: Storage = new LocalStorage(paths.uploads);
    let attempt: Awaited<ReturnType<typeof recordStoredMedia>> | undefined;
    const store: Storage = storeLike(local, {
      put: async (key, bytes, type) => {
        await local.put(key, bytes, type);
        attempt ??= await recordStoredMedia(id, { file_path: key, name: "stolen" });
      },
    });
    setStorageForTests(store);
    try {
      const saved = await savePhoto(id, { bytes: await photo(), name: "a.jpg" });
      expect(attempt).toEqual({ ok: false, error: "fileInUse" });
      if (!saved.ok) throw new Error(saved.error);
      expect(await readKey(local, saved.media.file_path)).not.toBeNull();
      expect(await db().selectFrom("media").select("name").execute()).toEqual([{ name: "a.jpg" }]);
    } finally {
      setStorageForTests(undefined);
    }
  });

  it("records a real unrecorded file once; the database itself refuses a second row with the same file_path", async () => {
    const id = await section();
    await storage().put(`${id}/manual.jpg`, await photo(), "image/jpeg");
    const first = await recordStoredMedia(id, { file_path: `${id}/manual.jpg`, name: "Manual" });
    expect(first.ok).toBe(true);
    expect(await recordStoredMedia(id, { file_path: `${id}/manual.jpg`, name: "Manual" })).toEqual({ ok: false, error: "alreadyRecorded" });
    await expect(
      db()
        .insertInto("media")
        .values({ section_id: id, type: "IMAGE", file_path: `${id}/manual.jpg`, public_url: "/x", name: "dup", size: 1 })
        .execute(),
    ).rejects.toThrow(/UNIQUE|unique constraint/);
  });
});

describe("migration 2026-11-23T100000_media_file_path_unique", () => {
  const openScratch = useScratchDatabase();
  afterEach(() => setDatabaseForTests(undefined));

  it("keeps every row of a database made by the previous schema, duplicates included, and makes new paths unique", async () => {
    const database = await openScratch("2026-11-22T000000_initial");
    await sql`INSERT INTO gallery_sections (name, "order", allow_upload, is_active) VALUES ('Boda', 1, 1, 1), ('Fiesta', 2, 1, 0)`.execute(database);
    await sql`INSERT INTO media (section_id, type, file_path, public_url, thumbnail_path, thumbnail_url, name, size, width, height) VALUES
      (1, 'IMAGE', '1/1-a.jpg', '/uploads/1/1-a.jpg', '1/1-a-thumb.jpg', '/uploads/1/1-a-thumb.jpg', 'a.jpg', 10, 4, 3),
      (1, 'IMAGE', '1/2-b.jpg', '/uploads/1/2-b.jpg', NULL, NULL, 'b.jpg', 20, NULL, NULL),
      (2, 'IMAGE', '1/2-b.jpg', '/uploads/1/2-b.jpg', NULL, NULL, 'b otra vez.jpg', 20, NULL, NULL)`.execute(database);
    const before = await sql`SELECT * FROM media ORDER BY id`.execute(database);

    const warn = console.warn;
    const warnings: string[] = [];
    console.warn = (message: string) => warnings.push(message);
    try {
      await migrateToLatest(database);
    } finally {
      console.warn = warn;
    }

    // Later migrations add columns; every column this one found keeps its values.
    const after = (await sql<Record<string, unknown>>`SELECT * FROM media ORDER BY id`.execute(database)).rows;
    const columnsBefore = Object.keys(before.rows[0] as object);
    expect(after.map((row) => Object.fromEntries(columnsBefore.map((column) => [column, row[column]])))).toEqual(before.rows);
    expect(warnings.join("\n")).toContain("#3 1/2-b.jpg");
    const insert = (file_path: string) =>
      sql`INSERT INTO media (section_id, type, file_path, public_url, name, size) VALUES (1, 'IMAGE', ${file_path}, '/x', 'n', 1)`.execute(database!);
    await expect(insert("1/1-a.jpg")).rejects.toThrow(/UNIQUE|unique constraint/);
    await expect(insert("1/2-b.jpg")).rejects.toThrow(/UNIQUE|unique constraint/);
    await insert("1/3-c.jpg");

    // Deleting one of the rows that shared a file keeps the file the other still shows.
    setDatabaseForTests(database);
    const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "wedding-migrate-uploads-"));
    setStorageForTests(new LocalStorage(uploads));
    try {
      await storage().put("1/2-b.jpg", Buffer.from("b"), "image/jpeg");
      expect(await deleteMedia(2)).toBe(true);
      expect(await readKey(storage(), "1/2-b.jpg")).not.toBeNull();
      expect(await deleteMedia(3)).toBe(true);
      expect(await readKey(storage(), "1/2-b.jpg")).toBeNull();
    } finally {
      setStorageForTests(undefined);
      fs.rmSync(uploads, { recursive: true, force: true });
    }
  });
});
