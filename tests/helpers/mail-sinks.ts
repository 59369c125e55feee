import http from "node:http";
import { SMTPServer } from "smtp-server";

/** One e-mail as the test SMTP server received it, decoded enough to read. */
export interface ReceivedEmail {
  to: string[];
  raw: string;
  subject: string;
  messageId: string;
  header: (name: string) => string | undefined;
  /** The plain-text part, decoded. */
  text: string;
  /** The HTML part, decoded. */
  html: string;
  /** Parts with a Content-ID (inline images), by that id without its brackets. */
  inline: Map<string, { type: string; content: Buffer }>;
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const soft = body.replace(/=\r?\n/g, "");
  for (let i = 0; i < soft.length; i++) {
    const m = soft[i] === "=" ? /^[0-9A-F]{2}$/i.exec(soft.slice(i + 1, i + 3)) : null;
    if (m) {
      bytes.push(parseInt(m[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i], "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
    enc.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : decodeQuotedPrintable(text.replace(/_/g, " ")),
  );
}

function headersOf(block: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const at = line.indexOf(":");
    if (at > 0) map.set(line.slice(0, at).toLowerCase(), line.slice(at + 1).trim());
  }
  return map;
}

interface Part {
  type: string;
  body: string;
  bytes: Buffer;
  contentId?: string;
}

/** A MIME entity's leaf parts, nested multiparts (alternative, related, mixed) opened. */
function leafParts(entity: string): Part[] {
  const [head, ...rest] = entity.split(/\r?\n\r?\n/);
  const h = headersOf(head);
  const contentType = h.get("content-type") ?? "";
  const raw = rest.join("\r\n\r\n");
  const boundary = /boundary="?([^";]+)"?/.exec(contentType)?.[1];
  if (/^multipart\//i.test(contentType) && boundary)
    return raw
      .split(`--${boundary}`)
      .slice(1, -1)
      .flatMap((p) => leafParts(p.replace(/^\r?\n/, "")));
  const encoding = (h.get("content-transfer-encoding") ?? "").toLowerCase();
  const bytes =
    encoding === "quoted-printable" ? Buffer.from(decodeQuotedPrintable(raw)) : encoding === "base64" ? Buffer.from(raw, "base64") : Buffer.from(raw);
  const contentId = /<([^>]+)>/.exec(h.get("content-id") ?? "")?.[1];
  return [{ type: contentType.split(";")[0].toLowerCase(), body: bytes.toString("utf8"), bytes, contentId }];
}

export function parseEmail(raw: string, to: string[]): ReceivedEmail {
  const [head] = raw.split(/\r?\n\r?\n/);
  const headers = headersOf(head);
  const parts = leafParts(raw);
  return {
    to,
    raw,
    subject: decodeWords(headers.get("subject") ?? ""),
    messageId: headers.get("message-id") ?? "",
    header: (name) => headers.get(name.toLowerCase()),
    text: parts.find((p) => p.type === "text/plain")?.body.replace(/\r\n/g, "\n") ?? "",
    html: parts.find((p) => p.type === "text/html")?.body ?? "",
    inline: new Map(parts.filter((p) => p.contentId).map((p) => [p.contentId!, { type: p.type, content: p.bytes }])),
  };
}

/**
 * A real SMTP server on 127.0.0.1 (smtp-server) that keeps what it receives; it can be stopped and
 * started again on its port. `acceptAfterMs` holds each message that long before accepting it;
 * `refuseAuth` answers every login with 535 (a wrong user or password).
 */
export function smtpSink(port: number, options: { acceptAfterMs?: number; refuseAuth?: boolean } = {}) {
  const received: ReceivedEmail[] = [];
  let server: SMTPServer | undefined;
  return {
    received,
    async start() {
      server = new SMTPServer({
        authOptional: true,
        allowInsecureAuth: true,
        disabledCommands: ["STARTTLS"],
        logger: false,
        onAuth: (auth, _session, callback) => {
          if (!options.refuseAuth) return callback(null, { user: auth.username });
          const refused = Object.assign(new Error("Authentication credentials invalid"), { responseCode: 535 });
          callback(refused);
        },
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            received.push(
              parseEmail(
                Buffer.concat(chunks).toString("utf8"),
                session.envelope.rcptTo.map((r) => r.address),
              ),
            );
            setTimeout(callback, options.acceptAfterMs ?? 0);
          });
        },
      });
      await new Promise<void>((resolve, reject) => {
        server!.once("error", reject);
        server!.listen(port, "127.0.0.1", () => resolve());
      });
    },
    async stop() {
      const s = server;
      server = undefined;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };
}

/** A webhook endpoint: keeps each JSON body POSTed, answers `status()` (200 unless changed). */
export function httpSink(port: number) {
  const received: { body: unknown; headers: http.IncomingHttpHeaders }[] = [];
  let status = 200;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (status < 300) received.push({ body: JSON.parse(Buffer.concat(chunks).toString("utf8")), headers: req.headers });
      res.writeHead(status, { "Content-Type": "application/json" }).end("{}");
    });
  });
  return {
    received,
    answerWith(code: number) {
      status = code;
    },
    start: () => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve())),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
