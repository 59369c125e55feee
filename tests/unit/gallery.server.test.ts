import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { db } from "~/infra/db.server";
import {
  createSection,
  deleteMedia,
  deleteSection,
  getSection,
  listSections,
  seedDefaultSections,
  storedFileVisibility,
  updateSection,
} from "~/models/gallery.server";
import { savePhoto } from "~/models/photos.server";
import { useTestDatabase } from "./helpers/test-db";

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

describe("gallery sections", () => {
  const paths = useTestDatabase();

  it("creates sections at the end with the form defaults; the name is required after trim", async () => {
    expect(await createSection({ name: "   " })).toEqual({ ok: false, error: "nameRequired" });
    expect(await createSection({ name: "" })).toEqual({ ok: false, error: "nameRequired" });
    const a = await createSection({ name: "  Ceremonia  " });
    const b = await createSection({ name: "Fiesta", description: "Baile", allow_upload: false, is_active: true });
    expect(a.ok && a.section).toEqual({
      id: expect.any(Number),
      name: "Ceremonia",
      description: null,
      order: 1,
      allow_upload: true,
      is_active: false,
      media: [],
    });
    expect(b.ok && b.section).toMatchObject({ name: "Fiesta", order: 2, allow_upload: false, is_active: true, description: "Baile" });
    expect(await db().selectFrom("gallery_sections").select("id").execute()).toHaveLength(2);
  });

  it("guests see active sections only; the admin sees all, in order, with booleans", async () => {
    const hidden = await createSection({ name: "Oculta" });
    const shown = await createSection({ name: "Visible", is_active: true });
    if (!hidden.ok || !shown.ok) throw new Error();
    expect((await listSections()).map((s) => s.name)).toEqual(["Visible"]);
    const all = await listSections({ includeInactive: true });
    expect(all.map((s) => [s.name, s.order, s.is_active, s.allow_upload])).toEqual([
      ["Oculta", 1, false, true],
      ["Visible", 2, true, true],
    ]);
    expect(await getSection(hidden.section.id)).toBeNull();
    expect(await getSection(hidden.section.id, { includeInactive: true })).toMatchObject({ name: "Oculta" });
    expect(await getSection(shown.section.id)).toMatchObject({ name: "Visible" });
    expect(await getSection(424242, { includeInactive: true })).toBeNull();
  });

  it("lists media with the spec's field names", async () => {
    const created = await createSection({ name: "Fotos", is_active: true });
    if (!created.ok) throw new Error();
    const saved = await savePhoto(created.section.id, { bytes: await photo(), name: "uno.jpg" });
    if (!saved.ok) throw new Error(saved.error);
    const [section] = await listSections();
    expect(section.media).toEqual([
      {
        id: saved.media.id,
        type: "IMAGE",
        public_url: `/uploads/${saved.media.file_path}`,
        thumbnail_url: expect.stringMatching(/^\/uploads\/\d+\/.+-thumb\.jpg$/),
        name: "uno.jpg",
        size: expect.any(Number),
        file_path: expect.stringMatching(new RegExp(`^${created.section.id}/`)),
        width: 320,
        height: 240,
      },
    ]);
  });

  it("updates partially (active; upload; name and description) and refuses an empty name", async () => {
    const created = await createSection({ name: "Uno", description: "Antes" });
    if (!created.ok) throw new Error();
    const id = created.section.id;
    expect(await updateSection(id, { is_active: true })).toMatchObject({ ok: true, section: { is_active: true, allow_upload: true } });
    expect(await updateSection(id, { allow_upload: false })).toMatchObject({ ok: true, section: { is_active: true, allow_upload: false } });
    expect(await updateSection(id, { name: " Dos ", description: "  " })).toMatchObject({ ok: true, section: { name: "Dos", description: null } });
    expect(await updateSection(id, { name: " " })).toEqual({ ok: false, error: "nameRequired" });
    expect(await getSection(id)).toMatchObject({ name: "Dos", is_active: true, allow_upload: false, order: 1 });
    expect(await updateSection(9999, { is_active: true })).toEqual({ ok: false, error: "notFound" });
  });

  it("deleting a photo or a whole section removes the rows and the stored files", async () => {
    const created = await createSection({ name: "Fotos", is_active: true });
    if (!created.ok) throw new Error();
    const id = created.section.id;
    const a = await savePhoto(id, { bytes: await photo(), name: "a.jpg" });
    const b = await savePhoto(id, { bytes: await photo(), name: "b.jpg" });
    if (!a.ok || !b.ok) throw new Error();
    expect(filesIn(paths.uploads)).toHaveLength(12); // web copy, thumbnail and its four AVIF/WebP copies each
    expect(await deleteMedia(a.media.id)).toBe(true);
    expect(await deleteMedia(a.media.id)).toBe(false);
    expect(filesIn(paths.uploads)).toHaveLength(6);
    expect(await deleteSection(id)).toBe(true);
    expect(await deleteSection(id)).toBe(false);
    expect(filesIn(paths.uploads)).toEqual([]);
    expect(await db().selectFrom("media").selectAll().execute()).toEqual([]);
  });

  it("seeding is idempotent", async () => {
    expect(await seedDefaultSections()).toBeGreaterThan(0);
    expect(await seedDefaultSections()).toBe(0);
  });
});

describe("which stored files may be served", () => {
  useTestDatabase();

  it("only files a photo row names; those of an inactive section are not public", async () => {
    const created = await createSection({ name: "Fotos", is_active: true });
    if (!created.ok) throw new Error();
    const saved = await savePhoto(created.section.id, { bytes: await photo(), name: "a.jpg" });
    if (!saved.ok) throw new Error(saved.error);
    const thumb = saved.media.thumbnail_url!.replace("/uploads/", "");
    // The photo's recorded size comes with it (for byte ranges); a thumbnail's is not recorded.
    expect(await storedFileVisibility(saved.media.file_path)).toEqual({ public: true, size: saved.media.size });
    expect(await storedFileVisibility(thumb)).toEqual({ public: true });
    expect(await storedFileVisibility(`${created.section.id}/1700000000000-000000000000.jpg`)).toBeNull();
    await updateSection(created.section.id, { is_active: false });
    expect(await storedFileVisibility(saved.media.file_path)).toEqual({ public: false, size: saved.media.size });
    await deleteMedia(saved.media.id);
    expect(await storedFileVisibility(saved.media.file_path)).toBeNull();
  });
});
