import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/lib/safe-redirect";

describe("safeRedirectPath (the language and theme switches' redirectTo)", () => {
  it("keeps a path on this site, with its query and fragment", () => {
    expect(safeRedirectPath("/gallery?section=2#photos")).toBe("/gallery?section=2#photos");
    expect(safeRedirectPath("/confirm")).toBe("/confirm");
    expect(safeRedirectPath("/")).toBe("/");
  });

  it("sends every target a browser would resolve to another site back to /", () => {
    for (const target of [
      "https://evil.example/",
      "//evil.example",
      "/\t/evil.example/",
      "/\n/evil.example",
      "/\r\n/evil.example",
      "\t//evil.example",
      " //evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "\\/evil.example",
      "/.//evil.example",
      "/..//evil.example",
      "javascript:alert(1)",
      "data:text/html,hi",
    ]) {
      expect(safeRedirectPath(target), JSON.stringify(target)).toBe("/");
    }
  });

  it("keeps encoded slashes and tabs as plain characters of a path here", () => {
    expect(safeRedirectPath("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
    expect(safeRedirectPath("/%09/evil.example")).toBe("/%09/evil.example");
    expect(safeRedirectPath("/%5Cevil.example")).toBe("/%5Cevil.example");
  });

  it("never returns a control character or a non-ASCII one (a Location header cannot carry them)", () => {
    expect(safeRedirectPath("/gal\nlery")).toBe("/gallery");
    expect(safeRedirectPath("/año")).toBe("/a%C3%B1o");
  });

  it("accepts a full address only on the request's own origin, and answers just its path", () => {
    expect(safeRedirectPath("https://boda.example/gallery", "/", "https://boda.example")).toBe("/gallery");
    expect(safeRedirectPath("https://boda.example.evil/gallery", "/", "https://boda.example")).toBe("/");
    expect(safeRedirectPath("http://boda.example/gallery", "/", "https://boda.example")).toBe("/");
    // A scheme without slashes is another site when the scheme differs, a path when it is ours.
    expect(safeRedirectPath("http:evil.example", "/", "https://boda.example")).toBe("/");
    expect(safeRedirectPath("https:gallery", "/", "https://boda.example")).toBe("/gallery");
  });

  it("falls back for no target, a non-text one, or the given fallback", () => {
    expect(safeRedirectPath(null)).toBe("/");
    expect(safeRedirectPath(undefined)).toBe("/");
    expect(safeRedirectPath("")).toBe("/");
    expect(safeRedirectPath(new File(["x"], "x.txt"))).toBe("/");
    expect(safeRedirectPath("//evil.example", "/confirm")).toBe("/confirm");
  });
});
