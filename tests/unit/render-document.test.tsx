import { lazy, Suspense } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderDocument } from "~/infra/render-document.server";

function Page({ name }: { name: string }) {
  return (
    <html lang="es">
      <body>
        <h1>Hola, {name}</h1>
        {Array.from({ length: 500 }, (_, i) => (
          <p key={i}>Párrafo {i}</p>
        ))}
      </body>
    </html>
  );
}

/** A document whose one part waits in a Suspense boundary (fallback "cargando"). */
function WithBoundary({ children }: { children: React.ReactNode }) {
  return (
    <html lang="es">
      <body>
        <h1>Hola</h1>
        <Suspense fallback={<p>cargando</p>}>{children}</Suspense>
      </body>
    </html>
  );
}

function Broken(): never {
  throw new Error("the shell failed");
}

afterEach(() => {
  vi.useRealTimers();
});

describe("renderDocument", () => {
  it("answers with the whole document in one body, with the status and headers given", async () => {
    const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
    const response = await renderDocument(<Page name="Lucía" />, { status: 200, headers, abortAfterMs: 5000 });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    const html = await response.text();
    expect(html).toContain("<h1>Hola, <!-- -->Lucía</h1>");
    expect(html).toContain("Párrafo <!-- -->499");
    expect(html.trim().endsWith("</html>")).toBe(true);
  });

  it("writes a large finished Suspense boundary in place: no <template>, no script moving it in (a page without JavaScript shows it)", async () => {
    // Bigger than React's default progressive chunk (12.8 KB), which it would send after the rest.
    const Section = lazy(async () => ({
      default: () => (
        <section id="late">
          {Array.from({ length: 800 }, (_, i) => (
            <p key={i}>Sección tardía, párrafo {i}</p>
          ))}
        </section>
      ),
    }));
    const html = await (
      await renderDocument(
        <WithBoundary>
          <Section />
        </WithBoundary>,
        { status: 200, headers: new Headers(), abortAfterMs: 5000 },
      )
    ).text();
    expect(html).toContain('<!--$--><section id="late">');
    expect(html).toContain("párrafo <!-- -->799");
    expect(html).not.toContain("<template");
    expect(html).not.toContain("$RC");
    expect(html).not.toContain("cargando");
  });

  it("leaves no timer behind once the page is rendered (the timer would keep the whole render in memory)", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    await renderDocument(<Page name="Ana" />, { status: 200, headers: new Headers(), abortAfterMs: 5000 });
    expect(vi.getTimerCount()).toBe(0);
  });

  it("rejects when the shell fails, and leaves no timer behind", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(renderDocument(<Broken />, { status: 200, headers: new Headers(), abortAfterMs: 5000 })).rejects.toThrow("the shell failed");
    expect(vi.getTimerCount()).toBe(0);
    error.mockRestore();
  });

  it("answers 500 with the page it has when a part never finishes, once abortAfterMs has passed", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const Never = lazy(() => new Promise<{ default: () => null }>(() => {}));
    const started = Date.now();
    const response = await renderDocument(
      <WithBoundary>
        <Never />
      </WithBoundary>,
      { status: 200, headers: new Headers(), abortAfterMs: 50 },
    );
    expect(Date.now() - started).toBeLessThan(2000);
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain("<h1>Hola</h1>");
    expect(html.trim().endsWith("</html>")).toBe(true);
    error.mockRestore();
  });
});

describe("renderDocument and characters of several bytes", () => {
  // React 18.3's Node renderer (renderToPipeableStream) fills views of 2,048 bytes; when a text's
  // character of 2, 3 or 4 bytes did not fit in what was left of one, it sent the whole view, with
  // its unwritten bytes as U+0000 (a guest's name arrived as "Sebasti\0án"). Every offset: the text
  // before shifts the character across the end of a view at each of its bytes, for each width.
  const VIEW = 2048;
  it.each([
    ["ñ", 2],
    ["€", 3],
    ["😀", 4],
  ])("writes '%s' (%i bytes) whole wherever it falls: no U+0000, no U+FFFD", async (character, bytes) => {
    expect(Buffer.byteLength(character)).toBe(bytes);
    const Probe = ({ before }: { before: number }) => (
      <html lang="es">
        <body>
          {/* In texts of at most 500 characters: React sends a longer one at once, ending the view early. */}
          {Array.from({ length: Math.ceil(before / 500) }, (_, i) => (
            <i key={i}>{"a".repeat(Math.min(500, before - i * 500))}</i>
          ))}
          <p>{`Sebasti${character}n ${character}${character}`}</p>
        </body>
      </html>
    );
    const failures: number[] = [];
    for (let before = 0; before < VIEW + bytes; before++) {
      const html = await (await renderDocument(<Probe before={before} />, { status: 200, headers: new Headers(), abortAfterMs: 5000 })).text();
      if (html.includes("\0") || html.includes("\uFFFD") || !html.includes(`<p>Sebasti${character}n ${character}${character}</p>`)) failures.push(before);
    }
    expect(failures).toEqual([]);
  });
});
