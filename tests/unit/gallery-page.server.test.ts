import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { db } from "~/infra/db.server";
import { createSection } from "~/models/gallery.server";
import { handleGalleryUpload, loadGallery } from "~/routes/gallery/gallery.server";
import { useTestDatabase } from "./helpers/test-db";

type Answer = {
  type?: string;
  data: { ok: boolean; error: string | null; media?: { name: string } };
  init: { status?: number; headers?: Record<string, string> } | null;
};

const photo = () =>
  sharp({ create: { width: 200, height: 150, channels: 3, background: "#7d9a86" } })
    .jpeg()
    .toBuffer();

async function post(fields: Record<string, string | Blob>, { ip = "10.0.0.1", origin }: { ip?: string; origin?: string } = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v as string);
  const headers: Record<string, string> = {};
  if (origin) headers.Origin = origin;
  const request = new Request("http://localhost/gallery", { method: "POST", body: form, headers });
  return (await handleGalleryUpload(request, { clientIp: ip })) as unknown as Answer | Response;
}

async function activeSection(opts: { allow_upload?: boolean; is_active?: boolean } = {}) {
  const created = await createSection({ name: "Fiesta", allow_upload: opts.allow_upload ?? true, is_active: opts.is_active ?? true });
  if (!created.ok) throw new Error();
  return created.section.id;
}

describe("the gallery page's loader and upload action", () => {
  useTestDatabase({ RATE_LIMIT_UPLOADS: "3" });

  it("guests get active sections; ?section= without an id or with a hidden one says so", async () => {
    const shown = await activeSection();
    const hidden = await activeSection({ is_active: false });
    const load = (query = "") => loadGallery(new Request(`http://localhost/gallery${query}`));
    expect((await load()).sections.map((s) => s.id)).toEqual([shown]);
    expect(await load(`?section=${shown}`)).toMatchObject({ selected: { id: shown }, selectedError: null });
    expect(await load(`?section=${hidden}`)).toMatchObject({ selectedError: "sectionNotFound" });
    expect(await load("?section=")).toMatchObject({ selected: null, selectedError: "sectionRequired" });
    expect(await load("?section=abc")).toMatchObject({ selectedError: "sectionRequired" });
  });

  it("the grid carries each section's cover and count; only the open section carries its photos", async () => {
    const party = await activeSection();
    const church = await activeSection();
    for (const [section, name, ip] of [
      [party, "uno.jpg", "10.0.0.2"],
      [party, "dos.jpg", "10.0.0.3"],
      [church, "tres.jpg", "10.0.0.4"],
    ] as const) {
      const answer = (await post(
        { sectionId: String(section), file: new File([new Uint8Array(await photo())], name, { type: "image/jpeg" }) },
        { ip },
      )) as Response;
      expect(answer.status, name).toBe(302);
    }
    const load = (query = "") => loadGallery(new Request(`http://localhost/gallery${query}`));
    const grid = await load();
    expect(grid.sections.map((s) => [s.id, s.count, s.cover?.name])).toEqual([
      [party, 2, "uno.jpg"],
      [church, 1, "tres.jpg"],
    ]);
    expect(grid.sections.every((s) => !("media" in s))).toBe(true);
    expect(grid.selected).toBeNull();
    const open = await load(`?section=${party}`);
    expect(open.selected?.media.map((m) => m.name)).toEqual(["uno.jpg", "dos.jpg"]);
    expect(open.sections.map((s) => s.count)).toEqual([2, 1]);
  });

  it("one photo is answered by a redirect to its section with a toast and the server timings, `_js` or not", async () => {
    const id = await activeSection();
    // `_js`: what a page loaded before the forms stopped sending it still sends; it changes nothing.
    for (const [name, extra] of [
      ["uno.jpg", {}],
      ["dos.jpg", { _js: "1" }],
    ] as const) {
      const answer = (await post({
        sectionId: String(id),
        ...extra,
        file: new File([new Uint8Array(await photo())], name, { type: "image/jpeg" }),
      })) as Response;
      expect(answer.status, name).toBe(302);
      expect(answer.headers.get("Location"), name).toBe(`/gallery?section=${id}`);
      expect(answer.headers.get("Set-Cookie"), name).toBeTruthy();
      expect(answer.headers.get("Server-Timing"), name).toMatch(/^receive;dur=[\d.]+, process;dur=[\d.]+$/);
    }
    expect(await db().selectFrom("media").select("name").orderBy("id").execute()).toEqual([{ name: "uno.jpg" }, { name: "dos.jpg" }]);
  });

  it("the spec's message without a file or a section id; 403 for uploads off; 404 for a hidden section", async () => {
    const closed = await activeSection({ allow_upload: false });
    const hidden = await activeSection({ is_active: false });
    const file = new File([new Uint8Array(await photo())], "a.jpg", { type: "image/jpeg" });
    expect(await post({ sectionId: String(closed) }, { ip: "10.0.0.2" })).toMatchObject({
      data: { error: "gallery:errors.fileAndSectionRequired" },
      init: { status: 400 },
    });
    expect(await post({ file }, { ip: "10.0.0.3" })).toMatchObject({ data: { error: "gallery:errors.fileAndSectionRequired" }, init: { status: 400 } });
    expect(await post({ sectionId: String(closed), file }, { ip: "10.0.0.4" })).toMatchObject({
      data: { error: "gallery:errors.uploadsClosed" },
      init: { status: 403 },
    });
    expect(await post({ sectionId: String(hidden), file }, { ip: "10.0.0.5" })).toMatchObject({
      data: { error: "gallery:errors.sectionNotFound" },
      init: { status: 404 },
    });
    expect(await db().selectFrom("media").selectAll().execute()).toEqual([]);
  });

  it("refuses a post from another site, and rate-limits each client", async () => {
    const id = await activeSection();
    const file = () => new File([Buffer.from("not an image")], "a.jpg", { type: "image/jpeg" });
    expect(await post({ sectionId: String(id), file: file() }, { origin: "https://evil.example" })).toMatchObject({ init: { status: 403 } });
    for (let i = 0; i < 3; i++) expect(await post({ sectionId: String(id), file: file() }, { ip: "10.9.9.9" })).toMatchObject({ init: { status: 415 } });
    const limited = (await post({ sectionId: String(id), file: file() }, { ip: "10.9.9.9" })) as Answer;
    expect(limited).toMatchObject({ data: { error: "common:tooManyRequests" }, init: { status: 429 } });
    expect(Number(limited.init?.headers?.["Retry-After"])).toBeGreaterThan(0);
    // Another client is not affected.
    expect(await post({ sectionId: String(id), file: file() }, { ip: "10.9.9.8" })).toMatchObject({ init: { status: 415 } });
  });
});
