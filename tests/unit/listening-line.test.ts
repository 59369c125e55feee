import { describe, expect, it } from "vitest";
import { listeningLine } from "../../server/listening-line.mjs";

describe("the start's 'listening' line", () => {
  it("names the address it listens on, and the workers of a cluster", () => {
    expect(listeningLine({ host: "0.0.0.0", port: 3000 })).toBe("Wedding site listening on http://localhost:3000");
    expect(listeningLine({ host: "127.0.0.1", port: 3100, publicUrl: "" })).toBe("Wedding site listening on http://127.0.0.1:3100");
    expect(listeningLine({ host: "0.0.0.0", port: 3000, workers: 3 })).toBe("Wedding site listening on http://localhost:3000 (3 worker processes)");
  });

  it("with PUBLIC_URL, names the public address too, on the same one line", () => {
    expect(listeningLine({ host: "0.0.0.0", port: 3000, publicUrl: "https://boda.example.com/" })).toBe(
      "Wedding site listening on http://localhost:3000 (public address https://boda.example.com)",
    );
    const cluster = listeningLine({ host: "0.0.0.0", port: 3000, publicUrl: "https://boda.example.com", workers: 2 });
    expect(cluster).toBe("Wedding site listening on http://localhost:3000 (2 worker processes; public address https://boda.example.com)");
    expect(cluster).not.toContain("\n");
  });
});
