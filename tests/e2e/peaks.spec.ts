import * as work from "../../scripts/lib/heavy-work.mjs";
import { expect, startServer, test } from "./fixtures";

/**
 * Decision 0026: with the production settings (two workers, their heap limits from WORKER_HEAP in
 * server/cluster-mode.mjs) the heaviest legitimate work all at once succeeds, and the attacks that
 * used to kill a worker (200,000 tiny CSV rows, four print sheets of 2,600 cards at once) are
 * answered, with no worker ending. Process-level (its own server), so it runs once (JavaScript project).
 */
test.describe("the workers' heap limits under the heaviest work @js-only", () => {
  test("imports, print sheets, 20 uploads and 4 ZIPs at once, then the attacks: every answer right, no worker restarted", async () => {
    test.setTimeout(600_000);
    const server = await startServer({ ...work.HEAVY_WORK_ENV, WEB_CONCURRENCY: "2", PAGE_CACHE_TTL_MS: "1000" });
    try {
      const base = server.baseURL;
      await expect.poll(() => server.output(), { timeout: 20_000 }).toContain("(2 worker processes)");
      const cookie = await work.adminCookie(base);
      const photo = await work.phonePhoto();
      const sectionId = await work.createSection(base, "Fiesta");
      await work.createInvitations(base, 2000, "Tarjeta");

      const [imported, prints, , zips] = await Promise.all([
        work.importCsv(base, work.invitationsCsv(1000, "Vista previa"), { dryRun: true }),
        Promise.all(Array.from({ length: 4 }, () => work.printSheet(base, cookie))),
        work.uploadPhotos(base, sectionId, photo, 20),
        work.downloadZips(base, sectionId, 4),
      ]);
      expect(imported).toBe(200);
      expect(prints).toEqual([2000, 2000, 2000, 2000]);
      for (const bytes of zips) expect(bytes).toBeGreaterThan(0);

      await work.createInvitations(base, 600, "Más");
      const { imported: tiny, printed } = await work.attacks(base, cookie, 4);
      expect(tiny).toBe(400);
      expect(printed).toEqual([2600, 2600, 2600, 2600]);

      expect(server.output()).not.toMatch(/Worker \d+ ended|heap limit/);
    } finally {
      await server.stop();
    }
  });
});
