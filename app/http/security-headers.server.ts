import { config } from "~/infra/config.server";

/**
 * Headers every response carries. With a nonce, the Content-Security-Policy for
 * HTML documents: scripts only from this origin or with this response's nonce.
 * Styles allow inline attributes (Mantine sets style props), never inline scripts.
 */
export function securityHeaders(nonce: string | null): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
  };
  if (nonce !== null) {
    const dev = config().NODE_ENV === "development";
    headers["Content-Security-Policy"] = [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'${dev ? " 'unsafe-eval'" : ""}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "media-src 'self' blob:",
      // canvas-confetti draws in a worker it creates from a blob.
      "worker-src 'self' blob:",
      "font-src 'self' data:",
      `connect-src 'self'${dev ? " ws: wss:" : ""}`,
      // The venue map is an OpenStreetMap embed; it degrades to a link when offline.
      "frame-src https://www.openstreetmap.org",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "object-src 'none'",
    ].join("; ");
  } else {
    headers["Content-Security-Policy"] = "frame-ancestors 'none'";
  }
  return headers;
}
