// @ts-check
// The production (and development) HTTP server: Express in front of Remix, started by server.mjs,
// either as the one process (WEB_CONCURRENCY=1, development) or as a worker of the cluster
// (server/primary.mjs). It adds what remix-serve does not: security headers on every response, the
// client address for rate limits, one log line per request, the page micro-cache, and a boot step
// (config check, migrations, seed) before it listens.
import cluster from "node:cluster";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import { MESSAGES } from "./cluster-mode.mjs";
import { createPageCache } from "./page-cache.mjs";
import { listeningLine } from "./listening-line.mjs";
import { createRequestLog } from "./request-log.mjs";
import { finishRefusedBodies } from "./request-body.mjs";
import { createSlotKeeper, localSlots, slotsFromPrimary } from "./downloads.mjs";
import { isApiPath } from "./request-rules.mjs";
import { isPrivateAnswer, preferRouteHeaders, securityHeaders } from "./security-headers.mjs";
import { createRemixHandler, cutOffIdleClients, STREAM_IDLE_MS } from "./streaming.mjs";

// A .env file beside server.mjs, when present, fills variables the environment does not set.
if (fs.existsSync(".env")) process.loadEnvFile(".env");

// In the cluster: "boot" runs the boot step once and ends; "serve" is a worker that serves.
const role = cluster.isWorker ? process.env.WEDDING_WORKER_ROLE : undefined;

const mode = process.env.NODE_ENV === "development" ? "development" : "production";
// React and others read NODE_ENV when first loaded (below): anything but "development" runs as production.
process.env.NODE_ENV = mode;
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");

const viteDevServer = mode === "production" ? undefined : await import("vite").then((vite) => vite.createServer({ server: { middlewareMode: true } }));

/**
 * Remix's server build, whose entry (app/entry.server.tsx) also exports what this server reads from
 * the app: the boot step, and `edge` (app/http/edge.server.ts).
 * @typedef {import("@remix-run/node").ServerBuild & { entry: { module: typeof import("../app/entry.server") } }} AppBuild
 */

/** @returns {Promise<AppBuild>} */
async function loadBuild() {
  const loaded = viteDevServer ? viteDevServer.ssrLoadModule("virtual:remix/server-build") : import(path.join(buildDir, "server", "index.js"));
  return /** @type {Promise<AppBuild>} */ (loaded);
}

/** @type {AppBuild} */
let build;
// The configuration as the app validated it (app/infra/config.server.ts): one home for names and defaults.
/** @type {ReturnType<AppBuild["entry"]["module"]["workerStart"]>} */
let config;
try {
  build = await loadBuild();
  config = role === "serve" ? build.entry.module.workerStart() : await build.entry.module.boot();
} catch (error) {
  // A bad configuration value stops the server with a message naming the variable.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
if (role === "boot") {
  process.send?.({ type: MESSAGES.booted, workers: config.WEB_CONCURRENCY }, () => process.exit(0));
  await new Promise(() => {});
}
// The origin rule, the language and theme a page renders in, and the texts of the answers given
// here: the app's own (app/http/edge.server.ts), so the edge and the app never disagree.
const { edge } = build.entry.module;

const app = express();
app.disable("x-powered-by");
// Every answer, a file or a page, from Remix or the static files: a client that takes nothing of it
// for 30 s is cut off (server/streaming.mjs). First, so it sees the bytes compression sends.
app.use(cutOffIdleClients(STREAM_IDLE_MS));
// Exactly one proxy hop is trusted: the client address is the one that proxy appended to
// X-Forwarded-For, never an entry the client wrote itself (which would dodge the rate limits).
app.set("trust proxy", config.TRUST_PROXY ? 1 : false);
const trustsProxy = app.get("trust proxy fn");

/**
 * Async middleware whose failure reaches Express's error handling.
 * @param {(req: import("express").Request, res: import("express").Response, next: import("express").NextFunction) => unknown} fn
 * @returns {import("express").RequestHandler}
 */
const handle = (fn) => (req, res, next) => Promise.resolve(fn(req, res, next)).catch(next);

// Per request: the CSP nonce, and this site's origin as Express resolves it. X-Forwarded-Host counts
// only from a trusted proxy; otherwise it is dropped here, so Remix's request URL (which would
// take its port from it) is the same origin too.
app.use((req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  const forwardedHost = trustsProxy(req.socket.remoteAddress, 0) ? req.get("x-forwarded-host")?.split(",")[0].trim() : undefined;
  if (!forwardedHost) delete req.headers["x-forwarded-host"];
  res.locals.origin = `${req.protocol}://${forwardedHost || req.get("host") || "localhost"}`;
  next();
});

const requestLog = createRequestLog({ enabled: process.env.LOG_REQUESTS !== "0" });
if (requestLog) app.use(requestLog);

// Photos in a bucket read from S3_PUBLIC_URL are images of another origin.
const photoOrigin = config.STORAGE === "s3" && config.S3_PUBLIC_URL ? new URL(config.S3_PUBLIC_URL).origin : undefined;
const security = securityHeaders({ dev: mode === "development", photoOrigin });
app.use(security);

// Set as the head is written, over whatever the app set:
// - a route's own security header (the stored photos' stricter CSP) replaces the default;
// - the admin's pages and a guest's own pages are never kept by a browser or a proxy.
app.use((req, res, next) => {
  const writeHead = res.writeHead;
  res.writeHead = /** @type {typeof res.writeHead} */ function (/** @type {any[]} */ ...args) {
    preferRouteHeaders(res);
    if (isPrivateAnswer(req, res, edge.cookies.invitation)) res.setHeader("Cache-Control", "private, no-store");
    return writeHead.apply(this, /** @type {any} */ (args));
  };
  next();
});

// An answer given before the body was read to its end reaches the client (server/request-body.mjs).
app.use(finishRefusedBodies());

// A path that is not valid percent-encoding (`/%E0%A4%A`) cannot name a route: 400 here, before
// Express's router and Remix try to decode it (and log a stack trace for each such request).
app.use(
  handle(async (req, res, next) => {
    if (decodes(req.path)) return next();
    await refuse(req, res, 400, "badUrl");
  }),
);

// Remix's older data requests (`?_data=routes/…`): this app's pages load their data through single
// fetch (`….data`), and for each `?_data` request Remix logs a warning with a stack and answers an
// admin screen without the session with a 500. The parameter is dropped here, so such a request
// gets what its address answers: the page (the admin's login without the session), a 401, a 404.
app.use((req, _res, next) => {
  const query = req.originalUrl.indexOf("?");
  if (query < 0) return next();
  const params = new URLSearchParams(req.originalUrl.slice(query + 1));
  if (!params.has("_data")) return next();
  params.delete("_data");
  const search = params.toString();
  req.url = req.originalUrl = `${req.originalUrl.slice(0, query)}${search ? `?${search}` : ""}`;
  next();
});

const language = (/** @type {import("express").Request} */ req) => edge.language({ cookie: req.get("cookie"), acceptLanguage: req.get("accept-language") });

// Forged cross-site posts: a mutating request from another site is refused here with a clear 403,
// before Remix (which would otherwise abort it as a 500). The route actions apply the same rule.
app.use(
  handle(async (req, res, next) => {
    if (!["POST", "PUT", "PATCH", "DELETE"].includes(req.method)) return next();
    if (!edge.isCrossSiteRequest(req.get("sec-fetch-site"), req.get("origin"), res.locals.origin)) return next();
    await refuse(req, res, 403, "crossOrigin");
  }),
);

// Pages take GET and POST only (forms); the JSON API answers its own 405s, with Allow.
app.use(
  handle(async (req, res, next) => {
    if (isApiPath(req.path) || ["GET", "HEAD", "POST"].includes(req.method)) return next();
    res.set("Allow", "GET, HEAD, POST").status(405).type("text");
    res.send(await edge.text(await language(req), "api.methodNotAllowed"));
  }),
);

app.use(compression());
// After compression (it stores the page uncompressed) and after the nonce is chosen. A page's
// variant is what the app renders it with besides the URL: the resolved language and theme.
// In the cluster, a write that succeeded here empties the other workers' caches too (the primary
// relays the message), and theirs empty this one.
const pageCache = createPageCache({
  personalCookies: edge.cookies.personal,
  ttlMs: config.PAGE_CACHE_TTL_MS,
  variantOf: async (req) => `${await language(req)} ${await edge.theme({ cookie: req.get("cookie") })}`,
  onInvalidate: role === "serve" ? () => void process.send?.({ type: MESSAGES.invalidate }) : undefined,
});
// The couple's content ('Contenido') is read once per change: a write here or in another worker
// (the same message) makes the next page check it at once; a change seen otherwise (another
// instance's save, found by the app's periodic check) empties this worker's pages (decision 0027).
edge.onContentChange(() => pageCache.invalidate({ fromPeer: true }));
// In the cluster the primary counts every worker's downloads; alone, this process does.
const takeDownloadSlot = role === "serve" ? slotsFromPrimary(process) : localSlots(createSlotKeeper());
if (role === "serve") {
  process.on("message", (/** @type {any} */ message) => {
    if (message?.type !== MESSAGES.invalidate) return;
    edge.contentMayHaveChanged();
    pageCache.invalidate({ fromPeer: true });
  });
}

if (viteDevServer) {
  app.use(viteDevServer.middlewares);
} else {
  // The service worker (decision 0064): asked for again on every visit (the browser checks it
  // for a new build), its scope the whole site. Before the public files' hour of caching.
  const serviceWorker = path.join(buildDir, "client", "sw.js");
  app.get("/sw.js", (_req, res, next) => {
    res.set({ "Cache-Control": "no-cache", "Service-Worker-Allowed": "/" });
    res.sendFile(serviceWorker, { cacheControl: false }, (error) => (error && !res.headersSent ? next() : undefined));
  });
  // Fingerprinted assets: cache for a year. Each script and stylesheet is sent as the build
  // compressed it (scripts/precompress.mjs: Brotli, else gzip, as the browser accepts), so the
  // compression above has nothing left to do for them; a file without a compressed copy, or a
  // browser that takes neither, gets the file itself, compressed above if it accepts any.
  app.use(
    "/assets",
    expressStaticGzip(path.join(buildDir, "client", "assets"), {
      enableBrotli: true,
      orderPreference: ["br", "gzip"],
      index: false,
      serveStatic: { immutable: true, maxAge: "1y" },
    }),
  );
  // Every public file has an extension (favicon.svg, media/*.mp3): a page's path (`/`, `/confirm`)
  // goes straight to Remix instead of costing a file-system look-up first (a tenth of a render's
  // time in the profile, decision 0015).
  const publicFiles = express.static(path.join(buildDir, "client"), { maxAge: "1h", index: false, redirect: false });
  app.use((req, res, next) => (/\.[^/]+$/.test(req.path) ? publicFiles(req, res, next) : next()));
}

app.all(
  "*",
  pageCache.middleware,
  // Bodies are written with backpressure (server/streaming.mjs), whatever the route returns.
  createRemixHandler({
    build: viteDevServer ? () => loadBuild() : build,
    mode,
    getLoadContext: (req, res) => ({
      cspNonce: res.locals.cspNonce,
      useCspNonce: (/** @type {string} */ nonce) => security.useNonce(req, res, nonce),
      clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
      origin: res.locals.origin,
      // A long download (the gallery ZIP): a slot counted for the whole server (server/downloads.mjs).
      takeDownloadSlot,
    }),
  }),
);

// The last resort: an error no route answered. A client's mistake (status 4xx) is the request log's
// one line; anything else is logged with its stack, as the app logs its own failures.
app.use(
  /** @type {import("express").ErrorRequestHandler} */
  (error, req, res, next) => {
    const status = Number(error?.status ?? error?.statusCode) || 500;
    if (status >= 500) console.error(error);
    if (res.headersSent) return next(error);
    const text = errorText(status);
    refuse(req, res, status >= 400 && status < 500 ? status : 500, text.message, text.title).catch(next);
  },
);

/**
 * The text (app/locales, common) of an error no route answered, by its status: a body over a
 * limit is 'too large', not 'not found'.
 * @param {number} status
 */
function errorText(status) {
  if (status >= 500 || status < 400) return { message: "serverError", title: undefined };
  /** @type {Record<number, string>} */
  const keys = { 401: "unauthorized", 404: "notFound", 413: "tooLarge" };
  const key = keys[status] ?? "badRequest";
  return { message: `${key}.description`, title: `${key}.title` };
}

/**
 * An answer the edge gives itself, in the visitor's language: JSON for the API and clients that
 * ask for it, otherwise a small page with a way home.
 * @param {import("express").Request} req
 * @param {import("express").Response} res
 * @param {number} status
 * @param {string} key a text of app/locales (common)
 * @param {string} [titleKey] the page's title (app/locales, common); else the status
 */
async function refuse(req, res, status, key, titleKey) {
  const lng = await language(req);
  const message = await edge.text(lng, key);
  const title = titleKey ? escapeHtml(await edge.text(lng, titleKey)) : String(status);
  res.set("Cache-Control", "no-store").status(status);
  if (isApiPath(req.path) || req.accepts(["html", "json"]) === "json") return void res.json({ error: message });
  const home = escapeHtml(await edge.text(lng, "backHome"));
  res
    .type("html")
    .send(
      `<!doctype html><html lang="${lng}"><meta charset="utf-8"><title>${title}</title>${titleKey ? `<h1>${title}</h1>` : ""}<p>${escapeHtml(message)}</p><p><a href="/">${home}</a></p></html>`,
    );
}

/** @param {string} path */
function decodes(path) {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** @param {string} text */
function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const { PORT: port, HOST: host } = config;
const server = app.listen(port, host, () => {
  // The primary says it once for all its workers.
  if (!role) console.log(listeningLine({ host, port, publicUrl: config.PUBLIC_URL }));
  // Loading the app left garbage that an idle worker would keep until its first requests: collect
  // it now (the primary gives workers --expose-gc; decision 0015).
  globalThis.gc?.();
});

// Stop taking connections, finish the requests under way, then end.
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
  });
}
