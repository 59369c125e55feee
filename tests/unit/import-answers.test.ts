import { describe, expect, it } from "vitest";
import { db } from "~/infra/db.server";
import { exportGuestList, importGuestList } from "~/models/guest-list.server";
import { confirmInvitation, createInvitation, declineInvitation, listInvitations } from "~/models/invitations.server";
import { createDish, deleteDish, listDishes, setMenuSettings } from "~/models/menu.server";
import { createEvent } from "~/models/events.server";
import { createQuestion } from "~/models/guest-questions.server";
import { useTestDatabase } from "./helpers/test-db";

const BASE = "https://boda.example.com/";
// The guests answered before the deadline; the couple imports after it (the deadline is not an import's rule).
const BEFORE_DEADLINE = new Date("2025-12-01T15:30:00.000Z");

/** The file without its code and link columns (an import hands out new codes: a code is not an identity). */
const withoutCodes = (csv: string) =>
  csv
    .split("\r\n")
    .map((line) => line.replace(/^(\uFEFF)?[^,]*,[^,]*,/, "$1"))
    .join("\r\n");

async function must<T extends { ok: boolean }>(result: Promise<T>): Promise<Extract<T, { ok: true }>> {
  const settled = await result;
  if (!settled.ok) throw new Error(`refused: ${JSON.stringify(settled)}`);
  return settled as Extract<T, { ok: true }>;
}

/** A site using everything an answer can carry: the menu, children, an event of the couple's and three questions. */
async function richSite() {
  await setMenuSettings({ askMenu: true, askChildren: true });
  const chicken = (await must(createDish({ name: "Pollo", nameEn: "Chicken" }))).dish;
  const fish = (await must(createDish({ name: "Pescado" }))).dish;
  const dinner = (await must(createEvent({ nameEs: "Cena de ensayo", nameEn: "Rehearsal dinner", startsAt: "2026-01-16T19:00" }))).event;
  const bus = (await must(createQuestion({ textEs: "¿Necesitas bus?", kind: "yesno", required: true }))).id;
  const starter = (await must(createQuestion({ textEs: "Entrante", kind: "choice", optionsEs: "Jamón\nEnsalada", per: "person", required: true }))).id;
  const song = (await must(createQuestion({ textEs: "Canción", kind: "text", per: "person" }))).id;
  return { chicken, fish, dinner, bus, starter, song };
}

/** Three answered invitations and a pending one, answered through the guests' own confirm flow. */
async function answeredList(site: Awaited<ReturnType<typeof richSite>>) {
  const ana = (await must(createInvitation({ primaryGuest: "Ana Pérez", maxGuests: 3, language: "en", phone: "+50761234567" }))).invitation;
  await must(
    confirmInvitation(ana.code, [{ fullName: "Luis Pérez", dietary: "Sin gluten", attends: [0] }], BEFORE_DEADLINE, {
      primaryDietary: "-vegetariana",
      message: "¡Allí estaremos!\nCon ganas",
      primaryAttends: [0, site.dinner.id],
      choices: { primary: { dish: String(site.chicken.id) }, guests: [{ dish: String(site.fish.id), child: "on" }] },
      answers: { invitation: { [site.bus]: "yes" }, primary: { [site.starter]: "Jamón", [site.song]: "Bailando" }, guests: [{ [site.starter]: "Ensalada" }] },
    }),
  );
  const bea = (await must(createInvitation({ primaryGuest: "Bea Soto", maxGuests: 1, events: [] }))).invitation;
  await must(
    confirmInvitation(bea.code, [], BEFORE_DEADLINE, {
      choices: { primary: { dish: String(site.fish.id) }, guests: [] },
      answers: { invitation: { [site.bus]: "no" }, primary: { [site.starter]: "Ensalada" } },
    }),
  );
  const carla = (await must(createInvitation({ primaryGuest: "Carla Díaz", maxGuests: 2 }))).invitation;
  await must(declineInvitation(carla.code, BEFORE_DEADLINE));
  await must(createInvitation({ primaryGuest: "Dani Ruiz", maxGuests: 2, email: "dani@example.com" }));
}

/** The same site emptied of its invitations, its dishes made again (new ids, another order): as a fresh site set up by hand. */
async function emptySite() {
  await db().deleteFrom("invitations").execute();
  const dishes = await listDishes();
  for (const d of dishes) await deleteDish(d.id);
  for (const d of dishes.reverse()) await must(createDish({ name: d.name, nameEn: d.nameEn ?? undefined }));
}

describe("the import reads the answers back", () => {
  useTestDatabase({ RSVP_DEADLINE: "2026-01-01T23:59:59-05:00" });

  it("re-imports an exported list, answers and all, into an empty site as the same file, e-mailing nobody", async () => {
    await answeredList(await richSite());
    const first = await exportGuestList(BASE);
    expect(first).toContain(",Ana Pérez,3,en,confirmed,Luis Pérez,no,Sin gluten,");
    expect(first).toContain(",Bea Soto,1,es,confirmed,Bea Soto,yes,");
    expect(first).toContain(",Carla Díaz,2,es,declined,");
    const outboxBefore = await db().selectFrom("outbox").select("id").execute();

    await emptySite();
    const result = await importGuestList(first, { dryRun: false });
    expect(result).toMatchObject({ ok: true, created: 4 });
    expect(withoutCodes(await exportGuestList(BASE))).toEqual(withoutCodes(first));
    expect(await db().selectFrom("outbox").select("id").execute()).toEqual(outboxBefore);
    const list = await listInvitations();
    expect(list.map((i) => [i.primaryGuest, i.status, i.guests.length])).toEqual([
      ["Dani Ruiz", "pending", 0],
      ["Carla Díaz", "declined", 0],
      ["Bea Soto", "confirmed", 1],
      ["Ana Pérez", "confirmed", 2],
    ]);
  });

  it("previews an answered file without storing anything", async () => {
    await answeredList(await richSite());
    const csv = await exportGuestList(BASE);
    await emptySite();
    const preview = await importGuestList(csv, { dryRun: true });
    expect(preview).toMatchObject({ ok: true, dryRun: true, preview: { ok: true, invitations: 4 } });
    expect(await listInvitations()).toEqual([]);
  });

  it("still imports an older file (no answer columns) as pending invitations", async () => {
    const result = await importGuestList("code,primaryGuest,maxGuests,language,status\nX1,Ana,2,es,\nX1,Ana,2,es,\nX2,Luis,1,en,pending\n", { dryRun: false });
    expect(result).toMatchObject({ ok: true, created: 2 });
    expect((await listInvitations()).map((i) => [i.primaryGuest, i.status])).toEqual([
      ["Luis", "pending"],
      ["Ana", "pending"],
    ]);
  });

  const refusals: [string, (csv: string) => string, string][] = [
    ["an unknown dish", (csv) => csv.replace(/,Pescado,yes,/, ",Langosta,yes,"), "dishNotOffered"],
    ["more people than seats", (csv) => csv.replace(",Ana Pérez,3,en,", ",Ana Pérez,1,en,").replaceAll(",Ana Pérez,3,", ",Ana Pérez,1,"), "tooMany"],
    ["a required answer missing", (csv) => csv.replace(/,Ensalada,\r\n/, ",,\r\n"), "answerRequired"],
    ["an event the invitation is not invited to", (csv) => csv.replace(/(,Bea Soto,yes,.*?),Boda,Boda,/, "$1,Boda,Boda; Cena de ensayo,"), "notInvited"],
    ["a status that is not one", (csv) => csv.replace(",Carla Díaz,2,es,declined,", ",Carla Díaz,2,es,maybe,"), "unknownStatus"],
  ];
  for (const [what, breakIt, problem] of refusals) {
    it(`refuses the whole file for ${what}, storing nothing`, async () => {
      await answeredList(await richSite());
      const good = await exportGuestList(BASE);
      const bad = breakIt(good);
      expect(bad).not.toEqual(good);
      await emptySite();
      const result = await importGuestList(bad, { dryRun: false });
      expect(result).toMatchObject({ ok: false, error: "rowProblems" });
      if (result.ok || result.error !== "rowProblems") return;
      expect(result.preview.rows.flatMap((r) => r.problems.map((p) => [r.line, p]))).toEqual([[expect.any(Number), problem]]);
      expect(await listInvitations()).toEqual([]);
      expect(await db().selectFrom("guests").select("id").execute()).toEqual([]);
      expect(await db().selectFrom("guest_question_answers").select("id").execute()).toEqual([]);
    });
  }
});
