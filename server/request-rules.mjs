// Which requests the edge treats specially. Remix matches routes without regard to case
// (/ADMIN is the admin page), so every rule here ignores case too.

/** The admin page and everything under it, its data requests (`/admin.data`) included. */
export function isAdminPath(path) {
  return /^\/admin(?:[/.]|$)/i.test(path);
}

/** The JSON API (it answers its own 404s and 405s). */
export function isApiPath(path) {
  return /^\/api\//i.test(path);
}

/** A Remix data request: single fetch (`/confirm.data`, `/_root.data`) or the older `?_data=`. */
export function isDataRequest(req) {
  return /\.data$/i.test(req.path) || Object.hasOwn(req.query ?? {}, "_data");
}

/** Names of the cookies a request carries. */
export function cookieNames(header) {
  if (!header) return [];
  return header.split(";").map((part) => {
    const eq = part.indexOf("=");
    return (eq === -1 ? part : part.slice(0, eq)).trim();
  });
}

// The cookies that make a page this visitor's own: the stored invitation (the page shows the
// guest's name and answers), the admin session, and a pending toast.
const SESSION_COOKIES = new Set(["wedding_invitation", "wedding_admin", "wedding_flash"]);

/** True when the request carries a cookie that makes its pages personal. */
export function hasSessionCookie(header) {
  return cookieNames(header).some((name) => SESSION_COOKIES.has(name));
}

/** True when the request carries the guest's invitation cookie. */
export function hasInvitationCookie(header) {
  return cookieNames(header).includes("wedding_invitation");
}
