import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { lazyHydrated } from "~/components/lazy-hydrated";
import { renderDocument } from "~/infra/render-document.server";

function Greeting({ name }: { name: string }) {
  return <p className="greeting">Hola, {name}</p>;
}

const page = (body: React.ReactNode) => (
  <html lang="es">
    <body>{body}</body>
  </html>
);
const render = async (body: React.ReactNode) => (await renderDocument(page(body), { status: 200, headers: new Headers(), abortAfterMs: 5000 })).text();

describe("lazyHydrated", () => {
  it("is rendered whole by the server, inside its own boundary, and its chunk is imported once", async () => {
    const load = vi.fn(async () => ({ Greeting }));
    const Lazy = lazyHydrated(load, "Greeting");
    const first = await render(<Lazy name="Lucía" />);
    expect(first).toContain('<!--$--><p class="greeting">Hola, <!-- -->Lucía</p><!--/$-->');
    const second = await render(<Lazy name="Ana" />);
    expect(second).toContain("Hola, <!-- -->Ana");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("once its chunk is here, renders at once (no suspending: a synchronous render shows it)", async () => {
    const load = async () => ({ Greeting });
    const Lazy = lazyHydrated(load, "Greeting");
    const Other = lazyHydrated(load, "Greeting");
    expect(renderToString(<Lazy name="Eva" />)).not.toContain("Hola");
    await Lazy.preload();
    expect(renderToString(<Lazy name="Eva" />)).toContain("Hola, <!-- -->Eva");
    // Every part of a chunk knows it is here once one of them loaded it.
    expect(renderToString(<Other name="Rosa" />)).toContain("Hola, <!-- -->Rosa");
  });
});
