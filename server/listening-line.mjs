// @ts-check
// The start's one line saying where the site serves (server/main.mjs alone, server/primary.mjs for a
// cluster). Behind a proxy or in a container the address it listens on is not the one guests use:
// with PUBLIC_URL set, the line names that one too, so the log says where to open the site.

/**
 * @param {{ host: string | null | undefined, port: number, publicUrl?: string, workers?: number }} where
 * @returns {string}
 */
export function listeningLine({ host, port, publicUrl, workers }) {
  // Listening on every interface: localhost is an address that opens on this machine.
  const shown = !host || host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  const notes = [];
  if (workers) notes.push(`${workers} worker processes`);
  const publicAddress = publicUrl?.trim().replace(/\/+$/, "");
  if (publicAddress) notes.push(`public address ${publicAddress}`);
  return `Wedding site listening on http://${shown}:${port}${notes.length ? ` (${notes.join("; ")})` : ""}`;
}
