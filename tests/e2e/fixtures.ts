import { test as base, expect, type Browser, type Page, type TestInfo } from "@playwright/test";
import Database from "better-sqlite3";
import { createApiClient, galleryService, invitationsService, wishesService, type AdminInvitation, type SectionView } from "../../app/lib/api-client";
import crypto from "node:crypto";
import net from "node:net";
import sharp from "sharp";

/** The server a TestData talks to: the main e2e server by default, or one a spec started (startServer). */
export interface TestServer {
  baseURL: string;
  /** Where that server keeps its SQLite file (`wedding.sqlite`), for readDatabase. */
  dataDir?: string;
  /** Its SQLite file when it is not in `dataDir` (a server given DATABASE_PATH). */
  databasePath?: string;
}

/**
 * Test data made the way users make it: through the JSON API with the admin's bearer token (and a
 * guest's confirmation through the guest route), so every rule and every cache the app keeps sees
 * it, and a migration never breaks the fixtures. Every row a test creates is deleted through the
 * API when the test ends. Each call claims a client address of its own, so fixture traffic never
 * eats a test's rate-limit allowance.
 */
export class TestData {
  readonly baseURL: string;
  private readonly databasePath: string | undefined;
  private reader: Database.Database | null = null;
  private readonly invitationIds: number[] = [];
  private readonly sectionIds: number[] = [];
  private readonly wishNames: string[] = [];

  /** The main e2e server, or the one given (a startServer() answer fits). */
  constructor(server?: TestServer) {
    this.baseURL = server?.baseURL ?? baseURL();
    this.databasePath = server ? (server.databasePath ?? (server.dataDir && `${server.dataDir}/wedding.sqlite`)) : process.env.E2E_DATABASE_PATH;
  }

  /** The API as the admin's scripts call it (bearer token). */
  private admin() {
    return client(this.baseURL, { Authorization: `Bearer ${process.env.E2E_ADMIN_API_TOKEN}` });
  }

  /** The API as a guest calls it (no token). */
  private guest() {
    return client(this.baseURL, {});
  }

  get invitations() {
    return invitationsService(this.admin());
  }
  get gallery() {
    return galleryService(this.admin());
  }
  get wishes() {
    return wishesService(this.admin());
  }

  /**
   * Creates an invitation (the admin's POST /api/invitations, capacity warnings accepted). With
   * `confirmedGuests` the guests then confirm it as they would (POST /api/invitations/{code}/confirm),
   * the primary guest first; `dietary` and `message` go with that confirmation.
   */
  async createInvitation(
    opts: {
      primaryGuest?: string;
      maxGuests?: number;
      confirmedGuests?: string[];
      language?: "es" | "en";
      phone?: string | null;
      email?: string | null;
      /** Dietary notes by guest name, sent with the confirmation. */
      dietary?: Record<string, string>;
      message?: string;
      /** Declined by the admin (PUT status "declined"), as when a guest calls to say so. */
      declined?: boolean;
    } = {},
  ) {
    const primaryGuest = opts.primaryGuest ?? `Invitado ${Math.random().toString(36).slice(2, 7)}`;
    const maxGuests = opts.maxGuests ?? 1;
    const created = await this.invitations.create({
      primaryGuest,
      maxGuests,
      language: opts.language,
      phone: opts.phone,
      email: opts.email,
      allowOverCapacity: true,
    });
    this.invitationIds.push(created.id);
    const inv = { id: created.id, code: created.code, primaryGuest: created.primaryGuest, maxGuests };
    if (opts.confirmedGuests) await this.confirm(inv, opts.confirmedGuests, opts);
    if (opts.declined) await this.updateInvitation(inv.id, { status: "declined" });
    return inv;
  }

  /** The guests confirm (POST /api/invitations/{code}/confirm): the primary guest and these names. */
  confirm(inv: { code: string; primaryGuest: string }, additionalGuests: string[] = [], opts: { dietary?: Record<string, string>; message?: string } = {}) {
    const names = [inv.primaryGuest, ...additionalGuests];
    return invitationsService(this.guest()).confirm(
      inv.code,
      names.map((fullName) => ({ fullName, dietary: opts.dietary?.[fullName] ?? null })),
      opts.message,
    );
  }

  /** The guests say they cannot come (POST /api/invitations/{code}/decline). */
  decline(inv: { code: string }) {
    return invitationsService(this.guest()).decline(inv.code);
  }

  /** The admin's edit (PUT /api/invitations/{id}): seats, name, contacts, or the answer back to pending / declined. */
  updateInvitation(id: number, patch: Parameters<ReturnType<typeof invitationsService>["update"]>[1]) {
    return this.invitations.update(id, { allowOverCapacity: true, ...patch });
  }

  /** An invitation as the admin's API answers it (GET /api/invitations), or undefined when gone. */
  async invitation(id: number): Promise<AdminInvitation | undefined> {
    return (await this.invitations.list()).find((i) => i.id === id);
  }

  /** Every invitation whose primary guest is `name` (the admin's list). */
  async invitationsNamed(name: string): Promise<AdminInvitation[]> {
    return (await this.invitations.list()).filter((i) => i.primaryGuest === name);
  }

  /** The guests stored for an invitation, primary first (the admin's API); [] when none or gone. */
  async guestsOf(invitationId: number): Promise<string[]> {
    return ((await this.invitation(invitationId))?.guests ?? []).map((g) => g.fullName);
  }

  /** Creates a gallery section (POST /api/gallery/sections): active and open for uploads unless told otherwise. */
  async createSection(opts: { name?: string; description?: string; allowUpload?: boolean; isActive?: boolean; order?: number; reviewUploads?: boolean } = {}) {
    const name = opts.name ?? `Sección ${Math.random().toString(36).slice(2, 7)}`;
    const section = await this.gallery.createSection({
      name,
      description: opts.description,
      allow_upload: opts.allowUpload !== false,
      is_active: opts.isActive !== false,
      review_uploads: opts.reviewUploads === true,
      order: opts.order,
    });
    this.sectionIds.push(section.id);
    return { id: section.id, name };
  }

  /** A section as the admin's API answers it (GET /api/gallery/sections), with its public photos. */
  async section(id: number): Promise<SectionView | undefined> {
    return (await this.gallery.sections()).find((s) => s.id === id);
  }

  /**
   * A photo in a section through the upload route (POST /api/gallery/sections/{id}/media): the
   * admin's (token, published at once) or, with `asGuest`, a guest's (waits for review where the
   * section asks for it). A small JPEG unless `file` is given.
   */
  async uploadPhoto(sectionId: number, opts: { name?: string; uploaderName?: string; asGuest?: boolean; file?: Buffer } = {}) {
    const file = opts.file ?? (await jpeg(64, 48));
    const gallery = opts.asGuest ? galleryService(this.guest()) : this.gallery;
    return gallery.upload(sectionId, new Blob([new Uint8Array(file)], { type: "image/jpeg" }), opts.name ?? "foto.jpg", opts.uploaderName);
  }

  /** A section's photos waiting for review ('Por revisar'), oldest first; [] when none. */
  async pendingPhotos(sectionId: number) {
    return (await this.gallery.review()).find((s) => s.id === sectionId)?.photos ?? [];
  }

  /** Every section (inactive ones too) with this name. */
  async sectionsNamed(name: string): Promise<SectionView[]> {
    return (await this.gallery.sections()).filter((s) => s.name === name);
  }

  /** A guest's wish (POST /api/gallery/wishes), published by the admin when `publish` is set; cleaned up with the test. */
  async createWish(opts: { name: string; message: string; publish?: boolean }) {
    this.wishNames.push(opts.name);
    const posted = await wishesService(this.guest()).post({ name: opts.name, message: opts.message });
    if (opts.publish && posted.status === "pending") await this.wishes.approve(posted.id);
    return posted;
  }

  /**
   * Reads what only the database holds (an outbox row's state, a photo waiting for review, the
   * content's version history): a read-only connection, so a test can never write through it.
   */
  readDatabase<T>(sql: string, ...params: unknown[]): T[] {
    if (!this.databasePath) throw new Error("readDatabase: this server's data folder is unknown");
    this.reader ??= new Database(this.databasePath, { readonly: true, fileMustExist: true });
    this.reader.pragma("busy_timeout = 5000");
    return this.reader.prepare(sql).all(...params) as T[];
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

  /** Closes the read-only connection, keeping every row. */
  close() {
    this.reader?.close();
    this.reader = null;
  }

  /** Deletes every row the test made, through the API (one already gone is fine). */
  async cleanup() {
    const api = this.admin();
    const remove = async (path: string) => {
      const { error } = await api.delete(path);
      if (error && error.status !== 404) throw new Error(`cleanup: DELETE ${path}: ${error.status} ${error.message}`);
    };
    for (const id of this.invitationIds) await remove(`/api/invitations/${id}`);
    for (const id of this.sectionIds) await remove(`/api/gallery/sections/${id}`);
    if (this.wishNames.length) {
      const { pending, published } = await this.wishes.review();
      for (const wish of [...pending, ...published].filter((w) => this.wishNames.includes(w.name))) await remove(`/api/gallery/wishes/${wish.id}`);
    }
    this.close();
  }
}

/**
 * An API client for the fixtures: no cache, no retries (a write is never sent twice), and a client
 * address of its own on every request (the server trusts one proxy in e2e), so fixture calls never
 * count against a test's rate limits.
 */
function client(base: string, headers: Record<string, string>) {
  return createApiClient({
    baseUrl: base,
    staleTimeMs: 0,
    retries: 0,
    timeoutMs: 30_000,
    fetch: (input, init) =>
      fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), ...headers, "X-Forwarded-For": uniqueClientAddress() } }),
  });
}

export const test = base.extend<{ data: TestData }>({
  // A distinct client address per test (the server trusts X-Forwarded-For in e2e), so rate limits are per test.
  // The address is a label from the IPv6 documentation range; no traffic goes anywhere but localhost.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's parameters from this destructuring
  extraHTTPHeaders: async ({}, use) => {
    await use({ "X-Forwarded-For": uniqueClientAddress() });
  },
  // Through the server the test talks to (the "js-cached" project's has the page cache on: a write
  // through it empties that cache, as a guest's or the admin's would).
  data: async ({ baseURL: testBaseURL }, use) => {
    const data = new TestData({ baseURL: testBaseURL ?? baseURL(), databasePath: process.env.E2E_DATABASE_PATH });
    await use(data);
    await data.cleanup();
  },
});

export { expect };

/**
 * The token of the 'Ya no quiero recibir correos' link a site's e-mail carries, made as the site
 * makes it (app/infra/unsubscribe-token.server.ts: the address and language, HMAC-SHA256 under the
 * session secret).
 */
export function unsubscribeToken(email: string, language: "es" | "en", secret = process.env.E2E_SESSION_SECRET!) {
  const body = Buffer.from(JSON.stringify({ e: email, l: language })).toString("base64url");
  return `${body}.${crypto.createHmac("sha256", secret).update(`unsubscribe\u0000${body}`).digest("base64url")}`;
}

/** A plain JPEG of this size (one colour), as a phone's photo would be after the server re-encodes it. */
export function jpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 90, g: 140, b: 110 } } })
    .jpeg()
    .toBuffer();
}

/** A client address of its own (IPv6 documentation range) for rate-limit isolation. */
export function uniqueClientAddress(): string {
  const hex = () => Math.floor(Math.random() * 0xffff).toString(16);
  // The site counts an IPv6 client by its /64: another client is another /64.
  return `2001:db8:${hex()}:${hex()}::${hex()}`;
}

export const baseURL = () => `http://127.0.0.1:${process.env.E2E_PORT}`;

/** Saves a language choice as the site's own switch would (the cookie holds JSON in base64). */
/**
 * The site's service worker has taken over this browser's pages (the next navigation goes through
 * it, a sync can be registered). It registers once the page has come to life and the browser is
 * idle, at most 5 s later, then downloads every script of the site before it is active.
 */
export async function workerReady(page: Page) {
  await expect.poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active)), { timeout: 30_000 }).toBe(true);
}

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

type Language = "es" | "en";
/** Where a helper goes: the page's own base URL, or another server's (`startServer`). */
type On = { lng?: Language; base?: string };
const PANEL = {
  es: { password: "Contraseña", signIn: "Acceder", sections: "Secciones del panel" },
  en: { password: "Password", signIn: "Sign in", sections: "Panel sections" },
};

/** Signs the couple in through the panel's own form, in the page's language. */
export async function login(page: Page, { lng = "es", base = "" }: On = {}) {
  const texts = PANEL[lng];
  await page.goto(`${base}/admin`);
  await page.getByLabel(texts.password, { exact: true }).fill(process.env.E2E_ADMIN_PASSWORD!);
  await page.getByRole("button", { name: texts.signIn }).click();
  await expect(page.getByRole("navigation", { name: texts.sections })).toBeVisible();
}

/** A guest types their invitation code on /confirm. */
export async function enterCode(page: Page, code: string, { lng = "es", base = "" }: On = {}) {
  await page.goto(`${base}/confirm`);
  await page.getByLabel(lng === "en" ? "Invitation Code" : "Código de Invitación").fill(code);
  await page.getByRole("button", { name: lng === "en" ? "Verify Code" : "Verificar Código" }).click();
}

/** A browser of its own for one person on another server, in one language, JavaScript as the project runs. */
export async function openBrowser(browser: Browser, testInfo: TestInfo, base: string, lng: Language = "es") {
  const context = await browser.newContext({ baseURL: base, locale: lng === "en" ? "en-US" : "es-ES", javaScriptEnabled: !jsDisabled(testInfo) });
  await context.addCookies([{ name: "lng", value: Buffer.from(JSON.stringify(lng)).toString("base64"), url: base }]);
  return { context, page: await context.newPage() };
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

/**
 * Tables made, published and seated through the app's API (bearer token), as 'Mesas' does: each
 * table's people by name among the confirmed ones. Answers each table's token, its card's address.
 * A table of that name already on the server (a test's retry, or another test on the same server:
 * two tables never share a name) is used again.
 */
export async function seatTables(server: { baseURL: string }, tables: { name: string; people: string[] }[]): Promise<string[]> {
  const api = async (path: string, method: string, body?: unknown) => {
    const response = await fetch(`${server.baseURL}/api${path}`, {
      method,
      headers: { Authorization: `Bearer ${process.env.E2E_ADMIN_API_TOKEN}`, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} /api${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  await api("/tables/published", "PUT", { published: true });
  type Plan = { unseated: { id: number; name: string }[]; tables: { id: number; name: string; token: string; people: { id: number; name: string }[] }[] };
  const before = (await api("/tables", "GET")) as Plan;
  const made: { id: number; token: string }[] = [];
  for (const table of tables) {
    const existing = before.tables.find((t) => t.name.toLowerCase() === table.name.toLowerCase());
    made.push(existing ?? (await api("/tables", "POST", { name: table.name, seats: 10 })));
  }
  const plan = (await api("/tables", "GET")) as Plan;
  const everyone = [...plan.unseated, ...plan.tables.flatMap((t) => t.people)];
  const seats = tables.flatMap((table, i) =>
    table.people.map((name) => {
      const person = everyone.find((p) => p.name === name);
      if (!person) throw new Error(`${name} is not a confirmed guest`);
      return { guestId: person.id, tableId: made[i].id };
    }),
  );
  if (seats.length > 0) await api("/tables/seats", "PUT", { seats });
  return made.map((m) => m.token);
}
