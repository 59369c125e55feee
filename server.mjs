// The production (and development) HTTP server: Express in front of Remix.
// It adds what remix-serve does not: security headers on every response, the
// client address for rate limits, one log line per request, and a boot step
// (config check, migrations, seed) before it listens.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";
import { createPageCache } from "./server/page-cache.mjs";

// A .env file beside this script, when present, fills variables the environment does not set.
if (fs.existsSync(".env")) process.loadEnvFile(".env");

const mode = process.env.NODE_ENV === "development" ? "development" : "production";
// React and others read NODE_ENV when first loaded (below): anything but "development" runs as production.
process.env.NODE_ENV = mode;
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");

const viteDevServer = mode === "production" ? undefined : await import("vite").then((vite) => vite.createServer({ server: { middlewareMode: true } }));

async function loadBuild() {
  return viteDevServer ? viteDevServer.ssrLoadModule("virtual:remix/server-build") : import(path.join(buildDir, "server", "index.js"));
}

let build;
// The configuration as the app validated it (app/server/config.server.ts): one home for names and defaults.
let config;
try {
  build = await loadBuild();
  config = await build.entry.module.boot();
} catch (error) {
  // A bad configuration value stops the server with a message naming the variable.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const app = express();
app.disable("x-powered-by");
// Exactly one proxy hop is trusted: the client address is the one that proxy appended to
// X-Forwarded-For, never an entry the client wrote itself (which would dodge the rate limits).
app.set("trust proxy", config.TRUST_PROXY ? 1 : false);

// One line per request: method, path, status, duration.
app.use((req, res, next) => {
  const start = process.hrtime.bigint();
  res.on("finish", () => {
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (process.env.LOG_REQUESTS !== "0") console.log(`${req.method} ${req.originalUrl} ${res.statusCode} ${ms.toFixed(1)}ms`);
  });
  next();
});

// Headers every response carries, unless the app set its own (documents get a CSP
// with their nonce from entry.server.tsx; see app/server/security-headers.server.ts).
// An answer sent before the request body was read to its end (a 413 for an oversized form, a 401
// before an upload) also ends the connection: the unread bytes would otherwise be taken for the
// next request on a kept-alive connection, and the client would see it reset.
const defaultHeaders = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Content-Security-Policy": "frame-ancestors 'none'",
};
app.use((req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  const writeHead = res.writeHead;
  res.writeHead = function (...args) {
    for (const [name, value] of Object.entries(defaultHeaders)) if (!res.hasHeader(name)) res.setHeader(name, value);
    if (!req.complete) res.setHeader("Connection", "close");
    return writeHead.apply(this, args);
  };
  next();
});

/** The language cookie says English (base64 of "en"), or the browser asks for English. */
function prefersEnglish(req) {
  return /(?:^|;\s*)lng=ImVuIg(?:%3D|=){0,2}/.test(req.get("cookie") ?? "") || /^en\b/i.test(req.get("accept-language") ?? "");
}

// Forged cross-site posts: a mutating request whose Origin is another site is refused here with a
// clear 403, before Remix (which would otherwise abort it as a 500). Same rule as isCrossOrigin()
// in app/server/request.server.ts, which route actions also apply.
app.use((req, res, next) => {
  if (!["POST", "PUT", "PATCH", "DELETE"].includes(req.method)) return next();
  const origin = req.get("origin");
  if (!origin) return next();
  const host = (req.get("x-forwarded-host") ?? req.get("host") ?? "").split(",")[0].trim();
  let originHost = null;
  try {
    originHost = origin === "null" ? null : new URL(origin).host;
  } catch {
    originHost = null;
  }
  if (originHost && originHost === host) return next();
  const english = prefersEnglish(req);
  const message = english ? "Request refused: the form did not come from this site." : "Solicitud rechazada: el formulario no proviene de este sitio.";
  if (req.path.startsWith("/api/") || req.accepts(["html", "json"]) === "json") return res.status(403).json({ error: message });
  res
    .status(403)
    .type("html")
    .send(
      `<!doctype html><html lang="${english ? "en" : "es"}"><meta charset="utf-8"><title>403</title><p>${message}</p><p><a href="/">${english ? "Back to Home" : "Volver al Inicio"}</a></p></html>`,
    );
});

// Pages take GET and POST only (forms); the JSON API answers its own 405s, with Allow.
app.use((req, res, next) => {
  if (req.path.startsWith("/api/") || ["GET", "HEAD", "POST"].includes(req.method)) return next();
  res.set("Allow", "GET, HEAD, POST").status(405).type("text");
  res.send(prefersEnglish(req) ? "Method not allowed." : "Método no permitido.");
});

app.use(compression());
// After compression (it stores the page uncompressed) and after the nonce is chosen.
const pageCache = createPageCache({ ttlMs: config.PAGE_CACHE_TTL_MS });

if (viteDevServer) {
  app.use(viteDevServer.middlewares);
} else {
  // Fingerprinted assets: cache for a year.
  app.use("/assets", express.static(path.join(buildDir, "client", "assets"), { immutable: true, maxAge: "1y" }));
  app.use(express.static(path.join(buildDir, "client"), { maxAge: "1h" }));
}

app.all(
  "*",
  pageCache.middleware,
  createRequestHandler({
    build: viteDevServer ? () => loadBuild() : build,
    mode,
    getLoadContext: (req, res) => ({
      cspNonce: res.locals.cspNonce,
      clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
      // Remix writes a streamed body without waiting for the socket; a long download (the gallery
      // ZIP) waits on this before reading more, so a slow phone never fills the server's memory.
      whenWritable: () =>
        !res.writableNeedDrain || res.destroyed
          ? Promise.resolve()
          : new Promise((resolve) => {
              const done = () => {
                res.off("drain", done);
                res.off("close", done);
                resolve();
              };
              res.on("drain", done);
              res.on("close", done);
            }),
    }),
  }),
);

const { PORT: port, HOST: host } = config;
const server = app.listen(port, host, () => {
  console.log(`Wedding site listening on http://${host === "0.0.0.0" ? "localhost" : host}:${port}`);
});

for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
