import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { parseConfig, resetConfigForTests } from "~/infra/config.server";
import { db } from "~/infra/db.server";
import { setFreeSpaceReaderForTests } from "~/infra/disk-space.server";
import { LocalStorage } from "~/infra/storage-local.server";
import { setStorageForTests, type Storage } from "~/infra/storage.server";
import { loadReviewTab } from "~/http/admin/review.server";
import { loadWishesTab, wishesTab } from "~/routes/admin.wishes/wishes.server";
import { handleWishPost } from "~/routes/gallery/wishes.server";
import { createSection } from "~/models/gallery.server";
import { savePhoto } from "~/models/photos.server";
import { addWish, listWishesForReview, PENDING_WISHES_PER_PAGE, setWishesNeedReview } from "~/models/wishes.server";
import * as healthz from "~/routes/healthz";
import * as wishesApi from "~/routes/api.gallery.wishes._index";
import { storeLike } from "./helpers/storage";
import { useTestDatabase } from "./helpers/test-db";

const MB = 1024 * 1024;

const photo = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 200, g: 120, b: 90 } } })
    .jpeg()
    .toBuffer();

function filesIn(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => fs.statSync(path.join(dir, f)).isFile());
}

/** Changes one ceiling for the rest of the test (the configuration is read again). */
function setEnv(vars: Record<string, string>) {
  Object.assign(process.env, vars);
  resetConfigForTests();
}

const GUEST = { byAdmin: false, name: null };
const ADMIN = { byAdmin: true, name: null };

async function section(review: boolean) {
  const created = await createSection({ name: review ? "Fiesta" : "Ceremonia", allow_upload: true, is_active: true, review_uploads: review });
  if (!created.ok) throw new Error("section not created");
  return created.section.id;
}

describe("site-wide ceilings on photos waiting for review", () => {
  const paths = useTestDatabase({ PENDING_PHOTOS_MAX: "2", PENDING_PHOTOS_MAX_MB: "100", PENDING_WISHES_MAX: "2", MIN_FREE_DISK_MB: "100" });
  afterEach(() => setFreeSpaceReaderForTests(undefined));

  it("past PENDING_PHOTOS_MAX pending photos a guest's photo is refused, nothing of it is kept; the admin's and published ones still go in", async () => {
    setFreeSpaceReaderForTests(async () => 10_000 * MB);
    const review = await section(true);
    const open = await section(false);
    expect(await savePhoto(review, { bytes: await photo(), name: "a.jpg" }, GUEST)).toMatchObject({ ok: true, pending: true });
    expect(await savePhoto(review, { bytes: await photo(), name: "b.jpg" }, GUEST)).toMatchObject({ ok: true, pending: true });
    const files = filesIn(paths.uploads);

    expect(await savePhoto(review, { bytes: await photo(), name: "c.jpg" }, GUEST)).toEqual({ ok: false, error: "galleryFull" });
    expect(filesIn(paths.uploads)).toEqual(files);
    expect(await db().selectFrom("media").select("id").where("status", "=", "pending").execute()).toHaveLength(2);
    // The admin's own photos are published at once and never wait: not counted, not refused.
    expect(await savePhoto(review, { bytes: await photo(), name: "d.jpg" }, ADMIN)).toMatchObject({ ok: true, pending: false });
    // A section without review publishes at once: the pending ceiling is not its.
    expect(await savePhoto(open, { bytes: await photo(), name: "e.jpg" }, GUEST)).toMatchObject({ ok: true, pending: false });
    expect((await loadReviewTab()).ceilings).toMatchObject({ photosFull: true, diskLow: false });
  });

  it("a photo that reached the ceiling while it was processed (other uploads filled it) is refused in its insert's transaction, its files removed", async () => {
    setFreeSpaceReaderForTests(async () => 10_000 * MB);
    const review = await section(true);
    expect(await savePhoto(review, { bytes: await photo(), name: "a.jpg" }, GUEST)).toMatchObject({ ok: true, pending: true });
    const local: Storage = new LocalStorage(paths.uploads);
    let puts = 0;
    // Another worker's photo recorded between this one's first check and its insert.
    const other = await db().selectFrom("media").selectAll().executeTakeFirstOrThrow();
    setStorageForTests(
      storeLike(local, {
        put: async (key, bytes, type) => {
          await local.put(key, bytes, type);
          if (++puts === 2) {
            const { id: _id, ...row } = other;
            await db()
              .insertInto("media")
              .values({ ...row, file_path: "9/elsewhere.jpg", thumbnail_path: null })
              .execute();
          }
        },
      }),
    );
    const files = filesIn(paths.uploads);
    expect(await savePhoto(review, { bytes: await photo(), name: "b.jpg" }, GUEST)).toEqual({ ok: false, error: "galleryFull" });
    expect(filesIn(paths.uploads)).toEqual(files);
  });

  it("past PENDING_PHOTOS_MAX_MB of pending photos a guest's photo is refused", async () => {
    setFreeSpaceReaderForTests(async () => 10_000 * MB);
    setEnv({ PENDING_PHOTOS_MAX: "5000", PENDING_PHOTOS_MAX_MB: "1" });
    const review = await section(true);
    const bytes = await photo();
    expect(await savePhoto(review, { bytes, name: "a.jpg" }, GUEST)).toMatchObject({ ok: true, pending: true });
    // Pending photos already holding all but a few bytes of the megabyte (a row as an upload writes it).
    await db()
      .updateTable("media")
      .set({ size: MB - 100 })
      .execute();
    const files = filesIn(paths.uploads);
    expect(await savePhoto(review, { bytes, name: "b.jpg" }, GUEST)).toEqual({ ok: false, error: "galleryFull" });
    expect(filesIn(paths.uploads)).toEqual(files);
    expect((await loadReviewTab()).ceilings).toMatchObject({ photosFull: false });
  });

  it("while the uploads' disk has less than MIN_FREE_DISK_MB free, every photo is refused; unknown free space refuses nothing", async () => {
    const open = await section(false);
    let free: number | null = 99 * MB;
    setFreeSpaceReaderForTests(async () => free);
    expect(await savePhoto(open, { bytes: await photo(), name: "a.jpg" }, GUEST)).toEqual({ ok: false, error: "galleryFull" });
    expect(await savePhoto(open, { bytes: await photo(), name: "a.jpg" }, ADMIN)).toEqual({ ok: false, error: "galleryFull" });
    expect(filesIn(paths.uploads)).toEqual([]);
    expect((await loadReviewTab()).ceilings).toEqual({ photosFull: false, diskLow: true, freeDiskMb: 99 });
    // The photo itself counts: 100 MB free less a 5 MB photo is under the floor.
    free = 100 * MB + 10;
    expect(await savePhoto(open, { bytes: await photo(), name: "a.jpg" }, GUEST)).toEqual({ ok: false, error: "galleryFull" });
    free = 200 * MB;
    expect(await savePhoto(open, { bytes: await photo(), name: "a.jpg" }, GUEST)).toMatchObject({ ok: true });
    free = null;
    expect(await savePhoto(open, { bytes: await photo(), name: "b.jpg" }, GUEST)).toMatchObject({ ok: true });
    setEnv({ MIN_FREE_DISK_MB: "0" });
    free = 0;
    expect(await savePhoto(open, { bytes: await photo(), name: "c.jpg" }, GUEST)).toMatchObject({ ok: true });
  });

  it("/healthz reports the free space of the uploads' disk", async () => {
    setFreeSpaceReaderForTests(async () => 4321 * MB + 5);
    const answer = await healthz.loader();
    expect(await answer.json()).toMatchObject({ ok: true, freeDiskMb: 4321 });
    setFreeSpaceReaderForTests(undefined);
    // The real disk, read with statfs: a whole number of megabytes.
    const real = await (await healthz.loader()).json();
    expect(real.freeDiskMb).toBeGreaterThan(0);
    expect(Number.isInteger(real.freeDiskMb)).toBe(true);
  });
});

describe("the site-wide ceiling on wishes waiting for review", () => {
  useTestDatabase({ PENDING_WISHES_MAX: "2", ADMIN_API_TOKEN: "unit-admin-api-token-0123456789" });

  it("past PENDING_WISHES_MAX pending wishes a wish is refused (the form and the API say so, in the guest's language); published ones never count", async () => {
    expect(await addWish({ name: "Ana", message: "Uno" })).toMatchObject({ ok: true, status: "pending" });
    expect(await addWish({ name: "Ana", message: "Dos" })).toMatchObject({ ok: true, status: "pending" });
    expect(await addWish({ name: "Ana", message: "Tres" })).toEqual({ ok: false, error: "wishesFull" });

    const form = (await handleWishPost(
      new Request("http://localhost/gallery", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "wish", name: "Luis", message: "Hola" }).toString(),
      }),
      { clientIp: "10.1.1.1" },
    )) as unknown as { data: { error: Record<string, string[] | null> }; init: { status: number } };
    expect(form.init.status).toBe(503);
    expect(form.data.error[""]).toEqual(["wishes:errors.wishesFull"]);

    const api = await wishesApi.action({
      request: new Request("http://localhost/api/gallery/wishes", {
        method: "POST",
        headers: { "Content-Type": "application/json", "Accept-Language": "en" },
        body: JSON.stringify({ name: "Luis", message: "Hi" }),
      }),
      params: {},
      context: { clientIp: "10.1.1.2" },
    } as never);
    expect(api.status).toBe(503);
    expect((await api.json()).error).toBe("The couple cannot take more messages right now. Please try again later.");
    expect(await db().selectFrom("wishes").select("id").execute()).toHaveLength(2);

    await setWishesNeedReview(false);
    expect(await addWish({ name: "Ana", message: "Publicado" })).toMatchObject({ ok: true, status: "published" });
  });
});

describe("'Mensajes' with many pending wishes", () => {
  useTestDatabase();

  it("pages through every pending wish; 'Rechazar todos' rejects those the page showed, not one that came after", async () => {
    const now = new Date().toISOString();
    const rows = Array.from({ length: PENDING_WISHES_PER_PAGE + 1 }, (_, i) => ({
      name: `Invitado ${i + 1}`,
      message: `Mensaje ${i + 1}`,
      status: "pending" as const,
      created_at: now,
    }));
    for (let i = 0; i < rows.length; i += 100)
      await db()
        .insertInto("wishes")
        .values(rows.slice(i, i + 100))
        .execute();

    const first = await listWishesForReview(1);
    expect(first.pending).toHaveLength(PENDING_WISHES_PER_PAGE);
    expect(first.pendingTotal).toBe(PENDING_WISHES_PER_PAGE + 1);
    const second = await loadWishesTab(new Request("http://localhost/admin/wishes?page=2"));
    expect(second.page).toBe(2);
    expect(second.wishes).toMatchObject({ pending: [{ name: `Invitado ${PENDING_WISHES_PER_PAGE + 1}` }] });

    const newest = second.newestPending!;
    await db().insertInto("wishes").values({ name: "Tarde", message: "Llegó después", status: "pending", created_at: now }).execute();
    expect(await wishesTab.handlers.rejectAllWishes({ intent: "rejectAllWishes", id: newest, confirmed: "yes" })).toMatchObject({
      ok: true,
      toast: { key: "wishes:admin.rejectedAll", values: { count: PENDING_WISHES_PER_PAGE + 1 } },
    });
    expect(await db().selectFrom("wishes").select("name").execute()).toEqual([{ name: "Tarde" }]);
    // Without confirmed=yes the screen asks first (the schema keeps it optional, the action asks).
    expect(wishesTab.schema.parse({ intent: "rejectAllWishes", id: "3" })).toEqual({ intent: "rejectAllWishes", id: 3 });
  });
});

describe("the ceilings' settings", () => {
  it("are whole numbers; a bad value stops the server naming the variable", () => {
    expect(parseConfig({})).toMatchObject({ PENDING_PHOTOS_MAX: 5000, PENDING_PHOTOS_MAX_MB: 3072, PENDING_WISHES_MAX: 2000, MIN_FREE_DISK_MB: 1024 });
    expect(parseConfig({ MIN_FREE_DISK_MB: "0" }).MIN_FREE_DISK_MB).toBe(0);
    for (const name of ["PENDING_PHOTOS_MAX", "PENDING_PHOTOS_MAX_MB", "PENDING_WISHES_MAX"]) {
      expect(() => parseConfig({ [name]: "0" })).toThrow(name);
      expect(() => parseConfig({ [name]: "many" })).toThrow(name);
    }
    expect(() => parseConfig({ MIN_FREE_DISK_MB: "-1" })).toThrow("MIN_FREE_DISK_MB");
  });
});

describe("temporary files of a worker that died", () => {
  const paths = useTestDatabase();

  it("are removed by tag from the uploads folder; another worker's and finished files stay", async () => {
    const store = new LocalStorage(paths.uploads);
    fs.mkdirSync(path.join(paths.uploads, "0"), { recursive: true });
    fs.mkdirSync(path.join(paths.uploads, "3"), { recursive: true });
    const put = (name: string) => fs.writeFileSync(path.join(paths.uploads, name), "x");
    put("0/1764000000000-aa.mp4.0123456789ab-1a2b3c4d.tmp");
    put("3/1764000000000-bb.jpg.0123456789ab-5e6f7a8b.tmp");
    put("3/1764000000000-cc.jpg.ba9876543210-5e6f7a8b.tmp");
    put("3/1764000000000-dd.jpg");
    expect(await store.removeTempFiles("0123456789ab")).toBe(2);
    expect(filesIn(paths.uploads).sort()).toEqual(["3/1764000000000-cc.jpg.ba9876543210-5e6f7a8b.tmp", "3/1764000000000-dd.jpg"]);
  });
});
