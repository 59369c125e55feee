/** An invitation's personal link: `{base}/i/{code}` (base is PUBLIC_URL or the request's origin, no trailing slash). */
export function personalLink(base: string, code: string): string {
  return `${base.replace(/\/+$/, "")}/i/${encodeURIComponent(code)}`;
}

/** The short form printed on cards: the link without its scheme. */
export function shortLink(link: string): string {
  return link.replace(/^https?:\/\//, "");
}

/**
 * A WhatsApp "click to chat" link that opens the app with the message typed: in the chat of
 * `phone` (E.164 digits, app/lib/contacts.ts) when there is one, else to a contact the sender picks.
 */
export function whatsAppLink(message: string, phone?: string | null): string {
  return `https://wa.me/${phone ?? ""}?text=${encodeURIComponent(message)}`;
}
