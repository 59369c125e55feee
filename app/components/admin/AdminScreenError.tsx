import { isRouteErrorResponse, useRouteError } from "@remix-run/react";

/**
 * An admin screen's ErrorBoundary. Its action refuses a post without the session (401); the
 * /admin layout then shows the login instead of any screen, so there is nothing to draw here (a
 * plain post whose session ran out gets the login, not an error page). Any other error goes on
 * to the site's error page.
 */
export function AdminScreenError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 401) return null;
  throw error;
}
