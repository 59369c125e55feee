import { afterEach, describe, expect, it, vi } from "vitest";
import {
  fetchUpload,
  leavesQueue,
  outcomeOf,
  sendRound,
  uploadForm,
  uploadUrl,
  type QueuedUpload,
  type QueueNews,
  type SendOutcome,
} from "~/lib/queued-uploads";

const item = (id: string, over: Partial<QueuedUpload> = {}): QueuedUpload => ({
  id,
  sectionId: 7,
  tableToken: null,
  uploaderName: "Prima Sol",
  file: new Blob(["jpeg bytes"], { type: "image/jpeg" }),
  name: `${id}.jpg`,
  type: "image/jpeg",
  poster: null,
  createdAt: 1,
  ...over,
});

describe("what an upload's answer means (outcomeOf), for the page and the service worker alike", () => {
  it("201 is stored; a photo waiting for review says so", () => {
    expect(outcomeOf(201, JSON.stringify({ id: 3 }))).toEqual({ kind: "stored", pending: false });
    expect(outcomeOf(201, JSON.stringify({ status: "pending" }))).toEqual({ kind: "stored", pending: true });
  });

  it("no answer, or a gateway's 502/503/504 without the site's message, is no connection", () => {
    expect(outcomeOf(0, "")).toEqual({ kind: "offline" });
    for (const status of [502, 503, 504]) expect(outcomeOf(status, "<html>Bad gateway</html>")).toEqual({ kind: "offline" });
  });

  it("a limit for now (429, 409, a ceiling's 503 or 507, a 500) keeps the file with the server's message", () => {
    expect(outcomeOf(429, JSON.stringify({ error: "Demasiadas subidas" }))).toEqual({ kind: "later", message: "Demasiadas subidas" });
    expect(outcomeOf(503, JSON.stringify({ error: "La galería está llena" }))).toEqual({ kind: "later", message: "La galería está llena" });
    for (const status of [409, 507, 500]) expect(outcomeOf(status, "").kind).toBe("later");
  });

  it("any other 4xx is refused, with its reason when the site gave one", () => {
    expect(outcomeOf(400, JSON.stringify({ error: "El archivo no es una foto ni un vídeo válido." }))).toEqual({
      kind: "refused",
      message: "El archivo no es una foto ni un vídeo válido.",
    });
    expect(outcomeOf(404, "not json")).toEqual({ kind: "refused", message: null });
  });

  it("only a stored or refused file leaves the queue", () => {
    const outcomes: SendOutcome[] = [
      { kind: "stored", pending: false },
      { kind: "refused", message: null },
      { kind: "offline" },
      { kind: "later", message: null },
      { kind: "cancelled" },
    ];
    expect(outcomes.filter(leavesQueue).map((o) => o.kind)).toEqual(["stored", "refused"]);
  });
});

describe("where and how a queued file is posted", () => {
  it("a table's file goes to its table's address, any other to its section's", () => {
    expect(uploadUrl({ sectionId: 7, tableToken: null })).toBe("/api/gallery/sections/7/media");
    expect(uploadUrl({ sectionId: 7, tableToken: "Ab_c-1/x" })).toBe("/api/tables/Ab_c-1%2Fx/media");
  });

  it("the form carries 'Tu nombre' and a video's poster before the file, the file under its own name and type", () => {
    const form = uploadForm(item("v", { name: "baile.mp4", type: "video/mp4", poster: new Blob(["p"], { type: "image/jpeg" }) }));
    expect([...form.keys()]).toEqual(["uploaderName", "poster", "file"]);
    expect(form.get("uploaderName")).toBe("Prima Sol");
    const file = form.get("file") as File;
    expect([file.name, file.type]).toEqual(["baile.mp4", "video/mp4"]);
    expect((form.get("poster") as File).name).toBe("poster.jpg");
    expect([...uploadForm(item("p")).keys()]).toEqual(["uploaderName", "file"]);
  });
});

describe("the service worker's send (fetchUpload)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("posts the file to its address with its Idempotency-Key and reads the answer by the same rule", async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ status: "pending" }), { status: 201 }));
    vi.stubGlobal("fetch", fetchMock);
    const queued = item("3d9f1e2a-7b6c-4d5e-8f90-a1b2c3d4e5f6", { tableToken: "mesa1" });
    expect(await fetchUpload(queued)).toEqual({ kind: "stored", pending: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/tables/mesa1/media");
    expect(init.method).toBe("POST");
    expect(init.headers).toEqual({ "Idempotency-Key": queued.id });
    expect([...(init.body as FormData).keys()]).toEqual(["uploaderName", "file"]);
  });

  it("a request that fails (no connection) is offline, never a throw", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    expect(await fetchUpload(item("a"))).toEqual({ kind: "offline" });
  });
});

describe("a round of sends (sendRound), the page's and the service worker's", () => {
  const run = async (items: QueuedUpload[], answers: Record<string, SendOutcome>, skip: string[] = []) => {
    const removed: string[] = [];
    const sent: string[] = [];
    const news: QueueNews[] = [];
    const round = await sendRound(items, {
      send: async (i) => {
        sent.push(i.id);
        return answers[i.id] ?? { kind: "stored", pending: false };
      },
      remove: async (id) => void removed.push(id),
      skip: (i) => skip.includes(i.id),
      announce: (n) => news.push(n),
    });
    return { round, removed, sent, news };
  };

  it("a stored or refused file leaves the store; one kept for later stays and the others are still tried", async () => {
    const { round, removed, sent } = await run([item("a"), item("b"), item("c")], {
      b: { kind: "later", message: "Demasiadas subidas" },
      c: { kind: "refused", message: "No es una foto" },
    });
    expect(sent.sort()).toEqual(["a", "b", "c"]);
    expect(removed.sort()).toEqual(["a", "c"]);
    expect(round).toEqual({ offline: false, waiting: [item("b")] });
  });

  it("with no connection the files not yet tried are not tried, and all that remain are waiting", async () => {
    const items = ["a", "b", "c", "d", "e"].map((id) => item(id));
    const { round, removed, sent } = await run(items, { a: { kind: "offline" } });
    // Two at a time: the second file was already on its way when the first found no connection.
    expect(sent).toEqual(["a", "b"]);
    expect(removed).toEqual(["b"]);
    expect(round.offline).toBe(true);
    expect(round.waiting.map((i) => i.id).sort()).toEqual(["a", "c", "d", "e"]);
  });

  it("a file removed since the list was read is never sent; every send is announced, then its outcome", async () => {
    const { sent, news, round } = await run([item("a"), item("b")], {}, ["a"]);
    expect(sent).toEqual(["b"]);
    expect(news).toEqual([
      { id: "b", sending: true },
      { id: "b", outcome: { kind: "stored", pending: false } },
    ]);
    expect(round).toEqual({ offline: false, waiting: [] });
  });

  it("a cancelled send is neither removed (the page that cancelled it does) nor waiting", async () => {
    const { round, removed } = await run([item("a")], { a: { kind: "cancelled" } });
    expect(removed).toEqual([]);
    expect(round).toEqual({ offline: false, waiting: [] });
  });
});
