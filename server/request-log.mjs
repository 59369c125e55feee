// One line per request in the journal (pino-http; see docs/decisions/0008-headers-and-request-log.md),
// with method, path, status and duration. Invitation codes are secrets a guest types or follows
// from a personal link: the path is logged with them masked, and never the query string.
import pino from "pino";
import { pinoHttp } from "pino-http";

// Segments after /api/invitations/ that name a route, not an invitation.
const INVITATION_ROUTES = new Set(["validate", "stats", "import", "export.csv"]);

function decode(segment) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The request's path, decoded, without its query, with every invitation code replaced by ":code" (an unsubscribe token by ":token"). */
export function maskedPath(url) {
  const path = String(url).split(/[?#]/)[0];
  const segments = path.split("/").map(decode);
  // Empty segments (doubled slashes) are skipped when finding the route, as routing does.
  const named = segments.map((s, i) => [s.toLowerCase(), i]).filter(([s]) => s !== "");
  const mask = (k, placeholder = ":code") => {
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
  const line = (req, res, ms) => `${req.method} ${maskedPath(req.originalUrl ?? req.url)} ${res.statusCode} ${ms}ms`;
  return pinoHttp({
    logger,
    quietReqLogger: true,
    wrapSerializers: false,
    genReqId: () => undefined,
    serializers: {
      req: (req) => ({ method: req.method, path: maskedPath(req.originalUrl ?? req.url) }),
      res: (res) => ({ status: res.statusCode }),
    },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? "error" : "info"),
    customSuccessMessage: line,
    customErrorMessage: (req, res, _err, ms) => line(req, res, ms),
    // A failure's stack is logged where it happens (entry.server.tsx); here it is one line like any other.
    customErrorObject: (_req, _res, _err, { res, responseTime }) => ({ res, responseTime }),
  });
}
