import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod";
import { db } from "~/infra/db.server";
import { movedRow, parseRowEdit, rowEditValue } from "~/lib/content-extras";
import { programmeSchema } from "~/lib/content-schemas";
import { programmeIn, programmeShownAt } from "~/lib/programme";
import { bySurname, paperOf, printOf, surnameOf, tablePhotosSection } from "~/lib/table-cards";
import { firstName } from "~/lib/tables";
import { setTablesPublished } from "~/models/tables.server";
import { createSection } from "~/models/gallery.server";
import { savePhoto } from "~/models/photos.server";
import { slideshowPhotos } from "~/models/slideshow.server";
import { seatedFirstNames, setTablePhotosSection, tableByToken, tablePhotosTarget, tablesWithPeople } from "~/models/table-cards.server";
import { useTestDatabase } from "./helpers/test-db";

const pair = (es: string, en = "") => ({ es, en });

describe("'Programa del día': the form's rules", () => {
  const parse = (fields: [string, string][]) => {
    const form = new FormData();
    for (const [k, v] of fields) form.append(k, v);
    return parseWithZod(form, { schema: programmeSchema });
  };

  it("a moment needs a 24-hour HH:MM time and a Spanish title; English may be empty", () => {
    const ok = parse([
      ["entries[0].time", "19:30"],
      ["entries[0].title.es", "Cena"],
    ]);
    expect(ok.status).toBe("success");
    expect(ok.status === "success" && ok.value.entries).toEqual([{ time: "19:30", title: pair("Cena") }]);
    for (const time of ["7:30", "24:00", "19:60", "19h30", ""]) {
      const refused = parse([
        ["entries[0].time", time],
        ["entries[0].title.es", "Cena"],
      ]);
      expect(refused.status, time).toBe("error");
      expect(refused.reply().error?.["entries[0].time"], time).toBeTruthy();
    }
    const untitled = parse([["entries[0].time", "19:30"]]);
    expect(untitled.reply().error?.["entries[0].title.es"]).toEqual(["content:errors.required"]);
  });

  it("an empty row is dropped (its order alone does not make it a moment); saved in the form's order, without it", () => {
    const parsed = parse([
      ["entries[0].time", "21:00"],
      ["entries[0].title.es", "Baile"],
      ["entries[0].order", "1"],
      ["entries[1].order", "2"],
      ["entries[2].time", "17:00"],
      ["entries[2].title.es", "Ceremonia"],
      ["entries[2].order", "0"],
    ]);
    expect(parsed.status === "success" && parsed.value.entries).toEqual([
      { time: "17:00", title: pair("Ceremonia") },
      { time: "21:00", title: pair("Baile") },
    ]);
  });

  it("at most 20 moments", () => {
    const fields: [string, string][] = [];
    for (let i = 0; i < 21; i++) fields.push([`entries[${i}].time`, "10:00"], [`entries[${i}].title.es`, `M${i}`]);
    expect(parse(fields).status).toBe("error");
    expect(parse(fields.slice(0, 40)).status).toBe("success");
  });

  it("up and down move a row among the rows there are; the first cannot go up, the last cannot go down", () => {
    expect(parseRowEdit(rowEditValue({ op: "up", list: "entries", index: 3 }))).toEqual({ op: "up", list: "entries", index: 3 });
    expect(parseRowEdit("down:entries:0")).toEqual({ op: "down", list: "entries", index: 0 });
    expect(parseRowEdit("up:entries")).toBeNull();
    expect(parseRowEdit("sideways:entries:1")).toBeNull();
    expect(movedRow([0, 2, 5], 2, "up")).toEqual([2, 0, 5]);
    expect(movedRow([0, 2, 5], 2, "down")).toEqual([0, 5, 2]);
    expect(movedRow([0, 2, 5], 0, "up")).toEqual([0, 2, 5]);
    expect(movedRow([0, 2, 5], 5, "down")).toEqual([0, 2, 5]);
    expect(movedRow([0, 2, 5], 4, "down")).toEqual([0, 2, 5]);
  });
});

describe("'Programa del día': what the pages show", () => {
  it("sorted by time, moments at the same time in the couple's order, English falling back to Spanish", () => {
    const entries = [
      { time: "21:00", title: pair("Baile", "Dancing") },
      { time: "17:00", title: pair("Ceremonia", "Ceremony") },
      { time: "19:00", title: pair("Brindis") },
      { time: "19:00", title: pair("Cena", "Dinner") },
    ];
    expect(programmeIn(entries, "es").map((l) => `${l.time} ${l.title}`)).toEqual(["17:00 Ceremonia", "19:00 Brindis", "19:00 Cena", "21:00 Baile"]);
    expect(programmeIn(entries, "en").map((l) => l.title)).toEqual(["Ceremony", "Brindis", "Dinner", "Dancing"]);
  });

  it("shown from the start of the day before the wedding to the end of the day after, at the venue", () => {
    // The wedding: 17 January 2031 at 16:00 in Panamá (UTC-5).
    const wedding = "2031-01-17T21:00:00.000Z";
    const zone = "America/Panama";
    const at = (iso: string) => programmeShownAt(new Date(iso), wedding, zone);
    expect(at("2031-01-15T12:00:00.000Z"), "two days before").toBe(false);
    expect(at("2031-01-16T04:59:59.000Z"), "the last second two days before (23:59:59 on the 15th at the venue)").toBe(false);
    expect(at("2031-01-16T05:00:00.000Z"), "the day before, 00:00 at the venue").toBe(true);
    expect(at("2031-01-16T20:00:00.000Z"), "the day before").toBe(true);
    expect(at("2031-01-17T15:00:00.000Z"), "the day").toBe(true);
    expect(at("2031-01-18T22:00:00.000Z"), "the day after").toBe(true);
    expect(at("2031-01-19T04:59:59.000Z"), "the day after, 23:59:59 at the venue").toBe(true);
    expect(at("2031-01-19T05:00:00.000Z"), "two days after").toBe(false);
    // The venue's day, not UTC's: 23:00 on the 15th in Panamá is already the 16th in UTC.
    expect(at("2031-01-16T04:00:00.000Z")).toBe(false);
  });
});

describe("the table cards' rules", () => {
  it("a first name is the first word of the name as typed", () => {
    expect(firstName("  María José  Pérez ")).toBe("María");
    expect(firstName("Ana")).toBe("Ana");
    expect(surnameOf("Juan de la Cruz")).toBe("Cruz");
  });

  it("the entrance's list: by surname (the last word), accents and case ignored, then by the whole name", () => {
    const people = ["Lucía Zamora", "pedro álvarez", "Ana Ávila", "Beto Alvarez", "Óscar Núñez", "Nina Nuñez", "Cher"].map((fullName) => ({ fullName }));
    expect(bySurname(people).map((p) => p.fullName)).toEqual([
      "Beto Alvarez",
      "pedro álvarez",
      "Ana Ávila",
      "Cher",
      "Nina Nuñez",
      "Óscar Núñez",
      "Lucía Zamora",
    ]);
  });

  it("the tables' photos go to the couple's section while it takes photos, else the first that does; none, null", () => {
    const s = (id: number, is_active: boolean, allow_upload: boolean) => ({ id, is_active, allow_upload });
    const sections = [s(1, true, false), s(2, false, true), s(3, true, true), s(4, true, true)];
    expect(tablePhotosSection(sections, 4)?.id).toBe(4);
    expect(tablePhotosSection(sections, null)?.id).toBe(3);
    expect(tablePhotosSection(sections, 1)?.id, "chosen but closed to uploads").toBe(3);
    expect(tablePhotosSection(sections, 2)?.id, "chosen but hidden").toBe(3);
    expect(tablePhotosSection(sections, 99)?.id, "chosen and deleted").toBe(3);
    expect(tablePhotosSection([s(1, true, false)], 1)).toBeNull();
  });

  it("the printables' paper and kind: anything unknown is A4 and the table cards", () => {
    expect(paperOf("letter")).toBe("letter");
    expect(paperOf("A3")).toBe("A4");
    expect(paperOf(null)).toBe("A4");
    expect(printOf("entrance")).toBe("entrance");
    expect(printOf("<script>")).toBe("table-cards");
  });
});

describe("the table cards' data", () => {
  useTestDatabase();

  let tokens = 0;
  async function table(name: string) {
    const token = `tok${String(++tokens).padStart(19, "0")}`;
    const { id } = await db().insertInto("seating_tables").values({ name, seats: 8, token, position: tokens }).returning("id").executeTakeFirstOrThrow();
    return { id: Number(id), token };
  }
  async function invitation(status: "pending" | "confirmed" | "declined", names: string[], tableId: number, language: "es" | "en" = "es") {
    const { id } = await db()
      .insertInto("invitations")
      .values({ code: `C${Math.random().toString(36).slice(2, 8).toUpperCase()}`, primary_guest: names[0], max_guests: names.length, status, language })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const [i, full_name] of names.entries())
      await db()
        .insertInto("guests")
        .values({ invitation_id: id, full_name, is_primary: i === 0 ? 1 : 0, table_id: tableId })
        .execute();
  }

  it("a table by its token: only a token of the card's shape that names a table", async () => {
    const t = await table("Mesa 1");
    expect(await tableByToken(t.token)).toEqual({ id: t.id, name: "Mesa 1", token: t.token });
    expect(await tableByToken("tok0000000000000000099")).toBeNull();
    expect(await tableByToken("short")).toBeNull();
    expect(await tableByToken(`${t.token}x`)).toBeNull();
  });

  it("the people at a table: first names of confirmed invitations only", async () => {
    const t = await table("Jazmín");
    const other = await table("Orquídea");
    await invitation("confirmed", ["María José Pérez", "Juan Soto"], t.id);
    await invitation("pending", ["Pedro Pendiente"], t.id);
    await invitation("declined", ["Diana No"], t.id);
    await invitation("confirmed", ["Olga Otra"], other.id);
    // Nobody is named while 'Publicar mesas' is off.
    expect(await seatedFirstNames(t.id)).toEqual([]);
    await setTablesPublished(true);
    expect(await seatedFirstNames(t.id)).toEqual(["María", "Juan"]);
    const { tables } = await tablesWithPeople();
    expect(tables.map((x) => [x.name, x.people.map((p) => p.fullName)])).toEqual([
      ["Jazmín", ["María José Pérez", "Juan Soto"]],
      ["Orquídea", ["Olga Otra"]],
    ]);
  });

  it("the section choice: saved when it is a section, refused otherwise; the target falls back to the first open section", async () => {
    const closed = await createSection({ name: "Preboda", allow_upload: false, is_active: true });
    const open = await createSection({ name: "Fiesta", allow_upload: true, is_active: true });
    const later = await createSection({ name: "Mesas", allow_upload: true, is_active: true });
    if (!closed.ok || !open.ok || !later.ok) throw new Error("sections");
    expect((await tablePhotosTarget())?.id).toBe(open.section.id);
    expect(await setTablePhotosSection(later.section.id)).toBe(true);
    expect((await tablePhotosTarget())?.id).toBe(later.section.id);
    expect(await setTablePhotosSection(999_999)).toBe(false);
    expect((await tablePhotosTarget())?.id).toBe(later.section.id);
    expect(await setTablePhotosSection(closed.section.id)).toBe(true);
    expect((await tablePhotosTarget())?.id, "the chosen section takes no photos").toBe(open.section.id);
    expect(await setTablePhotosSection(null)).toBe(true);
    expect((await tablePhotosTarget())?.id).toBe(open.section.id);
  });

  it("a photo uploaded from a table's page is tagged with it; the slideshow of that table shows only its photos", async () => {
    const created = await createSection({ name: "Fiesta", allow_upload: true, is_active: true });
    if (!created.ok) throw new Error("section");
    const a = await table("A");
    const b = await table("B");
    const bytes = await sharp({ create: { width: 32, height: 24, channels: 3, background: "red" } })
      .jpeg()
      .toBuffer();
    const fromA = await savePhoto(created.section.id, { bytes, name: "a.jpg" }, { byAdmin: false, name: null }, a.id);
    const fromB = await savePhoto(created.section.id, { bytes, name: "b.jpg" }, { byAdmin: false, name: null }, b.id);
    const plain = await savePhoto(created.section.id, { bytes, name: "c.jpg" });
    if (!fromA.ok || !fromB.ok || !plain.ok) throw new Error("upload");
    const row = await db().selectFrom("media").select("table_id").where("id", "=", fromA.media.id).executeTakeFirstOrThrow();
    expect(row.table_id).toBe(a.id);
    expect((await slideshowPhotos({ tableId: a.id })).map((p) => p.id)).toEqual([fromA.media.id]);
    expect((await slideshowPhotos({ tableId: b.id })).map((p) => p.id)).toEqual([fromB.media.id]);
    expect((await slideshowPhotos()).length).toBe(3);
  });
});
