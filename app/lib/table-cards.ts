/**
 * The table cards' rules with no I/O: the first names a table's page shows, and the entrance's
 * list sorted by surname.
 */

/** The surname the entrance's list sorts by: the name's last word (one-word names sort by that word). */
export function surnameOf(fullName: string): string {
  const words = fullName.trim().split(/\s+/);
  return words[words.length - 1] ?? "";
}

/**
 * Everyone seated, alphabetically by surname as Spanish readers expect: accents and case ignored
 * (Álvarez with the A's, "de" names by their last word), then by the whole name.
 */
export function bySurname<T extends { fullName: string }>(people: readonly T[], lng = "es"): T[] {
  const collator = new Intl.Collator(lng, { sensitivity: "base", usage: "sort" });
  return [...people].sort((a, b) => collator.compare(surnameOf(a.fullName), surnameOf(b.fullName)) || collator.compare(a.fullName, b.fullName));
}

/** The gallery section a table's photos land in: the couple's choice when it still takes uploads, else the first that does. */
export function tablePhotosSection<S extends { id: number; is_active: boolean; allow_upload: boolean }>(
  sections: readonly S[],
  chosenId: number | null,
): S | null {
  const open = sections.filter((s) => s.is_active && s.allow_upload);
  return open.find((s) => s.id === chosenId) ?? open[0] ?? null;
}

/** Paper sizes the printables offer (CSS `@page size`). */
export const PAPER_SIZES = ["A4", "letter"] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];
export const paperOf = (raw: string | null): PaperSize => (raw === "letter" ? "letter" : "A4");

/** The printables: 'Tarjetas de mesa', 'Tarjetas de lugar', 'Lista de mesas para la entrada'. */
export const PRINTS = ["table-cards", "place-cards", "entrance"] as const;
export type PrintKind = (typeof PRINTS)[number];
export const printOf = (raw: string | null): PrintKind => ((PRINTS as readonly string[]).includes(raw ?? "") ? (raw as PrintKind) : "table-cards");
