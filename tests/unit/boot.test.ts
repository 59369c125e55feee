import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { boot, workerStart } from "~/start.server";
import { db } from "~/infra/db.server";
import { resetConfigForTests } from "~/infra/config.server";
import { checkAdminPassword, finishSetup, hashPassword, resetSecretsForTests, sessionSecret, setupPending, verifySetupToken } from "~/infra/secrets.server";
import { DEFAULT_RSVP_DEADLINE } from "~/lib/constants";
import { useTestDatabase } from "./helpers/test-db";

describe("first start with no admin password: the setup link", () => {
  const paths = useTestDatabase(
    { ADMIN_PASSWORD: "", SEED_DEMO_DATA: "1" },
    { sqliteOnly: "generated secrets are kept beside the SQLite file; PostgreSQL requires them in the environment" },
  );
  const secretsFile = () => path.join(path.dirname(paths.database), ".secrets.json");
  const linkIn = (lines: string[]) => lines.find((l) => l.includes("/setup?token="))?.trim();
  const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

  it("prints a one-time setup link inside the 'keep this' block, keeps only its hash, and seeds nothing yet", async () => {
    delete process.env.ADMIN_PASSWORD;
    resetConfigForTests();
    const lines: string[] = [];
    await boot((l) => lines.push(l));

    // What a person must read stands out of the start's log: a blank line and a heading before it,
    // the link inside, and a blank line after the block.
    const heading = lines.indexOf("==== First start: keep this ====");
    expect(heading).toBeGreaterThan(0);
    expect(lines[heading - 1]).toBe("");
    const end = lines.findIndex((l, i) => i > heading && /^=+$/.test(l));
    expect(lines[end + 1]).toBe("");
    const link = linkIn(lines.slice(heading, end))!;
    expect(link).toMatch(/^http:\/\/localhost:\d+\/setup\?token=[A-Za-z0-9_-]{40,}$/);
    expect(lines.some((l) => l.startsWith("Admin password"))).toBe(false);

    // At rest only a hash: the token itself is nowhere in the secrets file.
    const token = tokenOf(link);
    const stored = fs.readFileSync(secretsFile(), "utf8");
    expect(stored).not.toContain(token);
    expect(JSON.parse(stored)).not.toHaveProperty("adminPasswordHash");
    expect(setupPending()).toBe(true);
    expect(verifySetupToken(token)).toBe(true);
    expect(verifySetupToken(token.slice(0, -1) + (token.endsWith("A") ? "B" : "A"))).toBe(false);
    expect(verifySetupToken("")).toBe(false);

    // Demo data waits for the couple's choice at /setup.
    expect(await db().selectFrom("invitations").select("id").execute()).toHaveLength(0);
    expect(await db().selectFrom("gallery_sections").select("id").execute()).toHaveLength(0);
    expect(lines.some((l) => l.includes("Demo data"))).toBe(false);
  });

  it("says nothing of a passed RSVP deadline while setup is pending: the couple sets the dates there", async () => {
    delete process.env.ADMIN_PASSWORD;
    resetConfigForTests();
    expect(Date.now()).toBeGreaterThan(Date.parse(DEFAULT_RSVP_DEADLINE));
    const lines: string[] = [];
    await boot((l) => lines.push(l));
    expect(setupPending()).toBe(true);
    expect(lines.some((l) => l.includes("/setup?token="))).toBe(true);
    expect(lines.some((l) => l.includes("RSVP deadline"))).toBe(false);
  });

  it("prints a new link at each start until setup is done; the old token stops working", async () => {
    delete process.env.ADMIN_PASSWORD;
    resetConfigForTests();
    const first: string[] = [];
    await boot((l) => first.push(l));
    const old = tokenOf(linkIn(first)!);

    resetSecretsForTests(); // a new process
    const second: string[] = [];
    await boot((l) => second.push(l));
    const fresh = tokenOf(linkIn(second)!);
    expect(fresh).not.toBe(old);
    expect(verifySetupToken(old)).toBe(false);
    expect(verifySetupToken(fresh)).toBe(true);
  });

  it("is single use: once setup stores the password, the token is spent and no later start prints a link", async () => {
    delete process.env.ADMIN_PASSWORD;
    resetConfigForTests();
    const lines: string[] = [];
    await boot((l) => lines.push(l));
    const token = tokenOf(linkIn(lines)!);
    finishSetup("a-chosen-password");
    expect(verifySetupToken(token)).toBe(false);
    expect(setupPending()).toBe(false);
    expect(checkAdminPassword("a-chosen-password")).toBe(true);
    expect(fs.readFileSync(secretsFile(), "utf8")).not.toContain("a-chosen-password");

    resetSecretsForTests();
    const again: string[] = [];
    await boot((l) => again.push(l));
    expect(linkIn(again)).toBeUndefined();
    expect(verifySetupToken(token)).toBe(false);
    expect(checkAdminPassword("a-chosen-password")).toBe(true);
  });

  it("keeps the generated session secret across restarts", () => {
    const first = sessionSecret();
    resetSecretsForTests();
    expect(sessionSecret()).toBe(first);
    expect(first.length).toBeGreaterThanOrEqual(32);
  });

  it("a worker of the cluster reads the token's hash boot stored and writes nothing; setup done in one process is seen by the other", async () => {
    delete process.env.ADMIN_PASSWORD;
    resetConfigForTests();
    const lines: string[] = [];
    await boot((l) => lines.push(l));
    const token = tokenOf(linkIn(lines)!);
    const written = fs.readFileSync(secretsFile(), "utf8");
    const booted = sessionSecret();

    // A worker is a new process: nothing in memory.
    resetSecretsForTests();
    const cfg = workerStart();
    expect(cfg.DATABASE_PATH).toBe(paths.database);
    expect(sessionSecret()).toBe(booted);
    expect(verifySetupToken(token)).toBe(true);
    expect(fs.readFileSync(secretsFile(), "utf8")).toBe(written);

    // Another worker completes setup (it rewrites the file): this one reads the change.
    const other = JSON.parse(written) as Record<string, string>;
    delete other.setupTokenHash;
    fs.writeFileSync(`${secretsFile()}.next`, JSON.stringify({ ...other, adminPasswordHash: hashPassword("chosen-in-another-worker") }));
    fs.renameSync(`${secretsFile()}.next`, secretsFile());
    expect(verifySetupToken(token)).toBe(false);
    expect(checkAdminPassword("chosen-in-another-worker")).toBe(true);
  });
});

describe("first start with ADMIN_PASSWORD", () => {
  const paths = useTestDatabase({ ADMIN_PASSWORD: "the-right-password" }, { sqliteOnly: "the secrets file lives beside the SQLite file" });

  it("skips setup: no link, no token stored, demo data seeded as before", async () => {
    const lines: string[] = [];
    await boot((l) => lines.push(l));
    expect(lines.some((l) => l.includes("/setup"))).toBe(false);
    expect(setupPending()).toBe(false);
    const file = path.join(path.dirname(paths.database), ".secrets.json");
    expect(JSON.parse(fs.readFileSync(file, "utf8"))).not.toHaveProperty("setupTokenHash");
    expect(lines.some((l) => l.includes("Demo data created"))).toBe(true);
    expect(await db().selectFrom("invitations").select("id").execute()).toHaveLength(3);
  });

  it("says when the RSVP deadline has passed", async () => {
    expect(Date.now()).toBeGreaterThan(Date.parse(DEFAULT_RSVP_DEADLINE));
    const lines: string[] = [];
    await boot((l) => lines.push(l));
    expect(lines).toContainEqual(expect.stringMatching(/^Note: the RSVP deadline \(.+\) has passed, so \/confirm shows the closed view\.$/));
  });
});

describe("first start", () => {
  const paths = useTestDatabase();

  it("instances started at once on one empty database seed the demo data once", async () => {
    const outputs: string[][] = [[], [], []];
    await Promise.all(outputs.map((lines) => boot((l) => lines.push(l))));
    expect(await db().selectFrom("invitations").select("id").execute()).toHaveLength(3);
    expect(outputs.filter((lines) => lines.some((l) => l.includes("Demo data created")))).toHaveLength(1);
  });

  it("never seeds a database that already has data", async () => {
    await db().insertInto("invitations").values({ code: "ABCDEF", primary_guest: "Real Guest", max_guests: 2 }).execute();
    await boot(() => {});
    const rows = await db().selectFrom("invitations").select("primary_guest").execute();
    expect(rows).toEqual([{ primary_guest: "Real Guest" }]);
    expect(await db().selectFrom("gallery_sections").select("id").execute()).toHaveLength(0);
  });

  it("after a crash, sets aside files no photo row names and removes half-written ones, keeping every named photo", async () => {
    const section = await db().insertInto("gallery_sections").values({ name: "Fiesta", order: 1 }).returning("id").executeTakeFirstOrThrow();
    const dir = path.join(paths.uploads, String(section.id));
    fs.mkdirSync(dir, { recursive: true });
    for (const f of ["kept.jpg", "kept-thumb.jpg", "unanswered.jpg", "unanswered.jpg.ab12cd34.tmp"]) fs.writeFileSync(path.join(dir, f), f);
    await db()
      .insertInto("media")
      .values({
        section_id: section.id,
        type: "IMAGE",
        file_path: `${section.id}/kept.jpg`,
        public_url: "/uploads/x",
        thumbnail_path: `${section.id}/kept-thumb.jpg`,
        name: "kept",
        size: 8,
      })
      .execute();
    const lines: string[] = [];
    await boot((l) => lines.push(l));

    expect(fs.readdirSync(dir).sort()).toEqual(["kept-thumb.jpg", "kept.jpg"]);
    const [batch] = fs.readdirSync(path.join(paths.uploads, "_orphaned"));
    expect(fs.readFileSync(path.join(paths.uploads, "_orphaned", batch, String(section.id), "unanswered.jpg"), "utf8")).toBe("unanswered.jpg");
    expect(lines.some((l) => l.startsWith("Moved 1 uploaded file"))).toBe(true);
  });
});

describe("configured admin password", () => {
  useTestDatabase({ ADMIN_PASSWORD: "the-right-password" });
  it("is compared exactly", () => {
    expect(checkAdminPassword("the-right-password")).toBe(true);
    expect(checkAdminPassword("the-right-passworD")).toBe(false);
    expect(checkAdminPassword("")).toBe(false);
  });
});
