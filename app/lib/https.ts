/** True when the page was requested over HTTPS (directly or, with TRUST_PROXY, behind a proxy): cookies are then Secure. */
export function isHttps(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}
