import { test as base, expect, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { generateInvitationCode } from "../../app/lib/invitation-code";
import net from "node:net";

/**
 * Test data written straight into the e2e server's SQLite file (WAL allows a second
 * connection). Every row a test creates is removed when the test ends.
 */
export class TestData {
  private readonly sqlite: Database.Database;
  private readonly invitationIds: number[] = [];
  private readonly sectionIds: number[] = [];
  private readonly wishNames: string[] = [];

  constructor(file: string) {
    this.sqlite = new Database(file);
    this.sqlite.pragma("busy_timeout = 5000");
    this.sqlite.pragma("foreign_keys = ON");
  }

  /** Creates an invitation (optionally already confirmed with guest names). */
  createInvitation(opts: { primaryGuest?: string; maxGuests?: number; confirmedGuests?: string[] } = {}) {
    const primaryGuest = opts.primaryGuest ?? `Invitado ${Math.random().toString(36).slice(2, 7)}`;
    const maxGuests = opts.maxGuests ?? 1;
    const code = generateInvitationCode();
    const confirmed = opts.confirmedGuests ? 1 : 0;
    const { lastInsertRowid } = this.sqlite
      .prepare("INSERT INTO invitations (code, primary_guest, max_guests, confirmed, confirmed_at) VALUES (?, ?, ?, ?, ?)")
      .run(code, primaryGuest, maxGuests, confirmed, confirmed ? new Date().toISOString() : null);
    const id = Number(lastInsertRowid);
    this.invitationIds.push(id);
    if (opts.confirmedGuests) {
      const insert = this.sqlite.prepare("INSERT INTO guests (invitation_id, full_name, is_primary) VALUES (?, ?, ?)");
      [primaryGuest, ...opts.confirmedGuests].forEach((name, i) => insert.run(id, name, i === 0 ? 1 : 0));
    }
    return { id, code, primaryGuest, maxGuests };
  }

  /** The guests stored for an invitation, in order. */
  guestsOf(invitationId: number): string[] {
    return this.sqlite
      .prepare("SELECT full_name FROM guests WHERE invitation_id = ? ORDER BY is_primary DESC, id")
      .all(invitationId)
      .map((r) => (r as { full_name: string }).full_name);
  }

  invitation(id: number) {
    return this.sqlite.prepare("SELECT * FROM invitations WHERE id = ?").get(id) as
      { id: number; code: string; primary_guest: string; max_guests: number; confirmed: number } | undefined;
  }

  createSection(opts: { name?: string; description?: string; allowUpload?: boolean; isActive?: boolean; order?: number } = {}) {
    const name = opts.name ?? `Sección ${Math.random().toString(36).slice(2, 7)}`;
    const { lastInsertRowid } = this.sqlite
      .prepare('INSERT INTO gallery_sections (name, description, "order", allow_upload, is_active) VALUES (?, ?, ?, ?, ?)')
      .run(name, opts.description ?? null, opts.order ?? 100, opts.allowUpload === false ? 0 : 1, opts.isActive === false ? 0 : 1);
    const id = Number(lastInsertRowid);
    this.sectionIds.push(id);
    return { id, name };
  }

  /** Runs a query against the test database (for assertions). */
  query<T>(sql: string, ...params: unknown[]): T[] {
    const statement = this.sqlite.prepare(sql);
    if (!statement.reader) {
      statement.run(...params);
      return [];
    }
    return statement.all(...params) as T[];
  }

  /** Registers rows created through the UI so they are cleaned up too. */
  trackInvitation(id: number) {
    this.invitationIds.push(id);
  }
  trackSection(id: number) {
    this.sectionIds.push(id);
  }
  /** Wishes are site-wide (the gallery and every slideshow show them): a test's own go with it. */
  trackWish(name: string) {
    this.wishNames.push(name);
  }

  /** Closes the connection, keeping every row. */
  close() {
    this.sqlite.close();
  }

  cleanup() {
    const del = (table: string, ids: number[]) => {
      if (ids.length) this.sqlite.prepare(`DELETE FROM ${table} WHERE id IN (${ids.map(() => "?").join(",")})`).run(...ids);
    };
    del("invitations", this.invitationIds);
    del("gallery_sections", this.sectionIds);
    if (this.wishNames.length) this.sqlite.prepare(`DELETE FROM wishes WHERE name IN (${this.wishNames.map(() => "?").join(",")})`).run(...this.wishNames);
    this.sqlite.close();
  }
}

export const test = base.extend<{ data: TestData }>({
  // A distinct client address per test (the server trusts X-Forwarded-For in e2e), so rate limits are per test.
  // The address is a label from the IPv6 documentation range; no traffic goes anywhere but localhost.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's parameters from this destructuring
  extraHTTPHeaders: async ({}, use) => {
    await use({ "X-Forwarded-For": uniqueClientAddress() });
  },
  // eslint-disable-next-line no-empty-pattern -- as above
  data: async ({}, use) => {
    const data = new TestData(process.env.E2E_DATABASE_PATH!);
    await use(data);
    data.cleanup();
  },
});

export { expect };

/** A client address of its own (IPv6 documentation range) for rate-limit isolation. */
export function uniqueClientAddress(): string {
  const hex = () => Math.floor(Math.random() * 0xffff).toString(16);
  // The site counts an IPv6 client by its /64: another client is another /64.
  return `2001:db8:${hex()}:${hex()}::${hex()}`;
}

export const baseURL = () => `http://127.0.0.1:${process.env.E2E_PORT}`;

/** Saves a language choice as the site's own switch would (the cookie holds JSON in base64). */
export async function chooseLanguage(page: Page, lng: "es" | "en") {
  const value = Buffer.from(JSON.stringify(lng)).toString("base64");
  await page.context().addCookies([{ name: "lng", value, url: baseURL() }]);
}

/** True when the test runs with JavaScript disabled. */
/** Opens a gallery section as a guest does: a dialog with JavaScript, its own page without. Returns that scope. */
export async function openSection(page: Page, name: string, noJs: boolean) {
  await page.goto("/gallery");
  await page.getByRole("link", { name: `Ver fotos de ${name}` }).click();
  if (noJs) {
    await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
    return page.getByRole("article", { name });
  }
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

export function jsDisabled(testInfo: { project: { name: string } }) {
  return testInfo.project.name === "no-js";
}

/**
 * Starts another instance of the built server with different settings (e.g. a past
 * RSVP deadline), on its own free port and database. Call stop() when done.
 */
export async function startServer(
  env: Record<string, string>,
): Promise<{ baseURL: string; dataDir: string; pid: number; output: () => string; stop: () => Promise<void>; kill: (signal: NodeJS.Signals) => void }> {
  const { spawn } = await import("node:child_process");
  const fs = await import("node:fs");
  const os = await import("node:os");
  const path = await import("node:path");
  // A PORT given is kept (a server whose PUBLIC_URL must name its own address).
  const port: number = env.PORT
    ? Number(env.PORT)
    : await new Promise((resolve) => {
        const srv = net.createServer();
        srv.listen(0, "127.0.0.1", () => {
          const p = (srv.address() as net.AddressInfo).port;
          srv.close(() => resolve(p));
        });
      });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wedding-e2e-extra-"));
  const baseEnv = Object.fromEntries(
    Object.entries(process.env)
      .filter(([k]) => k.startsWith("E2E_") && k !== "E2E_PORT" && k !== "E2E_DATA_DIR")
      .map(([k, v]) => [k.slice(4), v as string]),
  );
  const child = spawn(process.execPath, ["server.mjs"], {
    env: {
      ...process.env,
      ...baseEnv,
      PORT: String(port),
      DATABASE_PATH: path.join(dataDir, "wedding.sqlite"),
      UPLOADS_DIR: path.join(dataDir, "uploads"),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const baseURL = `http://127.0.0.1:${port}`;
  // Until it answers: a loaded machine can take long to start it (the caller's timeout bounds the wait).
  const deadline = Date.now() + 80_000;
  for (;;) {
    try {
      const res = await fetch(`${baseURL}/healthz`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`extra server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseURL,
    dataDir,
    pid: child.pid!,
    output: () => output,
    kill: (signal) => child.kill(signal),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await new Promise((r) => child.once("exit", r));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
