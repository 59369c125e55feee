import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

type LockEntry = { hasInstallScript?: boolean };
type Manifest = { scripts?: Record<string, string> };

/**
 * The committed package-lock.json is the one npm writes: `npm install` on a fresh clone must leave
 * the tree clean. npm records `hasInstallScript` for a package whose manifest has a preinstall,
 * install or postinstall script, or a binding.gyp (built by node-gyp); a lock that misses one is
 * rewritten by the first install.
 */
describe("package-lock.json", () => {
  it("marks exactly the installed packages that have install scripts", () => {
    const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as { packages: Record<string, LockEntry> };
    const wrong: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      if (!path.startsWith("node_modules/")) continue;
      const manifestPath = join(path, "package.json");
      // Optional packages for other platforms are in the lock but not installed.
      if (!existsSync(manifestPath)) continue;
      const scripts = (JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest).scripts ?? {};
      const hasScript = ["preinstall", "install", "postinstall"].some((name) => name in scripts);
      const expected = hasScript || existsSync(join(path, "binding.gyp"));
      if (expected !== (entry.hasInstallScript === true)) wrong.push(path);
    }
    expect(wrong).toEqual([]);
  });
});
