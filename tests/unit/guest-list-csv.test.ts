import { describe, expect, it } from "vitest";
import { guestListCsv, guestListRows, IMPORT_MAX_ROWS, neutralizeCell, readImportCsv } from "~/lib/guest-list-csv";

const rowsOf = async (text: string) => {
  const read = await readImportCsv(text);
  if (!read.ok) throw new Error(read.error);
  return read.rows.map(({ primaryGuest, maxGuests, language }) => [primaryGuest, maxGuests, language]);
};

describe("reading an import file", () => {
  it("reads a plain file with a header", async () => {
    expect(await rowsOf("primaryGuest,maxGuests,language\nAna Pérez,2,es\nJohn Smith,1,en\n")).toEqual([
      ["Ana Pérez", "2", "es"],
      ["John Smith", "1", "en"],
    ]);
  });

  it("ignores a byte-order mark", async () => {
    expect(await rowsOf("\uFEFFprimaryGuest,maxGuests\nAna,2\n")).toEqual([["Ana", "2", ""]]);
  });

  it("reads semicolon-separated files (Excel in Spanish locales)", async () => {
    expect(await rowsOf("primaryGuest;maxGuests;language\r\nPérez, Ana;3;es\r\n")).toEqual([["Pérez, Ana", "3", "es"]]);
  });

  it("keeps quoted commas and line breaks inside a cell", async () => {
    expect(await rowsOf('primaryGuest,maxGuests\n"Gómez, Luis",2\n"Familia\nSoto",4\n')).toEqual([
      ["Gómez, Luis", "2", ""],
      ["Familia\nSoto", "4", ""],
    ]);
  });

  it("reads CRLF line ends and skips empty lines (also lines of empty cells)", async () => {
    expect(await rowsOf("primaryGuest,maxGuests\r\n\r\nAna,1\r\n,\r\n\r\nLuis,2\r\n\r\n")).toEqual([
      ["Ana", "1", ""],
      ["Luis", "2", ""],
    ]);
  });

  it("ignores extra columns, and finds its columns in any order and case", async () => {
    expect(await rowsOf("Notes,MAXGUESTS,email,PrimaryGuest\nprimo,2,a@b.c,Ana,sobra\n")).toEqual([["Ana", "2", ""]]);
  });

  it("refuses a file without the header row", async () => {
    expect(await readImportCsv("Ana Pérez,2,es\nLuis,1,es\n")).toEqual({ ok: false, error: "missingHeader" });
    expect(await readImportCsv("primaryGuest\nAna\n")).toEqual({ ok: false, error: "missingHeader" });
  });

  it("refuses an empty file and more rows than allowed", async () => {
    expect(await readImportCsv("\uFEFF \n")).toEqual({ ok: false, error: "empty" });
    expect(await readImportCsv("primaryGuest,maxGuests\r\n\r\n")).toEqual({ ok: false, error: "empty" });
    const many = "primaryGuest,maxGuests\n" + Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `Invitado ${i},1`).join("\n");
    expect(await readImportCsv(many)).toEqual({ ok: false, error: "tooManyRows" });
  });

  it("stops reading at the row past the limit: what follows it is never parsed", async () => {
    const rows = Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `Invitado ${i},1`).join("\n");
    // An unclosed quote at the very end makes the whole file unreadable to a parser that reaches it.
    const more = "b,1\n".repeat(50_000);
    expect(await readImportCsv(`primaryGuest,maxGuests\n${rows}\n${more}"sin cerrar,1\n`)).toEqual({ ok: false, error: "tooManyRows" });
  });

  it("refuses 200,000 tiny rows (768 KB) as too many rows", async () => {
    const file = "primaryGuest,maxGuests\n" + "a,1\n".repeat(200_000);
    expect(await readImportCsv(file)).toEqual({ ok: false, error: "tooManyRows" });
  });

  it("refuses one enormous field, or a file with no line break, as unreadable before the end of it", async () => {
    expect(await readImportCsv(`primaryGuest,maxGuests\n"${"a".repeat(900_000)}",1\n`)).toEqual({ ok: false, error: "unreadable" });
    expect(await readImportCsv(`primaryGuest,maxGuests,${"a,".repeat(300_000)}`)).toEqual({ ok: false, error: "unreadable" });
  });

  it("keeps a name with an emoji where the text is cut into slices", async () => {
    const name = "Ana 💍 Pérez";
    const padding = Array.from({ length: 900 }, (_, i) => `Invitado ${i},1`).join("\n");
    const file = `primaryGuest,maxGuests\n${padding}\n${name},2\n`;
    const names = (await rowsOf(file)).map(([primaryGuest]) => primaryGuest);
    expect(names.at(-1)).toBe(name);
  });

  it("reports the line of each row", async () => {
    const read = await readImportCsv("primaryGuest,maxGuests\n\nAna,1\n");
    expect(read.ok && read.rows[0].line).toBe(3);
  });
});

describe("writing the guest list", () => {
  const invitation = {
    code: "ABCDEF",
    primaryGuest: '=HYPERLINK("http://evil")',
    maxGuests: 2,
    language: "es",
    status: "confirmed" as const,
    message: "Nos vemos, ¡qué alegría!",
    answeredAt: "2026-01-01T10:00:00.000Z",
    phone: "50761234567",
    email: "familia@example.com",
    guests: [
      { fullName: '=HYPERLINK("http://evil")', isPrimary: true, dietary: null },
      { fullName: 'Luis "Lucho" Gómez, Jr.', isPrimary: false, dietary: "vegano" },
    ],
  };

  it("neutralises every cell a spreadsheet would run as a formula", async () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) expect(neutralizeCell(`${start}1+1`)).toBe(`'${start}1+1`);
    expect(neutralizeCell("Ana")).toBe("Ana");
  });

  it("writes UTF-8 with a BOM, CRLF and RFC 4180 quoting, one row per guest", async () => {
    const csv = guestListCsv(guestListRows(invitation, "https://boda.example.com/i/ABCDEF"));
    expect(csv.startsWith("\uFEFFcode,link,primaryGuest,maxGuests,language,status,guest,isPrimary,dietary,message,answeredAt,phone,email\r\n")).toBe(true);
    const lines = csv.slice(1).split("\r\n");
    expect(lines[1]).toBe(
      `ABCDEF,https://boda.example.com/i/ABCDEF,"'=HYPERLINK(""http://evil"")",2,es,confirmed,"'=HYPERLINK(""http://evil"")",yes,,"Nos vemos, ¡qué alegría!",2026-01-01T10:00:00.000Z,'+50761234567,familia@example.com`,
    );
    expect(lines[2]).toContain(`"Luis ""Lucho"" Gómez, Jr.",no,vegano`);
  });

  it("gives an invitation without guests one row, and reads back as the same invitations", async () => {
    const pending = {
      ...invitation,
      code: "GHJKLM",
      primaryGuest: "Ana",
      status: "pending" as const,
      message: null,
      answeredAt: null,
      phone: null,
      email: null,
      guests: [],
    };
    const csv = guestListCsv([...guestListRows(invitation, "x"), ...guestListRows(pending, "y")]);
    const read = await readImportCsv(csv);
    expect(read.ok && read.rows.map((r) => [r.code, r.primaryGuest, r.maxGuests, r.language, r.phone, r.email])).toEqual([
      ["ABCDEF", '=HYPERLINK("http://evil")', "2", "es", "+50761234567", "familia@example.com"],
      ["ABCDEF", '=HYPERLINK("http://evil")', "2", "es", "+50761234567", "familia@example.com"],
      ["GHJKLM", "Ana", "2", "es", "", ""],
    ]);
  });
});
