// @ts-check
// `npm run test:container`: builds the repository's Dockerfile with Podman, runs the image the way
// compose.yaml runs the site (its command, environment and /data volume) behind Caddy with the
// repository's Caddyfile (every request goes through it, over HTTPS), and checks what a couple
// relies on:
//   - the image: a non-root user, port 3000, the /data volume, the health check on /healthz;
//   - a fresh site: healthy, set up over HTTP, an invitation confirmed by a guest, a photo stored
//     (sharp and better-sqlite3 work in the final stage), the icon's initials drawn (a font), a
//     59 MB video through Caddy;
//   - replacing the container: a NEW container on the same volume still has the answer, the photo,
//     the session (the secrets file lives beside the database, in /data);
//   - compose.yaml: it parses and its site service is what this test ran.
// Base images cannot be pulled on the test machine: scripts/container-stand-in.sh makes a local
// stand-in for node:24-bookworm-slim first (once; it is kept between runs), and Caddy is Debian's
// `caddy` binary run in a container of that base in place of the caddy:2 image. Caddy and the site
// share a pod (one network namespace, `site` resolving to it), as compose's network joins them.
// SITE_DOMAIN is `localhost`, for which Caddy issues its own certificate (no ACME here).
// Needs root's Podman with runc, and caddy (see .ci/run). Prints the time each step took.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import https from "node:https";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

const IMAGE = "localhost/wedding-site:test";
const STAND_IN = "docker.io/library/node:24-bookworm-slim";
const SITE_DOMAIN = "localhost";
const run = `wedding-test-${process.pid}`;
const volume = `${run}-data`;
const pod = `${run}-pod`;
let caddyRoot = "";
/** @type {Record<string, number>} */
const timings = {};
/** @type {string[]} */
const containers = [];

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  throw new Error(message);
}

/**
 * @param {string} command
 * @param {string[]} args
 * @param {{ allowFailure?: boolean, input?: string }} [options]
 */
function sh(command, args, { allowFailure = false, input } = {}) {
  const result = spawnSync(command, args, { encoding: "utf8", maxBuffer: 256 * 1024 * 1024, input });
  if (result.error) fail(`${command} could not run: ${result.error.message}`);
  if (result.status !== 0 && !allowFailure) {
    fail(`${command} ${args.join(" ")} failed (${result.status}):\n${(result.stdout + result.stderr).split("\n").slice(-40).join("\n")}`);
  }
  return result;
}

/** @param {string[]} args */
const podman = (args, options = {}) => sh("podman", args, options);

/**
 * @template T
 * @param {string} name
 * @param {() => Promise<T> | T} step
 */
async function timed(name, step) {
  const start = performance.now();
  try {
    return await step();
  } finally {
    timings[name] = (performance.now() - start) / 1000;
  }
}

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {net.AddressInfo} */ (srv.address());
      srv.close(() => resolve(port));
    });
  });
}

// ---- HTTPS to Caddy, as a browser asks for https://SITE_DOMAIN/ ----

/** @type {Map<string, string>} */
const cookies = new Map();
let port = 0;

/**
 * @param {string} method
 * @param {string} target
 * @param {{ body?: Buffer | string, type?: string, headers?: Record<string, string> }} [options]
 * @returns {Promise<{ status: number, headers: import("node:http").IncomingHttpHeaders, body: Buffer, text: () => string, json: () => any }>}
 */
function request(method, target, { body, type, headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const payload = typeof body === "string" ? Buffer.from(body) : body;
    const req = https.request(
      {
        host: "127.0.0.1",
        port,
        servername: SITE_DOMAIN,
        ca: caddyRoot,
        method,
        path: target,
        headers: {
          host: SITE_DOMAIN,
          ...(cookies.size ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; ") } : {}),
          ...(payload ? { "content-type": type ?? "application/octet-stream", "content-length": String(payload.length) } : {}),
          ...headers,
        },
      },
      (res) => {
        /** @type {Buffer[]} */
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => {
          for (const line of res.headers["set-cookie"] ?? []) {
            const [pair] = line.split(";");
            const eq = pair.indexOf("=");
            const name = pair.slice(0, eq).trim();
            const value = pair.slice(eq + 1).trim();
            if (!value || /max-age=0/i.test(line)) cookies.delete(name);
            else cookies.set(name, value);
          }
          const all = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: all,
            text: () => all.toString("utf8"),
            json: () => JSON.parse(all.toString("utf8")),
          });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${target}: no answer in 30 s`)));
    req.end(payload);
  });
}

/**
 * @param {{ status: number, text: () => string }} res
 * @param {number} status
 * @param {string} what
 */
function expectStatus(res, status, what) {
  if (res.status !== status) fail(`${what}: expected ${status}, got ${res.status}: ${res.text().slice(0, 500)}`);
}

// ---- compose.yaml, read with the YAML parser Debian's python3 has (python3-yaml) ----

function readCompose() {
  const parsed = sh("python3", ["-c", "import json, sys, yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))", "compose.yaml"]);
  return JSON.parse(parsed.stdout);
}

/** Compose's `${NAME:-default}` / `${NAME}` for the variables this test sets, and `$$` for `$`. @param {string} value */
function interpolate(value) {
  return value.replace(/\$\$|\$\{(\w+)(?::?-([^}]*))?\}/g, (match, name, fallback) =>
    match === "$$" ? "$" : name === "SITE_DOMAIN" ? SITE_DOMAIN : (fallback ?? ""),
  );
}

/** @param {any} compose */
function checkCompose(compose) {
  const site = compose.services?.site;
  if (!site) fail("compose.yaml has no `site` service");
  const context = typeof site.build === "string" ? site.build : site.build?.context;
  if (context !== ".") fail(`compose.yaml: the site is not built from this folder's Dockerfile (build: ${JSON.stringify(site.build)})`);
  if (!(site.volumes ?? []).some((/** @type {string} */ v) => /^[\w-]+:\/data$/.test(v))) fail("compose.yaml: the site does not keep /data in a named volume");
  if (site.environment?.TRUST_PROXY !== "1") fail("compose.yaml: the site must run with TRUST_PROXY=1 behind Caddy");
  if (interpolate(site.environment?.PUBLIC_URL ?? "") !== `https://${SITE_DOMAIN}`) fail("compose.yaml: PUBLIC_URL must be https://${SITE_DOMAIN}");
  for (const name of ["DATABASE_PATH", "UPLOADS_DIR", "BACKUP_DIR"]) {
    if (site.environment?.[name]) fail(`compose.yaml: ${name} is the image's (under /data); the site service must not move it`);
  }
  const caddy = compose.services?.caddy;
  if (!/^caddy:2\b/.test(caddy?.image ?? "")) fail("compose.yaml: Caddy must be the official caddy:2 image");
  const caddyfile = (caddy.volumes ?? []).find((/** @type {string} */ v) => v.includes(":/etc/caddy/Caddyfile"));
  if (!caddyfile || !fs.existsSync(caddyfile.split(":")[0])) fail("compose.yaml: Caddy's Caddyfile is not mounted from the repository");
  for (const name of ["postgres", "minio"]) {
    if (!compose.services?.[name]?.profiles?.includes("postgres")) fail(`compose.yaml: ${name} must be in the postgres profile`);
  }
  // No password or secret is a committed value: each is a file generated at first start.
  for (const [serviceName, service] of Object.entries(compose.services)) {
    for (const [key, value] of Object.entries(/** @type {any} */ (service).environment ?? {})) {
      if (/PASSWORD|SECRET/.test(key) && !key.endsWith("_FILE")) fail(`compose.yaml: ${serviceName} sets ${key} to a committed value (${value})`);
    }
  }
  /** @param {any} service */
  const environment = (service) => Object.fromEntries(Object.entries(service.environment ?? {}).map(([k, v]) => [k, interpolate(String(v))]));
  return {
    site: { command: /** @type {string[]} */ (site.command ?? []), environment: environment(site) },
    caddy: { caddyfile: caddyfile.split(":")[0], environment: environment(caddy), command: /** @type {string[]} */ (caddy.command ?? []).map(interpolate) },
  };
}

// ---- the container ----

/**
 * The site as compose runs it: its command and environment, nothing else; the /data volume.
 * @param {{ command: string[], environment: Record<string, string> }} site
 */
function startContainer(site) {
  const name = `${run}-${containers.length + 1}`;
  containers.push(name);
  const env = Object.entries(site.environment).flatMap(([k, v]) => ["-e", `${k}=${v}`]);
  podman(["run", "-d", "--name", name, "--pod", pod, "--ulimit", "host", "-v", `${volume}:/data`, ...env, IMAGE, ...site.command]);
  return name;
}

/**
 * Caddy as compose runs it (its Caddyfile, its environment), from Debian's binary in a container of
 * the base image, as root like the caddy image. Returns once its certificate authority exists.
 * @param {{ caddyfile: string, environment: Record<string, string>, command: string[] }} caddy
 */
async function startCaddy(caddy) {
  const binary = sh("sh", ["-c", "command -v caddy"], { allowFailure: true }).stdout.trim();
  if (!binary) fail("Caddy is missing (apt-get install caddy); see .ci/run");
  const name = `${run}-caddy`;
  containers.push(name);
  const env = Object.entries({ ...caddy.environment, XDG_DATA_HOME: "/caddy/data", XDG_CONFIG_HOME: "/caddy/config" }).flatMap(([k, v]) => ["-e", `${k}=${v}`]);
  podman([
    "run",
    "-d",
    "--name",
    name,
    "--pod",
    pod,
    "--ulimit",
    "host",
    "--user",
    "0",
    ...env,
    "-v",
    `${path.resolve(caddy.caddyfile)}:/etc/caddy/Caddyfile:ro`,
    "-v",
    `${binary}:/usr/local/bin/caddy:ro`,
    STAND_IN,
    ...caddy.command,
  ]);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const root = podman(["exec", name, "cat", "/caddy/data/caddy/pki/authorities/local/root.crt"], { allowFailure: true });
    if (root.status === 0 && root.stdout.includes("BEGIN CERTIFICATE")) return root.stdout;
    if (Date.now() > deadline) fail(`Caddy made no certificate authority within 60 s:\n${logsOf(name)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** @param {string} name */
const logsOf = (name) => {
  const result = podman(["logs", name], { allowFailure: true });
  return result.stdout + result.stderr;
};

/** @param {string} name */
async function waitHealthy(name) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const state = podman(["inspect", "--format", "{{.State.Status}}", name]).stdout.trim();
    if (state !== "running") fail(`the container stopped (${state}):\n${logsOf(name)}`);
    const res = await request("GET", "/healthz").catch(() => null);
    if (res?.status === 200) return;
    if (Date.now() > deadline) fail(`/healthz did not answer 200 within 120 s (last: ${res?.status}):\n${logsOf(name)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** @param {string} name */
function stopContainer(name) {
  podman(["stop", "-t", "30", name]);
  podman(["rm", name]);
  containers.splice(containers.indexOf(name), 1);
}

async function main() {
  if (sh("podman", ["--version"], { allowFailure: true }).status !== 0) fail("Podman is missing (apt-get install podman runc); see .ci/run");

  const compose = checkCompose(readCompose());
  console.log("compose.yaml: parses; the site service is built from ./Dockerfile, keeps /data, TRUST_PROXY=1, PUBLIC_URL=https://${SITE_DOMAIN}");

  await timed("stand-in", () => sh("bash", ["scripts/container-stand-in.sh"]));
  // The docker format keeps HEALTHCHECK (the OCI format has no field for it).
  await timed("build", () => podman(["build", "--isolation", "chroot", "--format", "docker", "-t", IMAGE, "."]));

  const inspected = JSON.parse(podman(["image", "inspect", IMAGE]).stdout)[0];
  const config = inspected.Config ?? {};
  if (!config.User || /^(0|root)(:|$)/.test(config.User)) fail(`the image runs as root (User: ${JSON.stringify(config.User)})`);
  if (!config.ExposedPorts?.["3000/tcp"]) fail("the image does not expose port 3000");
  if (!config.Volumes?.["/data"]) fail("the image has no /data volume");
  if (!JSON.stringify(inspected.Healthcheck ?? config.Healthcheck ?? {}).includes("/healthz")) fail("the image has no health check on /healthz");
  const imageEnv = Object.fromEntries((config.Env ?? []).map((/** @type {string} */ e) => [e.slice(0, e.indexOf("=")), e.slice(e.indexOf("=") + 1)]));
  for (const [k, v] of Object.entries({ DATABASE_PATH: "/data/wedding.sqlite", UPLOADS_DIR: "/data/uploads", BACKUP_DIR: "/data/backups" })) {
    if (imageEnv[k] !== v) fail(`the image's ${k} is ${imageEnv[k]}, not ${v}`);
  }
  const imageMb = inspected.Size / 1e6;

  podman(["volume", "create", volume]);
  port = await freePort();
  // One network namespace for Caddy and the site, `site` naming it: compose's network does the same.
  podman(["pod", "create", "--name", pod, "--add-host", "site:127.0.0.1", "-p", `127.0.0.1:${port}:443`]);
  caddyRoot = await startCaddy(compose.caddy);
  const admin = { password: `pw-${crypto.randomBytes(9).toString("base64url")}` };

  const first = await timed("start", async () => {
    const name = startContainer(compose.site);
    await waitHealthy(name);
    return name;
  });

  // The image's HEALTHCHECK itself, run as the engine runs it.
  const health = podman(["healthcheck", "run", first], { allowFailure: true });
  if (health.status !== 0) fail(`the image's health check fails on a healthy site: ${health.stdout}${health.stderr}`);

  // Every process in the container runs as the unprivileged user.
  const uids = podman(["exec", first, "sh", "-c", "grep -h '^Uid:' /proc/[0-9]*/status"]).stdout.trim().split("\n");
  const rootly = uids.filter((line) =>
    line
      .split(/\s+/)
      .slice(1)
      .some((uid) => uid === "0"),
  );
  if (rootly.length || !uids.length) fail(`a process in the container runs as root: ${uids.join(" | ")}`);

  // "Open the link it prints": the start's log shows the one-time link at the public address.
  const setupLink = logsOf(first).match(/https:\/\/\S+\/setup\?token=[\w-]+/)?.[0];
  if (!setupLink?.startsWith(`https://${SITE_DOMAIN}/setup?token=`)) fail(`the start printed no setup link at https://${SITE_DOMAIN}:\n${logsOf(first)}`);
  const setupPath = new URL(setupLink).pathname + new URL(setupLink).search;
  expectStatus(await request("GET", setupPath), 200, "opening the setup link");
  // The couple sets the site up, with the demo data, and is signed in.
  const setup = await request("POST", "/setup", {
    type: "application/x-www-form-urlencoded",
    body: new URLSearchParams({
      token: new URL(setupLink).searchParams.get("token") ?? "",
      names: "Valeria y Sebastián",
      weddingDate: "2027-05-01T17:00",
      rsvpDeadline: "2027-04-01T23:59",
      password: admin.password,
      confirmPassword: admin.password,
      demo: "on",
    }).toString(),
  });
  expectStatus(setup, 302, "setting the site up at /setup");
  if (setup.headers.location !== "/admin") fail(`setup went to ${setup.headers.location}, not /admin`);
  if (!cookies.size) fail("setup gave no session cookie");
  const adminCookies = new Map(cookies);

  // A guest confirms a demo invitation.
  const list = await request("GET", "/api/invitations");
  expectStatus(list, 200, "listing the invitations as the admin");
  /** @type {{ code: string, primaryGuest: string, maxGuests: number, status: string }[]} */
  const invitations = list.json();
  const invitation = invitations.find((i) => i.status === "pending");
  if (!invitation) fail(`no pending demo invitation to confirm: ${list.text().slice(0, 300)}`);
  const guests = [{ fullName: invitation.primaryGuest }, ...(invitation.maxGuests > 1 ? [{ fullName: "Invitada de Prueba" }] : [])];
  cookies.clear();
  const confirmed = await request("POST", `/api/invitations/${invitation.code}/confirm`, { type: "application/json", body: JSON.stringify({ guests }) });
  expectStatus(confirmed, 200, `confirming invitation ${invitation.code} as its guest`);
  if (confirmed.json().status !== "confirmed") fail(`the invitation is not confirmed: ${confirmed.text()}`);

  // The admin adds a photo: decoded and re-encoded by sharp, stored under /data/uploads.
  for (const [k, v] of adminCookies) cookies.set(k, v);
  const section = await request("POST", "/api/gallery/sections", {
    type: "application/json",
    body: JSON.stringify({ name: "Prueba del contenedor", allow_upload: true, is_active: true }),
  });
  expectStatus(section, 201, "creating a gallery section");
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#c08" } })
    .jpeg()
    .toBuffer();
  const boundary = `----container-test-${crypto.randomBytes(8).toString("hex")}`;
  const multipart = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="prueba.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const uploaded = await request("POST", `/api/gallery/sections/${section.json().id}/media`, {
    type: `multipart/form-data; boundary=${boundary}`,
    body: multipart,
  });
  expectStatus(uploaded, 201, "uploading a photo");
  const photoUrl = new URL(uploaded.json().public_url, `https://${SITE_DOMAIN}`).pathname;
  const servedBefore = await request("GET", photoUrl);
  expectStatus(servedBefore, 200, "reading the stored photo");

  // The installed site's icon is the couple's initials drawn as text: the image has a font for them
  // (a slim base has none, and the letters would silently be missing). Light letters on the sage.
  const icon = await request("GET", "/icons/icon-192.png");
  expectStatus(icon, 200, "the installed site's icon");
  const { data: pixels, info } = await sharp(icon.body).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let light = 0;
  for (let i = 0; i < pixels.length; i += info.channels) if (pixels[i] > 200 && pixels[i + 1] > 200 && pixels[i + 2] > 200) light++;
  if (light / (info.width * info.height) < 0.02)
    fail(`the icon's initials are not drawn (${light} light pixels of ${info.width * info.height}): no font in the image?`);

  // The largest body the site takes (the hero's video, 60 MB) passes through Caddy whole.
  const videoBytes = 59 * 1024 * 1024;
  const video = Buffer.alloc(videoBytes);
  video.set([0, 0, 0, 0x18, ...Buffer.from("ftypisom"), 0, 0, 2, 0, ...Buffer.from("isomiso2")]);
  const videoBoundary = `----container-test-${crypto.randomBytes(8).toString("hex")}`;
  const field = (/** @type {string} */ name, /** @type {string} */ value) =>
    `--${videoBoundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const videoBody = Buffer.concat([
    Buffer.from(
      `${field("intent", "uploadMedia")}${field("slot", "heroVideo")}--${videoBoundary}\r\nContent-Disposition: form-data; name="file"; filename="hero.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    ),
    video,
    Buffer.from(`\r\n--${videoBoundary}--\r\n`),
  ]);
  const videoUpload = await timed("59 MB upload", () =>
    request("POST", "/admin/content/media", { type: `multipart/form-data; boundary=${videoBoundary}`, body: videoBody }),
  );
  if (videoUpload.status !== 302 && videoUpload.status !== 303)
    fail(`uploading the hero's video through Caddy: ${videoUpload.status} ${videoUpload.text().slice(0, 300)}`);
  const heroVideo = await request("GET", "/media/hero.mp4", { headers: { range: "bytes=0-15" } });
  expectStatus(heroVideo, 206, "the hero's video");
  if (heroVideo.headers["content-range"] !== `bytes 0-15/${videoBytes}`) fail(`the stored video is not the one sent: ${heroVideo.headers["content-range"]}`);

  // A backup taken in the container (`docker compose exec site npm run backup`) lands in the volume.
  podman(["exec", first, "npm", "run", "backup"]);
  if (!podman(["exec", first, "ls", "-A", "/data/backups"]).stdout.trim()) fail("`npm run backup` in the container left nothing in /data/backups");

  const dataFiles = podman(["exec", first, "sh", "-c", "ls -A /data; ls -A /data/uploads"]).stdout.split("\n");
  for (const file of ["wedding.sqlite", ".secrets.json"]) if (!dataFiles.includes(file)) fail(`/data holds no ${file}: ${dataFiles.join(" ")}`);

  // The container is replaced: a new one on the same volume.
  await timed("replace", async () => {
    stopContainer(first);
    const second = startContainer(compose.site);
    await waitHealthy(second);
  });

  // Set up once: the new container prints no setup link.
  if (/setup\?token=/.test(logsOf(containers[containers.length - 1]))) fail("a setup link was printed again after setup, in the new container");
  // The same admin cookie still opens the admin: the session and the secret that signs it are in /data.
  const after = await request("GET", "/api/invitations");
  expectStatus(after, 200, "the admin's session after the container was replaced");
  const kept = after.json().find((/** @type {{ code: string }} */ i) => i.code === invitation.code);
  if (kept?.status !== "confirmed") fail(`the guest's answer is gone after the container was replaced: ${JSON.stringify(kept)}`);
  const servedAfter = await request("GET", photoUrl);
  expectStatus(servedAfter, 200, "the photo after the container was replaced");
  if (!servedAfter.body.equals(servedBefore.body)) fail("the photo changed when the container was replaced");
  // The password chosen at setup still signs in (its hash is kept in /data too).
  cookies.clear();
  const login = await request("POST", "/admin", {
    type: "application/x-www-form-urlencoded",
    body: new URLSearchParams({ intent: "login", password: admin.password }).toString(),
  });
  expectStatus(login, 302, "signing in with the password chosen at setup, in the new container");

  console.log(`image ${IMAGE}: ${imageMb.toFixed(0)} MB`);
  console.log(
    "ok: built, healthy behind Caddy, non-root, set up through the printed link, invitation confirmed, photo and 59 MB video stored, backup taken; a new container on the same volume has them all",
  );
}

const started = performance.now();
let failed = false;
try {
  await main();
} catch (error) {
  failed = true;
  console.error(`test:container FAILED: ${error instanceof Error ? error.message : error}`);
} finally {
  for (const name of [...containers]) podman(["rm", "-f", "-t", "0", name], { allowFailure: true });
  podman(["pod", "rm", "-f", pod], { allowFailure: true });
  podman(["volume", "rm", "-f", volume], { allowFailure: true });
  const steps = Object.entries(timings).map(([k, v]) => `${k} ${v.toFixed(1)} s`);
  console.log(`timings: ${steps.join(", ")}; total ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
process.exit(failed ? 1 : 0);
