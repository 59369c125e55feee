// @ts-check
// One line per request in the journal (pino-http; see docs/decisions/0008-headers-and-request-log.md),
// with method, path, status and duration. Invitation codes are secrets a guest types or follows
// from a personal link: the path is logged with them masked, and never the query string.
import pino from "pino";
import { pinoHttp } from "pino-http";

// Segments after /api/invitations/ that name a route, not an invitation.
const INVITATION_ROUTES = new Set(["validate", "stats", "import", "export.csv"]);

/** @param {string} segment */
function decode(segment) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The request's path, decoded, without its query, with every invitation code replaced by ":code"
 * (an unsubscribe token, which holds the address it was sent to, by ":token").
 * @param {string} url
 */
export function maskedPath(url) {
  const path = String(url).split(/[?#]/)[0];
  const segments = path.split("/").map(decode);
  // Empty segments (doubled slashes) are skipped when finding the route, as routing does.
  /** @type {[string, number][]} */
  const named = segments.map((s, i) => /** @type {[string, number]} */ ([s.toLowerCase(), i])).filter(([s]) => s !== "");
  const mask = (/** @type {number} */ k, placeholder = ":code") => {
    if (named[k]) segments[named[k][1]] = placeholder;
  };
  if (named[0]?.[0] === "i") mask(1);
  // An unsubscribe link's token holds the address it was sent to.
  else if (named[0]?.[0] === "unsubscribe") mask(1, ":token");
  else if (named[0]?.[0] === "api" && named[1]?.[0] === "invitations" && named[2]) {
    if (named[2][0] === "validate") mask(3);
    else if (!INVITATION_ROUTES.has(named[2][0])) mask(2);
  }
  return segments.join("/");
}

/** @param {import("node:http").IncomingMessage & { originalUrl?: string }} req */
const isHealthCheck = (req) => (req.method === "GET" || req.method === "HEAD") && maskedPath(req.originalUrl ?? req.url ?? "") === "/healthz";

/**
 * The request-log middleware, or null when LOG_REQUESTS=0.
 * @param {{ enabled?: boolean, destination?: import("pino").DestinationStream }} [options]
 */
export function createRequestLog({ enabled = true, destination } = {}) {
  if (!enabled) return null;
  const logger = pino(
    {
      // The journal stamps each line with the time and the unit; the level reads as a word.
      base: null,
      timestamp: false,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
  /** @type {(req: import("node:http").IncomingMessage & { originalUrl?: string }, res: import("node:http").ServerResponse, ms: number) => string} */
  const line = (req, res, ms) => `${req.method} ${maskedPath(req.originalUrl ?? req.url ?? "")} ${res.statusCode} ${ms}ms`;
  /**
   * pino-http passes the response time after the error, though its type does not say so.
   * @param {import("node:http").IncomingMessage} req
   * @param {import("node:http").ServerResponse} res
   * @param {Error} _err
   * @param {number} [ms]
   */
  const failedLine = (req, res, _err, ms) => line(req, res, ms ?? 0);
  return pinoHttp({
    logger,
    quietReqLogger: true,
    wrapSerializers: false,
    // No id per request: the line says what it is about (pino-http's type wants an id).
    genReqId: () => /** @type {any} */ (undefined),
    serializers: {
      req: (req) => ({ method: req.method, path: maskedPath(req.originalUrl ?? req.url) }),
      res: (res) => ({ status: res.statusCode }),
    },
    customLogLevel: (req, res, err) => {
      if (err || res.statusCode >= 500) return "error";
      // A passing health check (the container's HEALTHCHECK every 30 s, monitors) says nothing new,
      // and a line every 30 s would bury the start's setup link in `docker compose logs`.
      return isHealthCheck(req) && res.statusCode < 400 ? "silent" : "info";
    },
    customSuccessMessage: line,
    customErrorMessage: failedLine,
    // A failure's stack is logged where it happens (entry.server.tsx); here it is one line like any other.
    customErrorObject: (_req, _res, _err, { res, responseTime }) => ({ res, responseTime }),
  });
}
