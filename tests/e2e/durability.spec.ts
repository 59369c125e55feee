import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { variantNames } from "../../app/lib/thumbnail-variants";
import { expect, startServer, TestData, test } from "./fixtures";

/**
 * Durability: a server killed with SIGKILL in the middle of a burst of confirmations and photo
 * uploads loses nothing it answered with success, and after the restart leaves no half-written
 * invitation, no photo row without its files and no file without its row.
 * Process-level, so it runs once (JavaScript project).
 */
test.describe("crash safety @js-only", () => {
  test("kill -9 during a burst of confirmations and uploads keeps everything that was answered", async () => {
    test.setTimeout(120_000);
    const server = await startServer({ RATE_LIMIT_CODE_ATTEMPTS: "100000", RATE_LIMIT_UPLOADS: "100000" });
    const databasePath = `${server.dataDir}/wedding.sqlite`;
    const uploadsDir = `${server.dataDir}/uploads`;
    const data = new TestData(server);
    const invitations: { code: string }[] = [];
    for (let i = 0; i < 150; i++) invitations.push(await data.createInvitation({ primaryGuest: `Crash ${i}`, maxGuests: 2 }));
    const section = await data.createSection({ name: "Crash photos" });
    data.close();
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 200, g: 120, b: 90 } } })
      .jpeg()
      .toBuffer();

    const confirmed: string[] = [];
    const confirmOne = async (code: string, i: number) => {
      try {
        const verify = await fetch(`${server.baseURL}/confirm`, { method: "POST", body: new URLSearchParams({ intent: "verify", code }), redirect: "manual" });
        const cookie = verify.headers
          .getSetCookie()
          .map((c) => c.split(";")[0])
          .join("; ");
        const res = await fetch(`${server.baseURL}/confirm`, {
          method: "POST",
          headers: { cookie },
          body: new URLSearchParams({ intent: "confirm", "guests[0]": `Extra ${i}` }),
          redirect: "manual",
        });
        if (res.status === 302) confirmed.push(code);
      } catch {
        // the connection died with the server: not answered
      }
    };
    const uploaded: number[] = [];
    const uploadOne = async (i: number) => {
      try {
        const form = new FormData();
        form.set("file", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), `crash-${i}.jpg`);
        // The guests' upload endpoint of the API: the same savePhoto as the gallery page.
        const res = await fetch(`${server.baseURL}/api/gallery/sections/${section.id}/media`, { method: "POST", body: form });
        if (res.status === 201) uploaded.push(((await res.json()) as { id: number }).id);
      } catch {
        // not answered
      }
    };
    const wait = async (done: () => boolean) => {
      for (let waited = 0; !done() && waited < 60_000; waited += 10) await new Promise((r) => setTimeout(r, 10));
    };
    // Photos take longer than confirmations: start them first, then the confirmations once a
    // photo has been answered, and pull the plug with both still under way.
    const uploads = Promise.all(Array.from({ length: 40 }, (_, i) => uploadOne(i)));
    await wait(() => uploaded.length >= 1);
    const confirmations = Promise.all(invitations.map((inv, i) => confirmOne(inv.code, i)));
    await wait(() => confirmed.length >= 10);
    const burst = Promise.all([uploads, confirmations]);
    server.kill("SIGKILL");
    await burst;

    // Restart on the same files.
    const restarted = await startServer({ DATABASE_PATH: databasePath, UPLOADS_DIR: uploadsDir });
    const check = new TestData({ ...restarted, databasePath });
    try {
      const after = new Map((await check.invitations.list()).map((inv) => [inv.code, inv]));
      for (const code of confirmed) {
        expect(after.get(code)?.confirmed, code).toBe(true);
        expect(after.get(code)?.guests, code).toHaveLength(2);
      }
      // No half-written invitation: confirmed ⇔ has its guests (what the database holds, read only).
      const broken = check.readDatabase<{ id: number }>(
        `SELECT i.id FROM invitations i LEFT JOIN guests g ON g.invitation_id = i.id
         GROUP BY i.id HAVING (i.confirmed = 1 AND count(g.id) = 0) OR (i.confirmed = 0 AND count(g.id) > 0)`,
      );
      expect(broken).toEqual([]);
      expect(confirmed.length).toBeGreaterThan(0);
      expect(confirmed.length).toBeLessThan(invitations.length); // the kill did land mid-burst

      // Every answered upload is there and served; every photo row has its files; every file has its row.
      const rows = check.readDatabase<{ id: number; file_path: string; thumbnail_path: string; variant_widths: string | null }>(
        "SELECT id, file_path, thumbnail_path, variant_widths FROM media WHERE section_id = ?",
        section.id,
      );
      for (const id of uploaded) expect(rows.map((r) => r.id)).toContain(id);
      expect(uploaded.length).toBeGreaterThan(0);
      expect(uploaded.length).toBeLessThan(40);
      // A photo's files: itself, its thumbnail and the thumbnail's AVIF and WebP copies.
      const named = rows.flatMap((r) => [r.file_path, r.thumbnail_path, ...variantNames(r.thumbnail_path, r.variant_widths)]);
      for (const key of named) expect(fs.existsSync(path.join(uploadsDir, key)), key).toBe(true);
      const onDisk = fs.readdirSync(path.join(uploadsDir, String(section.id))).map((f) => `${section.id}/${f}`);
      expect(onDisk.sort()).toEqual(named.sort());
      const served = await fetch(`${restarted.baseURL}/uploads/${rows[0].file_path}`);
      expect(served.status).toBe(200);
    } finally {
      check.close();
      await restarted.stop();
      await server.stop();
    }
  });
});

test.describe("correctness under load @js-only", () => {
  test("200 invitations confirmed at once over HTTP, and one invitation confirmed 20 times at once, store exactly the right guests", async () => {
    test.setTimeout(120_000);
    const server = await startServer({ RATE_LIMIT_CODE_ATTEMPTS: "100000" });
    const data = new TestData(server);
    try {
      const invitations: { id: number; code: string }[] = [];
      for (let i = 0; i < 200; i++) invitations.push(await data.createInvitation({ primaryGuest: `Carga ${i}`, maxGuests: 3 }));
      const contested = await data.createInvitation({ primaryGuest: "Disputada", maxGuests: 2 });

      // The guests' form flow (verify the code, then confirm two more names) for 200 invitations...
      const confirmByForm = async (code: string, i: number) => {
        const verify = await fetch(`${server.baseURL}/confirm`, { method: "POST", body: new URLSearchParams({ intent: "verify", code }), redirect: "manual" });
        const cookie = verify.headers
          .getSetCookie()
          .map((c) => c.split(";")[0])
          .join("; ");
        const res = await fetch(`${server.baseURL}/confirm`, {
          method: "POST",
          headers: { cookie },
          body: new URLSearchParams({ intent: "confirm", "guests[0]": `Carga ${i} A`, "guests[1]": `Carga ${i} B` }),
          redirect: "manual",
        });
        return res.status;
      };
      // ...while the same invitation is confirmed 20 times through the API, each with another name.
      const confirmContested = async (k: number) => {
        const res = await fetch(`${server.baseURL}/api/invitations/${contested.code}/confirm`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ guests: [{ fullName: "Disputada" }, { fullName: `Intento ${k}` }] }),
        });
        return { status: res.status, body: (await res.json()) as { guests: { fullName: string }[] } };
      };
      const [formStatuses, contestedAnswers] = await Promise.all([
        Promise.all(invitations.map((inv, i) => confirmByForm(inv.code, i))),
        Promise.all(Array.from({ length: 20 }, (_, k) => confirmContested(k))),
      ]);

      expect(formStatuses.filter((s) => s !== 302)).toEqual([]);
      const stored200 = new Map((await data.invitations.list()).map((inv) => [inv.id, inv]));
      for (const [i, inv] of invitations.entries()) {
        expect(stored200.get(inv.id)?.confirmed, inv.code).toBe(true);
        expect(
          stored200.get(inv.id)?.guests.map((g) => g.fullName),
          inv.code,
        ).toEqual([`Carga ${i}`, `Carga ${i} A`, `Carga ${i} B`]);
      }
      const guestsElsewhere = [...stored200.values()].filter((inv) => inv.id !== contested.id).flatMap((inv) => inv.guests);
      expect(guestsElsewhere).toHaveLength(600);

      // One confirmation won; every caller was answered with that same stored invitation.
      const stored = await data.guestsOf(contested.id);
      expect(stored).toHaveLength(2);
      expect(stored[0]).toBe("Disputada");
      expect(stored[1]).toMatch(/^Intento \d+$/);
      for (const answer of contestedAnswers) {
        expect(answer.status).toBe(200);
        expect(answer.body.guests.map((g) => g.fullName)).toEqual(stored);
      }
    } finally {
      data.close();
      await server.stop();
    }
  });
});
