import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { boot, workerStart } from "~/start.server";
import { db } from "~/infra/db.server";
import { checkAdminPassword, resetSecretsForTests, sessionSecret } from "~/infra/secrets.server";
import { useTestDatabase } from "./helpers/test-db";

describe("first start with generated secrets", () => {
  const paths = useTestDatabase(
    { ADMIN_PASSWORD: "" },
    { sqliteOnly: "generated secrets are kept beside the SQLite file; PostgreSQL requires them in the environment" },
  );

  it("seeds demo invitations of 1, 3 and 8 seats and the gallery sections, printing the codes once", async () => {
    delete process.env.ADMIN_PASSWORD;
    const lines: string[] = [];
    await boot((l) => lines.push(l));
    const invitations = await db().selectFrom("invitations").select(["code", "max_guests"]).orderBy("id").execute();
    expect(invitations.map((i) => i.max_guests)).toEqual([1, 3, 8]);
    for (const i of invitations) expect(lines.join("\n")).toContain(i.code);
    const sections = await db().selectFrom("gallery_sections").select("id").execute();
    expect(sections.length).toBeGreaterThan(0);

    // The generated admin password is printed once and works; only its hash is kept.
    const passwordLine = lines.find((l) => l.startsWith("Admin password"));
    const password = passwordLine!.split(": ").pop()!;
    expect(checkAdminPassword(password)).toBe(true);
    // What a person must read stands out of the start's log: a blank line and a heading before
    // it, where to sign in beside the password, and a blank line after the block.
    const at = lines.indexOf(passwordLine!);
    expect(lines.slice(at - 2, at)).toEqual(["", "==== First start: keep this ===="]);
    expect(lines[at + 1]).toMatch(/^Sign in at https?:\/\/[^/]+\/admin$/);
    const end = lines.findIndex((l, i) => i > at && /^=+$/.test(l));
    expect(lines[end + 1]).toBe("");
    for (const i of invitations) expect(lines.slice(at, end).join("\n")).toContain(i.code);
    expect(checkAdminPassword(password + "x")).toBe(false);
    const secretsFile = path.join(path.dirname(paths.database), ".secrets.json");
    expect(fs.readFileSync(secretsFile, "utf8")).not.toContain(password);

    // A second start prints nothing new and changes nothing.
    resetSecretsForTests();
    const again: string[] = [];
    await boot((l) => again.push(l));
    expect(again.some((l) => l.startsWith("Admin password"))).toBe(false);
    expect(again.some((l) => l.includes("Demo data"))).toBe(false);
    expect(await db().selectFrom("invitations").select("id").execute()).toHaveLength(3);
    expect(checkAdminPassword(password)).toBe(true);
  });

  it("keeps the generated session secret across restarts", () => {
    const first = sessionSecret();
    resetSecretsForTests();
    expect(sessionSecret()).toBe(first);
    expect(first.length).toBeGreaterThanOrEqual(32);
  });
  it("a worker of the cluster reads what the boot made and writes nothing: same session secret, same password", async () => {
    delete process.env.ADMIN_PASSWORD;
    const lines: string[] = [];
    await boot((l) => lines.push(l));
    const password = lines
      .find((l) => l.startsWith("Admin password"))!
      .split(": ")
      .pop()!;
    const secretsFile = path.join(path.dirname(paths.database), ".secrets.json");
    const written = fs.readFileSync(secretsFile, "utf8");
    const booted = sessionSecret();

    // A worker is a new process: nothing in memory.
    resetSecretsForTests();
    const cfg = workerStart();
    expect(cfg.DATABASE_PATH).toBe(paths.database);
    expect(sessionSecret()).toBe(booted);
    expect(checkAdminPassword(password)).toBe(true);
    expect(fs.readFileSync(secretsFile, "utf8")).toBe(written);
    expect(await db().selectFrom("invitations").select("id").execute()).toHaveLength(3);
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
