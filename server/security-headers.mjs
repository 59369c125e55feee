// @ts-check
// The security headers of every response, set once here with helmet (see
// docs/decisions/0008-headers-and-request-log.md). Documents' scripts run only from this origin or
// with the response's nonce (res.locals.cspNonce, chosen before this middleware runs and handed to
// React through the load context); styles allow inline attributes (Mantine sets style props).
import helmet from "helmet";
import { hasCookie, isAdminPath, isDataRequest } from "./request-rules.mjs";

const SIX_MONTHS = 15552000;

/**
 * @param {{ dev?: boolean, photoOrigin?: string }} options photoOrigin: where photos are read from
 *   when they are not served by the app (S3_PUBLIC_URL's origin, docs/decisions/0017-*).
 */
export function securityHeaders({ dev = false, photoOrigin } = {}) {
  const policy = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req, res) => `'nonce-${/** @type {import("express").Response} */ (res).locals.cspNonce}'`, ...(dev ? ["'unsafe-eval'"] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", ...(photoOrigin ? [photoOrigin] : [])],
        mediaSrc: ["'self'", "blob:"],
        // canvas-confetti draws in a worker it creates from a blob.
        workerSrc: ["'self'", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", ...(dev ? ["ws:", "wss:"] : [])],
        // The venue map is an OpenStreetMap embed; it degrades to a link when offline.
        frameSrc: ["https://www.openstreetmap.org"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        // Forms post here only; the admin's 'Recordar por WhatsApp' without JavaScript posts here and
        // is redirected to the guest's chat, and Chromium checks a form's redirects against this too.
        formAction: ["'self'", "https://wa.me"],
        objectSrc: ["'none'"],
      },
    },
    crossOriginOpenerPolicy: { policy: "same-origin" },
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // Only over HTTPS (below): on plain HTTP the header means nothing, and a site tried on a LAN
    // address first must not be pinned to HTTPS by it.
    strictTransportSecurity: false,
  });
  const hsts = helmet.strictTransportSecurity({ maxAge: SIX_MONTHS, includeSubDomains: true });
  // helmet's answer is the same for every request but the nonce: worked out once with a stand-in
  // nonce, then copied onto each response with its own (helmet's eleven steps per request were a
  // fortieth of a page's time, decision 0015).
  const plain = headersOf(policy, {});
  const secure = headersOf(policy, { secure: true }, hsts);
  /** @type {import("express").RequestHandler} */
  const setHeaders = (req, res, next) => {
    const nonce = res.locals.cspNonce;
    for (const [name, value] of req.secure ? secure : plain) {
      res.setHeader(name, name === "Content-Security-Policy" ? value.replaceAll(NONCE_STAND_IN, nonce) : value);
    }
    res.removeHeader("X-Powered-By");
    next();
  };
  /**
   * The response goes out with another nonce than the one chosen for it: a page the app kept whole
   * carries its own (docs/decisions/0038-*), and the policy must name that one.
   * @param {import("express").Request} req
   * @param {import("express").Response} res
   * @param {string} nonce
   */
  const useNonce = (req, res, nonce) => {
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(nonce)) throw new Error("a CSP nonce is base64");
    res.locals.cspNonce = nonce;
    const policy = (req.secure ? secure : plain).find(([name]) => name === "Content-Security-Policy");
    if (policy) res.setHeader(policy[0], policy[1].replaceAll(NONCE_STAND_IN, nonce));
  };
  return Object.assign(setHeaders, { useNonce });
}

// Base64 never contains it, so it stands for nothing but the nonce.
const NONCE_STAND_IN = "{{nonce}}";

/**
 * The headers helmet (and HSTS, when given) sets on a response, in the order it sets them.
 * @typedef {(req: any, res: any, next: (error?: unknown) => void) => void} Middleware
 * @param {Middleware} policy
 * @param {{ secure?: boolean }} req the request's only part helmet reads
 * @param {Middleware} [hsts]
 * @returns {[string, string][]}
 */
function headersOf(policy, req, hsts) {
  const headers = new Map([["Permissions-Policy", "camera=(), microphone=(), geolocation=()"]]);
  const res = {
    locals: { cspNonce: NONCE_STAND_IN },
    setHeader: (/** @type {string} */ name, /** @type {unknown} */ value) => headers.set(name, String(value)),
    removeHeader: (/** @type {string} */ name) => headers.delete(name),
  };
  /** @type {unknown} */
  let failure;
  policy(req, res, (error) => {
    failure = error;
    if (!error && hsts) hsts(req, res, (hstsError) => (failure = hstsError));
  });
  if (failure) throw failure;
  return [...headers];
}

// Headers set above that a route may set for itself (the stored photos have a stricter CSP).
const OWN_HEADERS = [
  "content-security-policy",
  "cross-origin-opener-policy",
  "cross-origin-resource-policy",
  "permissions-policy",
  "referrer-policy",
  "x-content-type-options",
  "x-frame-options",
];

/**
 * Lets a route's own security header win over the default above: Remix appends the route's
 * headers, which would send both (two CSPs both apply; two CORP values cancel each other out).
 * Call it as the head is written.
 */
/** @param {import("node:http").ServerResponse} res */
export function preferRouteHeaders(res) {
  for (const name of OWN_HEADERS) {
    const value = res.getHeader(name);
    if (Array.isArray(value)) res.setHeader(name, value[value.length - 1]);
  }
}

/**
 * True when no browser or proxy may keep the answer: the admin pages and their data (whatever
 * the case of the path), and the pages and data a guest's stored invitation (the cookie the app
 * names `invitationCookie`, edge.cookies) fills with their name and answers (every page's root
 * data carries it).
 * @param {import("express").Request} req
 * @param {import("express").Response} res
 * @param {string} invitationCookie
 */
export function isPrivateAnswer(req, res, invitationCookie) {
  if (isAdminPath(req.path)) return true;
  if (!hasCookie(req.get("cookie"), [invitationCookie])) return false;
  return isDataRequest(req) || String(res.getHeader("content-type") ?? "").startsWith("text/html");
}
