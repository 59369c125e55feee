import { expect, startServer, TestData, test } from "./fixtures";

/**
 * Durability: a server killed with SIGKILL in the middle of a burst of confirmations loses none
 * that it answered with success, and leaves no half-written invitation.
 * Process-level, so it runs once (JavaScript project).
 */
test.describe("crash safety @js-only", () => {
  test("kill -9 during a burst of confirmations keeps every confirmation that was answered", async () => {
    test.setTimeout(90_000);
    const server = await startServer({ RATE_LIMIT_CODE_ATTEMPTS: "100000" });
    const data = new TestData(`${server.dataDir}/wedding.sqlite`);
    const invitations = Array.from({ length: 150 }, (_, i) => data.createInvitation({ primaryGuest: `Crash ${i}`, maxGuests: 2 }));
    data.close();

    const answered: string[] = [];
    const confirmOne = async (code: string, i: number) => {
      try {
        const verify = await fetch(`${server.baseURL}/confirm`, { method: "POST", body: new URLSearchParams({ intent: "verify", code }), redirect: "manual" });
        const cookie = verify.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
        const res = await fetch(`${server.baseURL}/confirm`, {
          method: "POST",
          headers: { cookie },
          body: new URLSearchParams({ intent: "confirm", "guests[0]": `Extra ${i}` }),
          redirect: "manual",
        });
        if (res.status === 302) answered.push(code);
      } catch {
        // the connection died with the server: not answered
      }
    };
    const burst = Promise.all(invitations.map((inv, i) => confirmOne(inv.code, i)));
    // Let part of the burst through, then pull the plug.
    for (let waited = 0; answered.length < 10 && waited < 30_000; waited += 20) await new Promise((r) => setTimeout(r, 20));
    server.kill("SIGKILL");
    await burst;

    // Restart on the same files.
    const restarted = await startServer({ DATABASE_PATH: `${server.dataDir}/wedding.sqlite`, UPLOADS_DIR: `${server.dataDir}/uploads` });
    const check = new TestData(`${server.dataDir}/wedding.sqlite`);
    try {
      for (const code of answered) {
        const [row] = check.query<{ id: number; confirmed: number }>("SELECT id, confirmed FROM invitations WHERE code = ?", code);
        expect(row.confirmed, code).toBe(1);
        expect(check.guestsOf(row.id), code).toHaveLength(2);
      }
      // No half-written invitation: confirmed ⇔ has its guests.
      const broken = check.query<{ id: number }>(
        `SELECT i.id FROM invitations i LEFT JOIN guests g ON g.invitation_id = i.id
         GROUP BY i.id HAVING (i.confirmed = 1 AND count(g.id) = 0) OR (i.confirmed = 0 AND count(g.id) > 0)`,
      );
      expect(broken).toEqual([]);
      expect(answered.length).toBeGreaterThan(0);
      expect(answered.length).toBeLessThan(invitations.length); // the kill did land mid-burst
    } finally {
      check.close();
      await restarted.stop();
      await server.stop();
    }
  });
});

