// @ts-check
// Starts the built server (server.mjs) on a free local port with a fresh database, for the
// benchmark scripts. Returns { base, dir, pid, stop }.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** A local port nothing listens on now. */
export function freePort() {
  return /** @type {Promise<number>} */ (
    new Promise((resolve) => {
      const srv = net.createServer();
      srv.listen(0, "127.0.0.1", () => {
        const p = /** @type {import("node:net").AddressInfo} */ (srv.address()).port;
        srv.close(() => resolve(p));
      });
    })
  );
}

/**
 * `onStdout`, when given, receives the server's standard output (else it is dropped); `execArgv`: node's flags for it.
 * @param {Record<string, string>} [env]
 * @param {{ onStdout?: (chunk: string) => void, execArgv?: string[] }} [options]
 */
export async function startBuiltServer(env = {}, { onStdout, execArgv = [] } = {}) {
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  if (!fs.existsSync(path.join(buildDir, "server", "index.js"))) {
    console.error("No build found: run `npm run build` first.");
    process.exit(1);
  }
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wedding-bench-"));
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...execArgv, "server.mjs"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_PATH: path.join(dir, "wedding.sqlite"),
      UPLOADS_DIR: path.join(dir, "uploads"),
      ADMIN_PASSWORD: "bench-admin-password",
      SESSION_SECRET: "bench-session-secret-0123456789",
      LOG_REQUESTS: "0",
      ...env,
    },
    stdio: ["ignore", onStdout ? "pipe" : "ignore", "inherit"],
  });
  if (onStdout) child.stdout?.setEncoding("utf8").on("data", onStdout);
  const stop = () => {
    child.kill("SIGTERM");
    fs.rmSync(dir, { recursive: true, force: true });
  };
  process.on("exit", () => child.kill("SIGTERM"));
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (i > 150) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 200));
  }
  if (child.pid === undefined) throw new Error("the server did not start");
  return { base, dir, pid: child.pid, stop, databasePath: path.join(dir, "wedding.sqlite") };
}
