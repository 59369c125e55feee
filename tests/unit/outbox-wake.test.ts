import Sqlite from "better-sqlite3";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/infra/db.server";
import { startSender, stopSender } from "~/models/outbox-sender.server";
import { onEnqueued } from "~/models/outbox.server";
import { confirmInvitation, createInvitation, declineInvitation } from "~/models/invitations.server";
import { freePort } from "../helpers/free-port";
import { httpSink } from "../helpers/mail-sinks";
import { onPostgres } from "./helpers/engine";
import { useTestDatabase } from "./helpers/test-db";

/**
 * An answer wakes this process's sender once its transaction has committed: the couple's notice
 * goes out at once, not after the sender's idle period (2 s growing to 30 s). Woken before the
 * commit, the sender looked, found nothing yet and went back to sleep with the notice waiting.
 */
const hookPort = await freePort();
const hook = httpSink(hookPort);

beforeAll(() => hook.start());
afterAll(() => hook.stop());
afterEach(async () => {
  await stopSender();
  onEnqueued(undefined);
  hook.received.length = 0;
});

const paths = useTestDatabase({ RSVP_DEADLINE: "2099-12-31T23:59:59-05:00", NOTIFY_URL: `http://127.0.0.1:${hookPort}/hooks/answers` });

/** Waits until `check` holds; how long it took (ms). */
async function until(check: () => boolean, timeoutMs = 10_000): Promise<number> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
  return Date.now() - start;
}

async function invitation(primaryGuest: string) {
  const created = await createInvitation({ primaryGuest, maxGuests: 1 });
  if (!created.ok) throw new Error("setup");
  return created.invitation.code;
}

describe("the sender woken by an answer", () => {
  it("is woken only once the answer's notice is committed: another connection sees it then", async () => {
    const code = await invitation("Ana Pérez");
    // A sender's first look is a plain read on a connection of its own: what it would find, at the
    // moment it is woken. SQLite's is read synchronously in the wake itself.
    const looks: Promise<number>[] = [];
    let look: () => Promise<number>;
    let close = async () => undefined as void;
    if (onPostgres) {
      const other = openDatabase(process.env.DATABASE_URL!);
      look = async () =>
        Number(
          (
            await other
              .selectFrom("outbox")
              .select((eb) => eb.fn.countAll<number>().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        );
      close = () => other.destroy();
    } else {
      const other = new Sqlite(paths.database, { readonly: true });
      look = () => Promise.resolve(Number((other.prepare("select count(*) as n from outbox").get() as { n: number }).n));
      close = async () => void other.close();
    }
    expect(await look()).toBe(0); // connected before the answer
    onEnqueued(() => looks.push(look()));
    try {
      expect((await confirmInvitation(code, [])).ok).toBe(true);
      expect(looks).toHaveLength(1);
      expect(await looks[0]).toBe(1);
    } finally {
      await close();
    }
  });

  it("sends a confirmation's and a decline's notice promptly, while it sits idle", async () => {
    const codes = [await invitation("Ana Pérez"), await invitation("Luis Soto"), await invitation("Eva Ruiz")];
    startSender();
    // A first answer goes out; the sender then finds nothing due and sleeps its idle period (4 s now).
    expect((await confirmInvitation(codes[0], [])).ok).toBe(true);
    await until(() => hook.received.length === 1);

    expect((await confirmInvitation(codes[1], [])).ok).toBe(true);
    expect(await until(() => hook.received.length === 2)).toBeLessThan(1500);

    expect((await declineInvitation(codes[2])).ok).toBe(true);
    expect(await until(() => hook.received.length === 3)).toBeLessThan(1500);
    await stopSender();
  });
});
