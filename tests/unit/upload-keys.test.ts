import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { db } from "~/infra/db.server";
import { createSection } from "~/models/gallery.server";
import { claimUploadKey, pruneUploadKeys, resetUploadKeyPruningForTests, UPLOAD_KEY_KEEP_MS } from "~/models/upload-keys.server";
import * as sectionMedia from "~/routes/api.gallery.sections.$id.media";
import { useTestDatabase } from "./helpers/test-db";

/**
 * The upload queue's idempotency (decision 0065): a file sent again with its key (the phone never
 * got the first answer) is stored once and answered as the first time; two requests with one key at
 * the same moment store one file; a refused upload frees its key; keys older than a day are pruned.
 */
const paths = useTestDatabase();

const photo = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 180, g: 120, b: 90 } } })
    .jpeg()
    .toBuffer();

let ip = 0;
/** One upload through POST /api/gallery/sections/{id}/media, as the queue sends it. */
async function send(sectionId: number, file: { bytes: Buffer; name: string }, key?: string) {
  const form = new FormData();
  form.set("uploaderName", "Ana");
  form.set("file", new File([new Uint8Array(file.bytes)], file.name, { type: "image/jpeg" }));
  const headers = new Headers();
  if (key !== undefined) headers.set("Idempotency-Key", key);
  const request = new Request(`http://localhost/api/gallery/sections/${sectionId}/media`, { method: "POST", headers, body: form });
  const response = await sectionMedia.action({ request, params: { id: String(sectionId) }, context: { clientIp: `192.0.2.${++ip}` } });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

async function section(review = false): Promise<number> {
  const created = await createSection({ name: `Fiesta ${Math.random()}`, allow_upload: true, is_active: true, review_uploads: review });
  if (!created.ok) throw new Error("no section");
  return created.section.id;
}

/** The photos stored, not their thumbnails and the thumbnails' copies (`-thumb.jpg`, `-thumb-480.avif`). */
const storedFiles = () =>
  fs.existsSync(paths.uploads)
    ? fs
        .readdirSync(paths.uploads, { recursive: true })
        .map(String)
        .filter((f) => fs.statSync(path.join(paths.uploads, f)).isFile() && !/-thumb[.-]/.test(f))
    : [];
const mediaRows = async () => (await db().selectFrom("media").select(["id", "name"]).execute()).map((r) => ({ id: Number(r.id), name: r.name }));

const KEY = "6f1c2a0e-9a7b-4c55-8d2e-3b1f0a9c7e41";

describe("an upload's Idempotency-Key", () => {
  it("a file sent twice with one key is stored once; the repeat gets the first answer", async () => {
    const id = await section();
    const bytes = await photo();
    const first = await send(id, { bytes, name: "brindis.jpg" }, KEY);
    expect(first.status).toBe(201);
    const again = await send(id, { bytes, name: "brindis.jpg" }, KEY);
    expect(again).toEqual(first);
    expect(await mediaRows()).toEqual([{ id: first.json.id, name: "brindis.jpg" }]);
    expect(storedFiles()).toHaveLength(1);
    // Another key is another file.
    expect((await send(id, { bytes, name: "brindis.jpg" }, "0b8e5a3c-1d2f-4e6a-9b7c-5d4e3f2a1b0c")).status).toBe(201);
    expect(await mediaRows()).toHaveLength(2);
  });

  it("a photo waiting for review: the repeat says the same, no address, even after the couple approved it", async () => {
    const id = await section(true);
    const first = await send(id, { bytes: await photo(), name: "tarta.jpg" }, KEY);
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ status: "pending", name: "tarta.jpg" });
    await db().updateTable("media").set({ status: "published" }).execute();
    const again = await send(id, { bytes: await photo(), name: "tarta.jpg" }, KEY);
    expect(again).toEqual(first);
    expect(JSON.stringify(again.json)).not.toContain("/uploads/");
  });

  it("two requests with one key at once: exactly one file stored, both answered as stored or asked to wait", async () => {
    const id = await section();
    const bytes = await photo();
    const answers = await Promise.all([send(id, { bytes, name: "a.jpg" }, KEY), send(id, { bytes, name: "a.jpg" }, KEY)]);
    expect(answers.map((a) => a.status).sort()).toEqual(answers.some((a) => a.status === 409) ? [201, 409] : [201, 201]);
    expect(await mediaRows()).toHaveLength(1);
    expect(storedFiles()).toHaveLength(1);
    // The one asked to wait gets the stored answer when it comes back.
    expect((await send(id, { bytes, name: "a.jpg" }, KEY)).status).toBe(201);
    expect(await mediaRows()).toHaveLength(1);
  });

  it("a key counts only where it was sent: the same key in another section stores its own file", async () => {
    const one = await section();
    const two = await section();
    const bytes = await photo();
    const first = await send(one, { bytes, name: "uno.jpg" }, KEY);
    const other = await send(two, { bytes, name: "dos.jpg" }, KEY);
    expect(other.status).toBe(201);
    expect(other.json.id).not.toBe(first.json.id);
    expect(other.json.name).toBe("dos.jpg");
  });

  it("a refused file frees its key: the same key may then carry a photo the server takes", async () => {
    const id = await section();
    const refused = await send(id, { bytes: Buffer.from("%PDF-1.7 not a photo".repeat(20)), name: "factura.jpg" }, KEY);
    expect(refused.status).toBe(415);
    expect(await mediaRows()).toEqual([]);
    expect((await send(id, { bytes: await photo(), name: "foto.jpg" }, KEY)).status).toBe(201);
  });

  it("refuses a malformed key with its message, storing nothing", async () => {
    const id = await section();
    for (const bad of ["short", "x".repeat(65), "6f1c2a0e 9a7b 4c55 8d2e 3b1f0a9c7e41", "6f1c2a0e/9a7b/4c55/8d2e/3b1f0a9c7e41"]) {
      const answer = await send(id, { bytes: await photo(), name: "a.jpg" }, bad);
      expect(answer.status).toBe(400);
      expect(answer.json.error).toBe("No se pudo identificar el envío. Vuelve a elegir la foto.");
    }
    expect(await mediaRows()).toEqual([]);
  });

  it("keys older than a day are pruned (on an upload, at most hourly); younger ones stay", async () => {
    const id = await section();
    await send(id, { bytes: await photo(), name: "vieja.jpg" }, KEY);
    const now = Date.now();
    await db()
      .updateTable("upload_keys")
      .set({ created_at: new Date(now - UPLOAD_KEY_KEEP_MS - 60_000).toISOString() })
      .execute();
    await claimUploadKey("section:1", "1a2b3c4d-1a2b-4c3d-8e9f-0a1b2c3d4e5f", now);
    expect(await pruneUploadKeys(new Date(now - UPLOAD_KEY_KEEP_MS).toISOString())).toBe(1);
    const left = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM upload_keys`.execute(db());
    expect(Number(left.rows[0]!.n)).toBe(1);
    // An upload prunes on its own once the hour has passed.
    await db()
      .updateTable("upload_keys")
      .set({ created_at: new Date(now - UPLOAD_KEY_KEEP_MS - 60_000).toISOString() })
      .execute();
    resetUploadKeyPruningForTests();
    await claimUploadKey("section:1", "9f8e7d6c-5b4a-4392-8a1b-0c9d8e7f6a5b", now);
    expect((await db().selectFrom("upload_keys").select("key").execute()).length).toBe(1);
  });

  it("a claim left by an upload that died is taken again after a while; a recent one waits", async () => {
    const now = Date.now();
    const first = await claimUploadKey("section:7", KEY, now);
    expect(first.state).toBe("claimed");
    expect((await claimUploadKey("section:7", KEY, now + 1000)).state).toBe("busy");
    expect((await claimUploadKey("section:7", KEY, now + 31 * 60_000)).state).toBe("claimed");
  });
});
