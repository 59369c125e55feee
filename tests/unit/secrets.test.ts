import fs from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { resetConfigForTests } from "~/infra/config.server";
import { checkAdminPassword, finishSetup, resetSecretsForTests, sessionSecret, startSetup, verifySetupToken } from "~/infra/secrets.server";
import { useTestDatabase } from "./helpers/test-db";

/** .secrets.json survives a crash mid-write: the next start always finds a complete file. */
describe(".secrets.json", () => {
  const paths = useTestDatabase({}, { sqliteOnly: "the generated secrets file lives beside the SQLite file; PostgreSQL requires them in the environment" });
  const file = () => path.join(paths.dir, ".secrets.json");
  const leftovers = () => fs.readdirSync(paths.dir).filter((f) => f.endsWith(".tmp"));

  it("a leftover or half-written temporary file does not break the next start", async () => {
    const secret = sessionSecret();
    fs.writeFileSync(path.join(paths.dir, ".secrets.json.4242.deadbeef.tmp"), '{"sessionSecret":"half');
    fs.writeFileSync(path.join(paths.dir, ".secrets.json.tmp"), "");
    resetSecretsForTests();
    expect(sessionSecret()).toBe(secret);
  });

  it("with only a half-written temporary file (a crash before the first rename), a complete file is made", async () => {
    fs.writeFileSync(path.join(paths.dir, ".secrets.json.4242.deadbeef.tmp"), '{"sessionSecret":"half');
    const secret = sessionSecret();
    expect(JSON.parse(fs.readFileSync(file(), "utf8"))).toEqual({ sessionSecret: secret });
  });

  it("a crash while writing leaves the previous file complete, and nothing half-written behind", async () => {
    const secret = sessionSecret();
    delete process.env.ADMIN_PASSWORD;
    resetConfigForTests();
    const original = fs.writeFileSync;
    const spy = vi.spyOn(fs, "writeFileSync").mockImplementation((target, data) => {
      // The disk fills up halfway through.
      original(target, String(data).slice(0, 12));
      throw new Error("ENOSPC: no space left on device");
    });
    try {
      expect(() => startSetup()).toThrow(/ENOSPC/);
    } finally {
      spy.mockRestore();
    }
    expect(JSON.parse(fs.readFileSync(file(), "utf8"))).toEqual({ sessionSecret: secret });
    expect(leftovers()).toEqual([]);

    // The next start reads the same secret and can still make the setup token, and setup its password.
    resetSecretsForTests();
    expect(sessionSecret()).toBe(secret);
    const token = startSetup();
    expect(token).toEqual(expect.any(String));
    resetSecretsForTests();
    expect(verifySetupToken(token!)).toBe(true);
    finishSetup("a-chosen-password");
    resetSecretsForTests();
    expect(checkAdminPassword("a-chosen-password")).toBe(true);
    expect(fs.statSync(file()).mode & 0o777).toBe(0o600);
  });
});
