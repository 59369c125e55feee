// @ts-check
// Puts Caddy in front of a running site, as a deployment does (deploy/Caddyfile: HTTPS, and so
// HTTP/2, forwarding every request to the site), for the benchmark scripts that measure what a
// guest's phone gets. Caddy's own certificate for localhost (`tls internal`); its data, CA
// included, in a temporary folder, never installed in the system's trust store. Needs the `caddy`
// binary (Debian's package; CADDY_PATH). Returns { base, stop }.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { freePort } from "./start-server.mjs";

/**
 * The status of a GET, or 0 when nothing answers. Caddy's certificate is its own, made for this
 * run: this one check does not verify it (the browser is told to accept it).
 * @param {string} url
 * @returns {Promise<number>}
 */
const statusOf = (url) =>
  new Promise((resolve) => {
    https
      .get(url, { rejectUnauthorized: false }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on("error", () => resolve(0));
  });

/** The caddy binary, or null when this machine has none. */
function caddyPath() {
  const bin = process.env.CADDY_PATH ?? "caddy";
  return spawnSync(bin, ["version"], { stdio: "ignore" }).status === 0 ? bin : null;
}

/**
 * Caddy on https://localhost:{free port}, forwarding to `upstream` (http://127.0.0.1:PORT).
 * @param {string} upstream
 */
export async function startCaddy(upstream) {
  const bin = caddyPath();
  if (!bin) throw new Error("caddy not found (install Debian's caddy package, or set CADDY_PATH)");
  const [httpsPort, httpPort] = [await freePort(), await freePort()];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wedding-caddy-"));
  // deploy/Caddyfile's server timeouts and its one reverse_proxy; here without the admin endpoint,
  // on free ports, with a local certificate.
  const caddyfile = `{
	admin off
	skip_install_trust
	https_port ${httpsPort}
	http_port ${httpPort}
	servers {
		timeouts {
			read_header 30s
			idle 5m
		}
	}
}

localhost:${httpsPort} {
	tls internal
	reverse_proxy ${new URL(upstream).host} {
		transport http {
			dial_timeout 5s
		}
	}
}
`;
  fs.writeFileSync(path.join(dir, "Caddyfile"), caddyfile);
  let log = "";
  const child = spawn(bin, ["run", "--config", path.join(dir, "Caddyfile"), "--adapter", "caddyfile"], {
    env: { ...process.env, XDG_DATA_HOME: path.join(dir, "data"), XDG_CONFIG_HOME: path.join(dir, "config"), HOME: dir },
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr.setEncoding("utf8").on("data", (chunk) => (log = (log + chunk).slice(-4000)));
  const stop = () => {
    child.kill("SIGTERM");
    fs.rmSync(dir, { recursive: true, force: true });
  };
  process.on("exit", () => child.kill("SIGTERM"));
  const base = `https://localhost:${httpsPort}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`caddy exited: ${log}`);
    if ((await statusOf(`${base}/healthz`)) === 200) break;
    if (i > 100) {
      stop();
      throw new Error(`caddy did not answer on ${base}: ${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { base, stop };
}
