import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
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
});
