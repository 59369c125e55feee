import http from "node:http";
import net, { type AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, test } from "vitest";
import { finishRefusedBodies } from "../../server/request-body.mjs";

// A body refused before it was read (a 413) must reach the client as an answer, never as a reset,
// whether whoever read the body stops reading before the answer is written or after it.

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server that answers 413 to any POST without reading its body; the body's reader stops `when`. */
async function refusingServer(when: "before the answer" | "after the answer"): Promise<number> {
  const app = express();
  app.use(finishRefusedBodies());
  app.post("/", (req, res) => {
    // The app's body reader giving up: Remix's adapter destroys the request when its body is cancelled.
    if (when === "before the answer") req.destroy();
    else res.once("finish", () => setImmediate(() => req.destroy()));
    res.status(413).type("text/plain").end("Envío demasiado grande");
  });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

/**
 * A POST sent chunked (no Content-Length), `size` bytes, from a client that reads nothing until it
 * has sent it all (a phone still uploading does not look at the answer): a connection the server
 * cuts while the body is coming fails the writes, one it keeps gives the answer at the end.
 */
function chunkedPost(port: number, size: number, connection: "keep-alive" | "close") {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.pause();
    socket.on("error", reject);
    const chunk = Buffer.alloc(16 << 10, "a");
    const frame = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]);
    let sent = 0;
    const write = () => {
      while (sent < size) {
        sent += chunk.length;
        if (!socket.write(frame)) return void socket.once("drain", write);
      }
      socket.write("0\r\n\r\n");
      let answer = "";
      socket.setEncoding("utf8");
      socket.on("data", (d: string) => {
        answer += d;
        const [head, body = ""] = answer.split("\r\n\r\n");
        const length = Number(/content-length: (\d+)/i.exec(head!)?.[1] ?? NaN);
        if (Buffer.byteLength(body) >= length) {
          socket.destroy();
          resolve({ status: Number(head!.split(" ")[1]), body });
        }
      });
      socket.resume();
    };
    socket.write(`POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\nConnection: ${connection}\r\n\r\n`);
    write();
  });
}

describe("a refused body", () => {
  for (const when of ["before the answer", "after the answer"] as const) {
    for (const connection of ["keep-alive", "close"] as const) {
      test(`gets its answer, not a reset, when its reader stops ${when} (Connection: ${connection})`, async () => {
        const port = await refusingServer(when);
        for (let i = 0; i < 3; i++) {
          const answer = await chunkedPost(port, 5 << 20, connection);
          expect(answer).toEqual({ status: 413, body: "Envío demasiado grande" });
        }
      });
    }
  }
});
