import { describe, expect, it } from "vitest";
import { answerIsEditable, canChangeAnswer } from "~/lib/answer-change";
import { changeAnswer, confirmInvitation, createInvitation, findInvitationById } from "~/models/invitations.server";
import { cateringCsv, cateringReport, createDish, setGuestChoices, setMenuSettings } from "~/models/menu.server";
import { createEvent, removeEvent } from "~/models/events.server";
import { db } from "~/infra/db.server";
import { answerWebhookBody, type AnswerNotice } from "~/models/notifications.server";
import { postConfirmPage } from "./helpers/confirm-page";
import { useTestDatabase } from "./helpers/test-db";
import * as answerRoute from "~/routes/api.invitations.$code.answer";

/** 'Cambiar mi respuesta' (docs/decisions/0062-the-guest-changes-their-answer.md) and the caterer's report per event. */

const DEADLINE = "2030-12-17T23:59:59-05:00";
const AFTER = new Date("2031-01-01T00:00:00Z");

describe("which answers can be changed", () => {
  const nothing = { events: [0], askMenu: false, askChildren: false, questions: 0 };
  it("only when the couple asks more than a yes: events beyond the wedding, the menu, children or their own questions", () => {
    expect(answerIsEditable(nothing)).toBe(false);
    expect(answerIsEditable({ ...nothing, events: [0, 4] })).toBe(true);
    expect(answerIsEditable({ ...nothing, askMenu: true })).toBe(true);
    expect(answerIsEditable({ ...nothing, askChildren: true })).toBe(true);
    expect(answerIsEditable({ ...nothing, questions: 1 })).toBe(true);
  });
  it("only a confirmed answer, and only until the deadline (inclusive)", () => {
    const menu = { ...nothing, askMenu: true };
    const deadline = "2030-12-17T23:59:59-05:00";
    expect(canChangeAnswer("confirmed", menu, deadline, new Date("2030-12-18T04:59:59Z"))).toBe(true);
    expect(canChangeAnswer("confirmed", menu, deadline, new Date("2030-12-18T05:00:00Z"))).toBe(false);
    expect(canChangeAnswer("pending", menu, deadline, new Date("2030-01-01"))).toBe(false);
    expect(canChangeAnswer("declined", menu, deadline, new Date("2030-01-01"))).toBe(false);
    expect(canChangeAnswer("confirmed", nothing, deadline, new Date("2030-01-01"))).toBe(false);
  });
});

async function make(primaryGuest: string, maxGuests: number, events?: number[]) {
  const created = await createInvitation({ primaryGuest, maxGuests, events }, { allowOverCapacity: true });
  if (!created.ok) throw new Error(created.error);
  return created.invitation;
}

async function dish(name: string) {
  const made = await createDish({ name });
  if (!made.ok) throw new Error(made.error);
  return made.dish;
}

async function event(nameEs: string) {
  const created = await createEvent({ nameEs, startsAt: "2026-01-16T19:00" });
  if (!created.ok) throw new Error(created.error);
  return created.event;
}

/** The posts of this file are the edit form's ('Cambiar mi respuesta'). */
const EDIT = { path: "/confirm?step=edit" };

const people = async (id: number) => (await findInvitationById(id))!.guests.map((g) => [g.fullName, g.dietary, g.dishId, g.isChild ?? false, g.attends]);

describe("the guest changes their answer", () => {
  useTestDatabase({ RSVP_DEADLINE: DEADLINE, NOTIFY_URL: "https://hooks.example.com/rsvp" });

  it("with nothing richer asked a confirmed answer stands: the change is refused and nothing moves", async () => {
    const inv = await make("Ana", 2);
    await confirmInvitation(inv.code, [{ fullName: "Luis" }]);
    const before = await people(inv.id);
    expect(await changeAnswer(inv.code, [{ fullName: "Marta" }])).toEqual({ ok: false, error: "notEditable" });
    const posted = await postConfirmPage(inv.code, { intent: "update", "guests[0]": "Marta" }, EDIT);
    expect(posted.status).toBe(403);
    expect(JSON.stringify(posted.data)).toContain("confirm:change.notEditable");
    expect(await people(inv.id)).toEqual(before);
    // A replayed plain "confirm" stays the no-op it always was.
    expect((await postConfirmPage(inv.code, { intent: "confirm", "guests[0]": "Marta" }, EDIT)).status).toBe(302);
    expect(await people(inv.id)).toEqual(before);
  });

  it("replaces names, notes, dishes and child marks under every rule of a confirmation; a person kept keeps their row", async () => {
    const carne = await dish("Carne");
    const pescado = await dish("Pescado");
    await setMenuSettings({ askMenu: true, askChildren: true });
    const inv = await make("Ana", 3);
    const first = await confirmInvitation(inv.code, [{ fullName: "Luis" }, { fullName: "Eva" }], undefined, {
      choices: { primary: { dish: String(carne.id) }, guests: [{ dish: String(carne.id) }, { dish: String(carne.id) }] },
    });
    expect(first.ok).toBe(true);
    const luisRow = (await findInvitationById(inv.id))!.guests[1].id;
    const confirmedAt = (await findInvitationById(inv.id))!.confirmedAt;

    // Each rule refuses, and nothing is stored.
    const before = await people(inv.id);
    const choices = (dishes: string[], child = [false, false]) => ({
      primary: { dish: dishes[0] },
      guests: dishes.slice(1).map((d, i) => ({ dish: d, child: child[i] ? "on" : undefined })),
    });
    expect(await changeAnswer(inv.code, [{ fullName: "Luis" }, { fullName: "Leo" }], undefined, { choices: choices([String(carne.id), "", "1"]) })).toEqual({
      ok: false,
      error: "dishRequired",
    });
    expect(
      await changeAnswer(inv.code, [{ fullName: "Luis" }, { fullName: "Leo" }], undefined, {
        choices: choices([String(carne.id), "424242", String(carne.id)]),
      }),
    ).toEqual({ ok: false, error: "dishNotOffered" });
    expect(await changeAnswer(inv.code, ["Luis", "Leo", "Zoe"], undefined, { choices: choices(Array(4).fill(String(carne.id))) })).toEqual({
      ok: false,
      error: "tooMany",
    });
    expect(await changeAnswer(inv.code, [], undefined, { choices: choices([String(carne.id)]) })).toEqual({ ok: false, error: "additionalRequired" });
    expect(await changeAnswer(inv.code, [{ fullName: "x".repeat(200) }])).toEqual({ ok: false, error: "nameTooLong" });
    expect(await changeAnswer(inv.code, [{ fullName: "Luis" }], undefined, { primaryDietary: "x".repeat(200) })).toEqual({
      ok: false,
      error: "dietaryTooLong",
    });
    expect(await people(inv.id)).toEqual(before);

    // Eva leaves, Leo (a child) comes, Luis changes his dish and adds a note.
    const changed = await changeAnswer(
      inv.code,
      [
        { fullName: "Luis", dietary: "sin gluten" },
        { fullName: "Leo", dietary: "" },
      ],
      undefined,
      { primaryDietary: "vegana", message: "¡Nos vemos!", choices: choices([String(pescado.id), String(pescado.id), String(carne.id)], [false, true]) },
    );
    expect(changed).toMatchObject({ ok: true, alreadyConfirmed: false });
    expect(await people(inv.id)).toEqual([
      ["Ana", "vegana", pescado.id, false, [0]],
      ["Luis", "sin gluten", pescado.id, false, [0]],
      ["Leo", null, carne.id, true, [0]],
    ]);
    const stored = (await findInvitationById(inv.id))!;
    expect(stored.guests[1].id).toBe(luisRow);
    expect(stored).toMatchObject({ status: "confirmed", message: "¡Nos vemos!", confirmedAt });

    // The couple is told it changed.
    const notices = (await db().selectFrom("outbox").select("payload").orderBy("id").execute()).map((r) => JSON.parse(r.payload) as AnswerNotice);
    expect(notices).toHaveLength(2);
    expect(notices[0].changed).toBeUndefined();
    expect(notices[1]).toMatchObject({ status: "confirmed", changed: true });
    const body = JSON.stringify(await answerWebhookBody([notices[1]], "answer", "es"));
    expect(body).toContain("Ana cambió su respuesta: 3 personas");
    expect(JSON.stringify(await answerWebhookBody([notices[1]], "answer", "en"))).toContain("Ana changed their answer");

    // The admin's 'Editar respuesta' writes through the same rows: Luis keeps his row and note.
    const [ana, luis, leo] = stored.guests;
    expect(
      await setGuestChoices(
        inv.id,
        new Map([
          [ana.id, { dish: String(carne.id) }],
          [luis.id, { dish: String(carne.id) }],
          [leo.id, { dish: String(carne.id), child: "on" }],
        ]),
      ),
    ).toEqual({ ok: true });
    const afterAdmin = (await findInvitationById(inv.id))!;
    expect(afterAdmin.guests.map((g) => [g.id, g.dietary, g.dishId])).toEqual([
      [ana.id, "vegana", carne.id],
      [luis.id, "sin gluten", carne.id],
      [leo.id, null, carne.id],
    ]);
  });

  it("after the deadline the change is refused as closed (a 403 with the closed message) and nothing is stored", async () => {
    const carne = await dish("Carne");
    await setMenuSettings({ askMenu: true, askChildren: false });
    const inv = await make("Ana", 1);
    await confirmInvitation(inv.code, [], undefined, { choices: { primary: { dish: String(carne.id) }, guests: [] } });
    const before = await people(inv.id);
    expect(await changeAnswer(inv.code, [], AFTER, { primaryDietary: "vegana", choices: { primary: { dish: String(carne.id) }, guests: [] } })).toEqual({
      ok: false,
      error: "closed",
    });
    expect(await people(inv.id)).toEqual(before);
  });

  it("the form's update: a plain post replaces the answer; a refusal gives back what was typed; a pending invitation cannot be 'changed'", async () => {
    const carne = await dish("Carne");
    const pescado = await dish("Pescado");
    await setMenuSettings({ askMenu: true, askChildren: false });
    const inv = await make("Ana", 2);
    const pending = await postConfirmPage(
      inv.code,
      { intent: "update", primaryDish: String(carne.id), "guests[0]": "Luis", "dish[0]": String(carne.id) },
      EDIT,
    );
    // Not yet confirmed: the stored answer (none) is shown again, nothing stored.
    expect(pending.status).toBe(302);
    expect((await findInvitationById(inv.id))!.status).toBe("pending");

    expect(
      (await postConfirmPage(inv.code, { intent: "confirm", primaryDish: String(carne.id), "guests[0]": "Luis", "dish[0]": String(carne.id) }, EDIT)).status,
    ).toBe(302);
    const refused = await postConfirmPage(
      inv.code,
      { intent: "update", primaryDish: String(pescado.id), "guests[0]": "Luis", "dish[0]": "" },
      { ...EDIT, language: "en" },
    );
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain("confirm:menu.dishRequired");
    expect(refused.data?.initialValue).toMatchObject({ primaryDish: String(pescado.id), guests: ["Luis"] });
    expect((await people(inv.id)).map((p) => p[2])).toEqual([carne.id, carne.id]);

    const saved = await postConfirmPage(
      inv.code,
      {
        intent: "update",
        primaryDish: String(pescado.id),
        "guests[0]": "Luis",
        "dish[0]": String(carne.id),
        "dietary[0]": "sin lactosa",
      },
      EDIT,
    );
    expect(saved.status).toBe(302);
    expect(await people(inv.id)).toEqual([
      ["Ana", null, pescado.id, false, [0]],
      ["Luis", "sin lactosa", carne.id, false, [0]],
    ]);
  });

  it("with events: each person's events are replaced, an event not invited to is refused, nobody coming is refused", async () => {
    const dinner = await event("Cena");
    const brunch = await event("Brunch");
    const inv = await make("Ana", 2, [dinner.id]);
    await confirmInvitation(inv.code, [{ fullName: "Luis", attends: [0] }], undefined, { primaryAttends: [0, dinner.id] });
    const before = await people(inv.id);
    expect(await changeAnswer(inv.code, [{ fullName: "Luis", attends: [brunch.id] }], undefined, { primaryAttends: [0] })).toEqual({
      ok: false,
      error: "notInvited",
    });
    expect(await changeAnswer(inv.code, [{ fullName: "Luis", attends: [] }], undefined, { primaryAttends: [] })).toEqual({ ok: false, error: "nobodyComing" });
    expect(await people(inv.id)).toEqual(before);
    expect(await changeAnswer(inv.code, [{ fullName: "Luis", attends: [0, dinner.id] }], undefined, { primaryAttends: [dinner.id] })).toMatchObject({
      ok: true,
    });
    expect((await people(inv.id)).map((p) => p[4])).toEqual([[dinner.id], [0, dinner.id]]);
  });
});

describe("PUT /api/invitations/{code}/answer", () => {
  useTestDatabase({ RSVP_DEADLINE: DEADLINE });

  const put = async (code: string, json: unknown, method = "PUT") => {
    const request = new Request(`http://localhost/api/invitations/${code}/answer`, {
      method,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(json),
    });
    const response = await answerRoute.action({ request, params: { code }, context: { clientIp: "203.0.113.7" } } as never);
    return { status: response.status, json: JSON.parse(await response.text()) };
  };

  it("changes a confirmed answer under the confirmation's rules; refuses with nothing richer asked, and a pending invitation", async () => {
    const inv = await make("Ana", 2);
    expect((await put(inv.code, { guests: [{ fullName: "Luis" }] })).status).toBe(409);
    await confirmInvitation(inv.code, [{ fullName: "Luis" }]);
    const plain = await put(inv.code, { guests: [{ fullName: "Eva" }] });
    expect(plain).toMatchObject({ status: 403, json: { error: "Esta respuesta ya no se puede cambiar." } });
    const carne = await dish("Carne");
    await setMenuSettings({ askMenu: true, askChildren: false });
    expect((await put(inv.code, { guests: [{ fullName: "Ana" }, { fullName: "Eva" }] })).status).toBe(400);
    expect((await findInvitationById(inv.id))!.guests.map((g) => g.fullName)).toEqual(["Ana", "Luis"]);
    const changed = await put(
      inv.code,
      {
        guests: [
          { fullName: "Ana", dish: carne.id },
          { fullName: "Eva", dish: carne.id, dietary: "vegana" },
        ],
      },
      "POST",
    );
    expect(changed.status).toBe(200);
    expect(changed.json.guests.map((g: { fullName: string; dietary: string | null }) => [g.fullName, g.dietary])).toEqual([
      ["Ana", null],
      ["Eva", "vegana"],
    ]);
  });
});

describe("'Informe para el catering' per event", () => {
  useTestDatabase({ RSVP_DEADLINE: DEADLINE });

  it("without events: one group of everyone coming, the CSV as before", async () => {
    const carne = await dish("Carne");
    await setMenuSettings({ askMenu: true, askChildren: true });
    const inv = await make("Ana", 1);
    await confirmInvitation(inv.code, [], undefined, { choices: { primary: { dish: String(carne.id) }, guests: [] } });
    const report = await cateringReport();
    expect(report).toEqual({
      groups: [
        {
          title: null,
          counts: { adults: 1, children: 0, dishes: [{ id: carne.id, name: "Carne", nameEn: null, count: 1 }], noDish: 0 },
          dietary: [],
          guests: expect.any(Array),
        },
      ],
    });
    expect(cateringCsv(report).split("\r\n")[0]).toBe("\uFEFFgroup,kind,item,count,guest,invitation,dish,child,dietary");
  });

  it("with events: one group per event (the wedding first), each counting only the people attending it; removed events out", async () => {
    const carne = await dish("Carne");
    const pescado = await dish("Pescado");
    await setMenuSettings({ askMenu: true, askChildren: true });
    const dinner = await event("Cena");
    const brunch = await event("Brunch");
    const ruiz = await make("Ana", 3);
    await confirmInvitation(
      ruiz.code,
      [
        { fullName: "Leo", attends: [0], dietary: "sin nueces" },
        { fullName: "Eva", attends: [] },
      ],
      undefined,
      {
        primaryAttends: [0, dinner.id],
        primaryDietary: "vegana",
        choices: { primary: { dish: String(carne.id) }, guests: [{ dish: String(pescado.id), child: "on" }, { dish: String(carne.id) }] },
      },
    );
    const sol = await make("Sol", 1, [dinner.id]);
    await confirmInvitation(sol.code, [], undefined, { primaryAttends: [dinner.id], choices: { primary: { dish: String(pescado.id) }, guests: [] } });
    // A pending invitation counts nowhere.
    await make("Pepe", 2);

    const report = await cateringReport();
    expect(report.perEvent).toBe(true);
    expect(report.groups.map((g) => g.title)).toEqual(["Boda", "Cena", "Brunch"]);
    const [wedding, cena, brunchGroup] = report.groups;
    expect(wedding.counts).toMatchObject({ adults: 1, children: 1, noDish: 0 });
    expect(wedding.counts.dishes.map((d) => d.count)).toEqual([1, 1]);
    expect(wedding.dietary.map((g) => [g.guest, g.dietary])).toEqual([
      ["Ana", "vegana"],
      ["Leo", "sin nueces"],
    ]);
    expect(cena.counts).toMatchObject({ adults: 2, children: 0, noDish: 0 });
    expect(cena.counts.dishes.map((d) => d.count)).toEqual([1, 1]);
    expect(cena.guests.map((g) => g.guest)).toEqual(["Ana", "Sol"]);
    expect(cena.dietary.map((g) => g.guest)).toEqual(["Ana"]);
    expect(brunchGroup.counts).toMatchObject({ adults: 0, children: 0, noDish: 0 });

    const lines = cateringCsv(report).split("\r\n");
    expect(lines[0]).toBe("\uFEFFevento,kind,item,count,guest,invitation,dish,child,dietary");
    expect(lines).toContain("Cena,total,adults,2,,,,,");
    expect(lines).toContain("Boda,total,children,1,,,,,");
    expect(lines).toContain("Cena,guest,,,Sol,Sol,Pescado,no,");

    await removeEvent(brunch.id);
    expect((await cateringReport()).groups.map((g) => g.title)).toEqual(["Boda", "Cena"]);
  });
});
