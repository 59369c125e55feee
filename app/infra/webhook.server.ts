/**
 * One JSON POST to NOTIFY_URL (ntfy, Slack-compatible and home-automation endpoints take one).
 * Only the outbox's sender calls it; a 2xx is success, anything else (or no answer in time) a
 * failed try the outbox retries.
 */
const WEBHOOK_TIMEOUT_MS = 10_000;

export async function postWebhook(url: string, body: unknown, idempotencyKey: string): Promise<void> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Idempotency-Key": idempotencyKey, "User-Agent": "wedding-site" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    redirect: "error",
  });
  // The body is not needed: dropped unread, so an endpoint answering at length costs no memory.
  await response.body?.cancel().catch(() => undefined);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
}
