/** Longest page number a list's `?page=` takes: past it, the list is far beyond any wedding's. */
const MAX_PAGE = 100_000;

/** The 1-based page a URL's `?page=N` asks for: digits only, from 1; anything else is the first page. */
export function pageOf(request: Request | URL | string): number {
  const url = typeof request === "string" ? new URL(request, "http://x") : request instanceof URL ? request : new URL(request.url);
  const raw = url.searchParams.get("page") ?? "";
  if (!/^[0-9]{1,6}$/.test(raw)) return 1;
  return Math.min(Math.max(1, Number(raw)), MAX_PAGE);
}

/** How many pages `total` items make at `perPage` each (at least one: an empty list has its page). */
export const pageCount = (total: number, perPage: number) => Math.max(1, Math.ceil(total / perPage));
