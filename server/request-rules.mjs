// @ts-check
// Which requests the edge treats specially. Remix matches routes without regard to case
// (/ADMIN is the admin page), so every rule here ignores case too.

/**
 * The admin page and everything under it, its data requests (`/admin.data`) included.
 * @param {string} path
 */
export function isAdminPath(path) {
  return /^\/admin(?:[/.]|$)/i.test(path);
}

/**
 * The JSON API (it answers its own 404s and 405s).
 * @param {string} path
 */
export function isApiPath(path) {
  return /^\/api\//i.test(path);
}

/**
 * A Remix data request: single fetch (`/confirm.data`, `/_root.data`) or the older `?_data=`.
 * @param {import("express").Request} req
 */
export function isDataRequest(req) {
  return /\.data$/i.test(req.path) || Object.hasOwn(req.query ?? {}, "_data");
}

/**
 * Names of the cookies a request carries.
 * @param {string | undefined} header
 * @returns {string[]}
 */
export function cookieNames(header) {
  if (!header) return [];
  return header.split(";").map((part) => {
    const eq = part.indexOf("=");
    return (eq === -1 ? part : part.slice(0, eq)).trim();
  });
}

/**
 * True when the request carries one of `names` (the app's personal cookies, edge.cookies).
 * @param {string | undefined} header
 * @param {readonly string[]} names
 */
export function hasCookie(header, names) {
  return cookieNames(header).some((name) => names.includes(name));
}
