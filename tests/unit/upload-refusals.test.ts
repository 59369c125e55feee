import { describe, expect, it } from "vitest";
import { receivePhoto, receivePhotos } from "~/http/photo-upload.server";
import { useTestDatabase } from "./helpers/test-db";

/**
 * A refusal that comes before the body is read (another site's post, a client over the upload
 * limit) answers at once and reads nothing of the body: the server throws the rest away after the
 * answer (server/request-body.mjs), the one place that drains a refused body.
 */

useTestDatabase({ RATE_LIMIT_UPLOADS: "1" });

/** An upload whose body sends one chunk and then never ends (a slow phone), counting what was pulled. */
function endlessUpload(headers: Record<string, string> = {}) {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled > 0) return new Promise<void>(() => undefined);
      pulled++;
      controller.enqueue(new Uint8Array(64 * 1024));
    },
  });
  const request = new Request("http://localhost/gallery", {
    method: "POST",
    headers: { "Content-Type": "multipart/form-data; boundary=x", ...headers },
    body,
    duplex: "half",
  } as RequestInit);
  return { request, pulled: () => pulled };
}

const crossSite = { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" };

describe("a refusal before the body is read", () => {
  it("answers another site's upload at once, leaving the body to the server", async () => {
    for (const receive of [receivePhoto, receivePhotos]) {
      const { request, pulled } = endlessUpload(crossSite);
      await expect(receive(request, { clientIp: "192.0.2.10" })).resolves.toMatchObject({ ok: false, refusal: "forbidden" });
      expect(request.bodyUsed).toBe(false);
      expect(pulled()).toBeLessThanOrEqual(1);
    }
  });

  it("answers a client over the upload limit at once, leaving the body to the server", async () => {
    for (const [receive, client] of [
      [receivePhoto, "192.0.2.20"],
      [receivePhotos, "192.0.2.21"],
    ] as const) {
      // The one upload allowed: its body is read (and is no form), then the limit refuses the next.
      const first = new Request("http://localhost/gallery", {
        method: "POST",
        headers: { "Content-Type": "multipart/form-data; boundary=x" },
        body: "--x--\r\n",
      });
      await receive(first, { clientIp: client });
      const { request } = endlessUpload();
      await expect(receive(request, { clientIp: client })).resolves.toMatchObject({ ok: false, refusal: "rateLimited" });
      expect(request.bodyUsed).toBe(false);
    }
  });
});
