import { describe, expect, it } from "vitest";
import { resources } from "~/locales";

/** Every text of a namespace tree, with its key path. */
function texts(tree: unknown, path = ""): [string, string][] {
  if (typeof tree === "string") return [[path, tree]];
  if (tree && typeof tree === "object") return Object.entries(tree).flatMap(([key, value]) => texts(value, path ? `${path}.${key}` : key));
  return [];
}

describe("the site's Spanish", () => {
  // The site speaks Latin-American Spanish: "ustedes", never Spain's "vosotros" forms.
  it("never uses Spain's vosotros forms", () => {
    const vosotros = /\b(vuestr[oa]s?|vosotr[oa]s)\b/i;
    expect(texts(resources.es).filter(([, text]) => vosotros.test(text))).toEqual([]);
  });
});

describe("the review's notices to a guest", () => {
  it("are whole sentences, with their final period", () => {
    for (const lang of ["es", "en"] as const) {
      expect(resources[lang].review.pendingNotice).toMatch(/\.$/);
      expect(resources[lang].review.pendingNoticeMany).toMatch(/\.$/);
    }
  });
});
