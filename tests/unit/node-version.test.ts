import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { nodeVersionProblem } from "../../server/node-version.mjs";

describe("the Node.js version check", () => {
  it("accepts 22.12 and newer, and names the version it refuses", () => {
    for (const version of ["22.12.0", "22.22.0", "24.1.0", "26.0.0"]) expect(nodeVersionProblem(version), version).toBeNull();
    expect(nodeVersionProblem("22.11.0")).toBe("Node.js 22.12 or newer is required; this is 22.11.0.");
    expect(nodeVersionProblem("20.20.2")).toBe("Node.js 22.12 or newer is required; this is 20.20.2.");
  });

  it("stops server.mjs with that message before anything else runs", () => {
    // This Node.js pretends to be 22.11.0; a bad PORT would otherwise stop the server naming PORT.
    const pretend = `data:text/javascript,Object.defineProperty(process.versions, "node", { value: "22.11.0" })`;
    const result = spawnSync(process.execPath, ["--import", pretend, "server.mjs"], {
      env: { ...process.env, PORT: "not-a-port", NODE_ENV: "production" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe("Node.js 22.12 or newer is required; this is 22.11.0.");
    expect(result.stdout).toBe("");
  });

  describe("npm, run by a Node.js older than package.json asks for", () => {
    // Every node npm starts (npm itself, and the scripts) pretends to be this version.
    const dir = mkdtempSync(join(tmpdir(), "old-node-"));
    const pretend = join(dir, "pretend.mjs");
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const npmAs = (version: string, args: string[]) => {
      writeFileSync(
        pretend,
        `Object.defineProperty(process.versions, "node", { value: "${version}" });\n` +
          `Object.defineProperty(process, "version", { value: "v${version}" });\n`,
      );
      return spawnSync("npm", args, {
        env: { ...process.env, NODE_OPTIONS: `--import ${pathToFileURL(pretend).href}` },
        encoding: "utf8",
        timeout: 60_000,
      });
    };

    it("warns with npm's engine message, accepts the committed lock, and the install's first script refuses", () => {
      // The lock must stay acceptable to any npm that checks it (a deploy's `npm ci`), so the
      // engines field warns rather than fails; the preinstall check is what stops the install.
      const dryRun = npmAs("20.20.2", ["ci", "--dry-run", "--ignore-scripts", "--offline", "--no-audit", "--no-fund"]);
      expect(dryRun.stderr).toContain("EBADENGINE");
      expect(dryRun.status).toBe(0);
      const install = npmAs("20.20.2", ["run", "preinstall", "--silent"]);
      expect(install.status).not.toBe(0);
      expect(install.stderr).toContain("Node.js 22.12 or newer is required; this is 20.20.2.");
      expect(install.stderr).toContain("then run `npm install` again");
    });

    it("stops `npm start` before the build, saying how to get a newer one", () => {
      const result = npmAs("22.11.0", ["start", "--silent"]);
      expect(result.status).not.toBe(0);
      expect(result.stderr).toContain("Node.js 22.12 or newer is required; this is 22.11.0.");
      expect(result.stderr).toContain("nvm install");
      expect(result.stdout).toBe("");
    });
  });
});
