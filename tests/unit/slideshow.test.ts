import { describe, expect, it } from "vitest";
import { db } from "~/infra/db.server";
import { loadSlideshow, slideshowFeedResponse } from "~/http/slideshow-page.server";
import { slideAt, slideSeconds, slideStep, WISH_EVERY } from "~/lib/slideshow";
import { createSection } from "~/models/gallery.server";
import { slideshowPhotos } from "~/models/slideshow.server";
import { addWish, setWishesNeedReview } from "~/models/wishes.server";
import { useTestDatabase } from "./helpers/test-db";

async function section(is_active = true) {
  const created = await createSection({ name: `S${Math.random()}`, allow_upload: true, is_active });
  if (!created.ok) throw new Error();
  return created.section.id;
}

let n = 0;
async function photo(
  sectionId: number,
  opts: { status?: "published" | "pending"; published_at?: string | null; uploader_name?: string; type?: "IMAGE" | "VIDEO" } = {},
) {
  n++;
  const { id } = await db()
    .insertInto("media")
    .values({
      section_id: sectionId,
      type: opts.type ?? "IMAGE",
      file_path: `${sectionId}/${n}.jpg`,
      public_url: `/uploads/${sectionId}/${n}.jpg`,
      name: `${n}.jpg`,
      size: 10,
      status: opts.status ?? "published",
      uploader_name: opts.uploader_name ?? null,
      published_at: opts.published_at === undefined ? `2026-11-25T10:00:${String(n).padStart(2, "0")}.000Z` : opts.published_at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

describe("the slideshow's rules", () => {
  it("?seconds= is clamped to 3–60, 8 when missing or not a number", () => {
    expect(slideSeconds(null)).toBe(8);
    expect(slideSeconds("abc")).toBe(8);
    expect(slideSeconds("1")).toBe(3);
    expect(slideSeconds("-20")).toBe(3);
    expect(slideSeconds("15")).toBe(15);
    expect(slideSeconds("600")).toBe(60);
    expect(slideStep("7")).toBe(7);
    expect(slideStep("-1")).toBe(0);
    expect(slideStep("1e400")).toBe(1);
  });

  it("photos in order then again; a wish every few slides, in turn; nothing to show is null", () => {
    expect(slideAt(0, 0, 0)).toBeNull();
    expect([0, 1, 2, 3].map((s) => slideAt(s, 3, 0))).toEqual([0, 1, 2, 0].map((index) => ({ kind: "photo", index })));
    const steps = Array.from({ length: 2 * WISH_EVERY }, (_, s) => slideAt(s, 5, 2));
    expect(steps.filter((s) => s?.kind === "wish")).toEqual([
      { kind: "wish", index: 0 },
      { kind: "wish", index: 1 },
    ]);
    // No photo is skipped around a wish: 0, 1, 2, (wish), 3, 4, 0, (wish).
    expect(steps.filter((s) => s?.kind === "photo").map((s) => s!.index)).toEqual([0, 1, 2, 3, 4, 0]);
    expect(slideAt(5, 0, 2)).toEqual({ kind: "wish", index: 1 });
  });
});

describe("the slideshow's photos and feed", () => {
  useTestDatabase();

  it("only published photos and videos of active sections, newest published first, with the uploader's name; ?section= one of them", async () => {
    const a = await section();
    const b = await section();
    const hidden = await section(false);
    const old = await photo(a, { published_at: "2026-11-25T09:00:00.000Z" });
    const newest = await photo(b, { published_at: "2026-11-25T12:00:00.000Z", uploader_name: "Ana" });
    // Approved later than it was uploaded: its approval time counts.
    const approvedLate = await photo(a, { published_at: "2026-11-25T11:00:00.000Z" });
    await photo(a, { status: "pending", published_at: null });
    await photo(hidden);
    // A guest's video is shown too (played muted by the screen), marked as one.
    const video = await photo(a, { type: "VIDEO", published_at: "2026-11-25T10:00:00.000Z" });
    // A row from before the review columns: its upload time counts.
    const legacy = await photo(a, { published_at: null });
    await db().updateTable("media").set({ created_at: "2026-11-25T08:00:00.000Z" }).where("id", "=", legacy).execute();
    const all = await slideshowPhotos();
    expect(all.map((p) => p.id)).toEqual([newest, approvedLate, video, old, legacy]);
    expect(all[0]).toMatchObject({ uploader_name: "Ana", type: "IMAGE", url: expect.stringMatching(/^\/uploads\//) });
    expect(all[2]).toMatchObject({ type: "VIDEO" });
    expect((await slideshowPhotos({ sectionId: a })).map((p) => p.id)).toEqual([approvedLate, video, old, legacy]);
    expect(await slideshowPhotos({ sectionId: hidden })).toEqual([]);
  });

  it("the page: a hidden or unknown section is a 404; without JavaScript the next step's address, newest first after a new photo", async () => {
    const a = await section();
    const hidden = await section(false);
    const load = async (query: string) => {
      const answer = await loadSlideshow(new Request(`http://localhost/slideshow${query}`));
      return "data" in answer ? { ...(answer.data as object), status: (answer as { init: { status: number } }).init?.status } : answer;
    };
    expect(await load(`?section=${hidden}`)).toMatchObject({ notFound: true, status: 404 });
    expect(await load("?section=abc")).toMatchObject({ notFound: true });
    const first = await photo(a);
    const second = await photo(a);
    const shown = (await load(`?section=${a}&seconds=99`)) as Awaited<ReturnType<typeof loadSlideshow>> & { next: string; step: number };
    expect(shown).toMatchObject({ seconds: 60, step: 0, galleryUrl: "http://localhost/gallery", qr: expect.stringContaining("<svg") });
    const next = new URL(shown.next, "http://localhost");
    expect(Object.fromEntries(next.searchParams)).toMatchObject({ section: String(a), seconds: "60", at: "1" });
    const at1 = (await load(next.search)) as { step: number; feed: { photos: { id: number }[] } };
    expect(at1.feed.photos[at1.step]?.id).toBe(first);
    // A photo published meanwhile is shown next, whatever step the screen was at.
    const third = await photo(a);
    const after = (await load(next.search.replace("at=1", "at=2"))) as { step: number; feed: { photos: { id: number }[] } };
    expect(after.step).toBe(0);
    expect(after.feed.photos[0]?.id).toBe(third);
    expect(second).toBeLessThan(third);
  });

  it("the feed answers 304 while nothing changed, and the new state once a photo or a wish is published", async () => {
    const a = await section();
    await photo(a);
    const get = (etag?: string) =>
      slideshowFeedResponse(new Request(`http://localhost/slideshow.json?section=${a}`, { headers: etag ? { "If-None-Match": etag } : {} }));
    const first = await get();
    const etag = first.headers.get("ETag")!;
    expect(first.status).toBe(200);
    expect((await get(etag)).status).toBe(304);
    await photo(a, { status: "pending", published_at: null });
    expect((await get(etag)).status).toBe(304);
    await setWishesNeedReview(false);
    await addWish({ name: "Ana", message: "¡Vivan!" });
    const changed = await get(etag);
    expect(changed.status).toBe(200);
    expect((await changed.json()).wishes).toMatchObject([{ name: "Ana", message: "¡Vivan!" }]);
    expect((await slideshowFeedResponse(new Request("http://localhost/slideshow.json?section=99999"))).status).toBe(404);
  });
});
