import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { nodeVersionProblem } from "../../server/node-version.mjs";

describe("the Node.js version check", () => {
  it("accepts 20.12 and newer, and names the version it refuses", () => {
    for (const version of ["20.12.0", "20.20.2", "22.0.0", "24.1.0"]) expect(nodeVersionProblem(version), version).toBeNull();
    expect(nodeVersionProblem("20.11.1")).toBe("Node.js 20.12 or newer is required; this is 20.11.1.");
    expect(nodeVersionProblem("18.19.0")).toBe("Node.js 20.12 or newer is required; this is 18.19.0.");
  });

  it("stops server.mjs with that message before anything else runs", () => {
    // This Node.js pretends to be 20.11.1; a bad PORT would otherwise stop the server naming PORT.
    const pretend = `data:text/javascript,Object.defineProperty(process.versions, "node", { value: "20.11.1" })`;
    const result = spawnSync(process.execPath, ["--import", pretend, "server.mjs"], {
      env: { ...process.env, PORT: "not-a-port", NODE_ENV: "production" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe("Node.js 20.12 or newer is required; this is 20.11.1.");
    expect(result.stdout).toBe("");
  });
});
