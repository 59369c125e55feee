import { describe, expect, it } from "vitest";
import { applyChoices, checkDish, countMenu, dishName, menuOptions, NOTHING_ASKED } from "~/lib/menu";
import { confirmInvitation, findInvitationById } from "~/models/invitations.server";
import { cateringReport, createDish, deleteDish, listDishes, loadMenuOptions, setGuestChoices, setMenuSettings, updateDish } from "~/models/menu.server";
import { makeInvitation, postConfirmPage } from "./helpers/confirm-page";
import { useTestDatabase } from "./helpers/test-db";
import { db } from "~/infra/db.server";
import { exportGuestList, importGuestList } from "~/models/guest-list.server";
import { answerWebhookBody, type AnswerNotice } from "~/models/notifications.server";

/** The couple's menu and the children question: the pure rules (app/lib/menu.ts), then the store and the /confirm form. */

const DISHES = [
  { id: 1, name: "Carne", nameEn: "Meat", description: null },
  { id: 2, name: "Pescado", nameEn: null, description: "Corvina" },
];

describe("menu rules", () => {
  it("a dish needs its Spanish name; names are normalised, blanks are none, lengths bounded", () => {
    expect(checkDish({ name: "  Carne  ", nameEn: " ", description: "" })).toEqual({ ok: true, name: "Carne", nameEn: null, description: null });
    expect(checkDish({ name: "\u200b ", nameEn: "Meat" })).toEqual({ ok: false, error: "dishNameRequired" });
    expect(checkDish({ name: "x".repeat(81) })).toEqual({ ok: false, error: "dishNameTooLong" });
    expect(checkDish({ name: "Carne", nameEn: "x".repeat(81) })).toEqual({ ok: false, error: "dishNameTooLong" });
    expect(checkDish({ name: "Carne", description: "x".repeat(201) })).toEqual({ ok: false, error: "dishDescriptionTooLong" });
  });

  it("English falls back to Spanish", () => {
    expect(dishName(DISHES[0], "en")).toBe("Meat");
    expect(dishName(DISHES[1], "en")).toBe("Pescado");
    expect(dishName(DISHES[0], "es")).toBe("Carne");
  });

  it("the menu is asked only when switched on and there is a dish", () => {
    expect(menuOptions({ askMenu: true, askChildren: false }, []).askMenu).toBe(false);
    expect(menuOptions({ askMenu: true, askChildren: false }, DISHES).askMenu).toBe(true);
    expect(menuOptions({ askMenu: false, askChildren: true }, DISHES)).toMatchObject({ askMenu: false, askChildren: true });
  });

  it("with nothing asked, whatever is sent stores no dish and no child", () => {
    const guests = [{ fullName: "Ana" }, { fullName: "Luis" }];
    expect(applyChoices(guests, [{ fullName: "Luis", dish: "1", child: "on" }], { dish: "2", child: "on" }, NOTHING_ASKED)).toEqual({
      ok: true,
      choices: [
        { dishId: null, isChild: false },
        { dishId: null, isChild: false },
      ],
    });
  });

  it("with the menu asked every person chooses a dish that is offered; children are marked only when asked", () => {
    const options = menuOptions({ askMenu: true, askChildren: true }, DISHES);
    const guests = [{ fullName: "Ana" }, { fullName: "Luis" }, { fullName: "Eva" }];
    const sent = [
      { fullName: " luis ", dish: "2" },
      { fullName: "Eva", dish: "1", child: "on" },
    ];
    expect(applyChoices(guests, sent, { dish: "1" }, options)).toEqual({
      ok: true,
      choices: [
        { dishId: 1, isChild: false },
        { dishId: 2, isChild: false },
        { dishId: 1, isChild: true },
      ],
    });
    expect(applyChoices(guests, sent, {}, options)).toEqual({ ok: false, error: "dishRequired" });
    expect(applyChoices(guests, [{ fullName: "Luis", dish: "2" }, { fullName: "Eva" }], { dish: "1" }, options)).toEqual({ ok: false, error: "dishRequired" });
    expect(applyChoices(guests, sent, { dish: "3" }, options)).toEqual({ ok: false, error: "dishNotOffered" });
    expect(applyChoices(guests, sent, { dish: "1e0" }, options)).toEqual({ ok: false, error: "dishNotOffered" });
    const noChildren = menuOptions({ askMenu: true, askChildren: false }, DISHES);
    expect(applyChoices(guests, sent, { dish: "1", child: "on" }, noChildren)).toMatchObject({
      ok: true,
      choices: [{ isChild: false }, {}, { isChild: false }],
    });
  });

  it("counts adults, children and each dish; a dish no longer offered counts as none chosen", () => {
    const counts = countMenu(
      [
        { dishId: 1, isChild: false },
        { dishId: 1, isChild: true },
        { dishId: 9, isChild: false },
        { dishId: null, isChild: false },
      ],
      DISHES,
    );
    expect(counts).toEqual({
      adults: 3,
      children: 1,
      dishes: [
        { id: 1, name: "Carne", nameEn: "Meat", count: 2 },
        { id: 2, name: "Pescado", nameEn: null, count: 0 },
      ],
      noDish: 2,
    });
  });
});

describe("menu store and the /confirm form", () => {
  useTestDatabase({ RSVP_DEADLINE: "2030-12-17T23:59:59-05:00" });

  it("a site that never opened 'Menú' asks nothing: an answer stores no dish and adults only", async () => {
    expect(await loadMenuOptions()).toEqual(NOTHING_ASKED);
    const inv = await makeInvitation("Ana", 2);
    const done = await postConfirmPage(inv.code, { intent: "confirm", "guests[0]": "Luis", "dish[0]": "5", "child[0]": "on" });
    expect(done.status).toBe(302);
    const stored = (await findInvitationById(inv.id))!;
    expect(stored.guests.map((g) => [g.fullName, g.dishId, g.isChild])).toEqual([
      ["Ana", undefined, undefined],
      ["Luis", undefined, undefined],
    ]);
  });

  it("dishes are added, edited, listed in order and removed; a removed dish leaves its guests with none", async () => {
    const carne = await createDish({ name: "Carne", nameEn: "Meat" });
    const pescado = await createDish({ name: "Pescado" });
    if (!carne.ok || !pescado.ok) throw new Error("dish");
    expect(await createDish({ name: " " })).toEqual({ ok: false, error: "dishNameRequired" });
    expect(await updateDish(pescado.dish.id, { name: "Pescado", nameEn: "Fish", description: "Corvina" })).toMatchObject({ ok: true });
    expect(await updateDish(9999, { name: "X" })).toEqual({ ok: false, error: "notFound" });
    expect((await listDishes()).map((d) => [d.name, d.nameEn, d.description])).toEqual([
      ["Carne", "Meat", null],
      ["Pescado", "Fish", "Corvina"],
    ]);
    await setMenuSettings({ askMenu: true, askChildren: false });
    const inv = await makeInvitation("Ana", 1);
    expect(await confirmInvitation(inv.code, [], undefined, { choices: { primary: { dish: String(pescado.dish.id) }, guests: [] } })).toMatchObject({
      ok: true,
    });
    expect(await deleteDish(pescado.dish.id)).toBe(true);
    expect(await deleteDish(pescado.dish.id)).toBe(false);
    expect((await findInvitationById(inv.id))!.guests[0]).not.toHaveProperty("dishId");
  });

  it("a dish missing or not offered is refused with a 400 in the guest's language, nothing stored; a right answer stores each person's", async () => {
    const dishes = [];
    for (const name of ["Carne", "Pescado", "Menú infantil"]) {
      const made = await createDish({ name });
      if (!made.ok) throw new Error(made.error);
      dishes.push(made.dish);
    }
    await setMenuSettings({ askMenu: true, askChildren: true });
    const inv = await makeInvitation("Ana", 3);
    const form = {
      intent: "confirm",
      primaryDish: String(dishes[0].id),
      "guests[0]": "Luis",
      "dish[0]": String(dishes[1].id),
      "guests[1]": "Leo",
      "dish[1]": String(dishes[2].id),
      "child[1]": "on",
    };

    const missing = await postConfirmPage(inv.code, { ...form, "dish[1]": "" }, { language: "en" });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.data)).toContain("confirm:menu.dishRequired");
    // What was typed comes back.
    expect(missing.data?.initialValue).toMatchObject({ guests: ["Luis", "Leo"], primaryDish: String(dishes[0].id) });
    const notOffered = await postConfirmPage(inv.code, { ...form, primaryDish: "424242" });
    expect(notOffered.status).toBe(400);
    expect(JSON.stringify(notOffered.data)).toContain("confirm:menu.dishNotOffered");
    expect((await findInvitationById(inv.id))!).toMatchObject({ status: "pending", guests: [] });

    expect((await postConfirmPage(inv.code, form)).status).toBe(302);
    expect((await findInvitationById(inv.id))!.guests.map((g) => [g.fullName, g.dishId, g.isChild])).toEqual([
      ["Ana", dishes[0].id, undefined],
      ["Luis", dishes[1].id, undefined],
      ["Leo", dishes[2].id, true],
    ]);

    const report = await cateringReport();
    expect(report.groups).toHaveLength(1);
    expect(report.groups[0].counts).toEqual({
      adults: 2,
      children: 1,
      dishes: dishes.map((d) => ({ id: d.id, name: d.name, nameEn: null, count: 1 })),
      noDish: 0,
    });
  });
});

describe("the couple's notification carries each person's dish and child mark", () => {
  useTestDatabase({ RSVP_DEADLINE: "2030-12-17T23:59:59-05:00", NOTIFY_URL: "https://hooks.example.com/rsvp" });

  it("the webhook's answer names the dish and the child; an answer on a site without the menu reads as before", async () => {
    const plain = await makeInvitation("Eva", 1);
    expect(await confirmInvitation(plain.code, [], undefined, { primaryDietary: "vegana" })).toMatchObject({ ok: true });
    const carne = await createDish({ name: "Carne" });
    if (!carne.ok) throw new Error(carne.error);
    await setMenuSettings({ askMenu: true, askChildren: true });
    const inv = await makeInvitation("Ana", 2);
    const result = await confirmInvitation(inv.code, [{ fullName: "Leo" }], undefined, {
      choices: { primary: { dish: String(carne.dish.id) }, guests: [{ dish: String(carne.dish.id), child: "on" }] },
    });
    expect(result).toMatchObject({ ok: true });
    const payloads = (await db().selectFrom("outbox").select("payload").orderBy("id").execute()).map((r) => JSON.parse(r.payload) as AnswerNotice);
    expect(payloads[0].guests).toEqual([{ fullName: "Eva", dietary: "vegana" }]);
    expect(payloads[1].guests).toEqual([
      { fullName: "Ana", dietary: null, dish: "Carne" },
      { fullName: "Leo", dietary: null, dish: "Carne", child: true },
    ]);
    const body = JSON.stringify(await answerWebhookBody([payloads[1]], "answer", "es"));
    expect(body).toContain("Ana (menú: Carne)");
    expect(body).toContain("Leo (menú: Carne; niño o niña)");
  });
});

describe("the guest list's CSV with the couple's menu", () => {
  useTestDatabase({ RSVP_DEADLINE: "2030-12-17T23:59:59-05:00" });

  it("without the menu the file is as before; with it each person's dish and child mark come last, and the file imports again", async () => {
    const ana = await makeInvitation("Ana", 2);
    await confirmInvitation(ana.code, [{ fullName: "Leo" }]);
    const before = await exportGuestList("https://boda.example.com");
    expect(before.split("\r\n")[0]).toBe("\uFEFFcode,link,primaryGuest,maxGuests,language,status,guest,isPrimary,dietary,message,answeredAt,phone,email");

    const pescado = await createDish({ name: "Pescado" });
    if (!pescado.ok) throw new Error(pescado.error);
    await setMenuSettings({ askMenu: true, askChildren: true });
    const eva = await makeInvitation("Eva", 2);
    await confirmInvitation(eva.code, [{ fullName: "Nico" }], undefined, {
      choices: { primary: { dish: String(pescado.dish.id) }, guests: [{ dish: String(pescado.dish.id), child: "on" }] },
    });
    const lines = (await exportGuestList("https://boda.example.com")).split("\r\n");
    expect(lines[0]).toBe("\uFEFFcode,link,primaryGuest,maxGuests,language,status,guest,isPrimary,dietary,message,answeredAt,phone,email,dish,child");
    expect(lines.find((l) => l.includes(",Nico,"))).toMatch(/,Pescado,yes$/);
    expect(lines.find((l) => l.includes(",Eva,yes,"))).toMatch(/,Pescado,no$/);
    // An answer from before the menu: no dish, an adult.
    expect(lines.find((l) => l.includes(",Leo,"))).toMatch(/,,no$/);
    // The extra columns do not stop the file from being read back as the same invitations.
    const preview = await importGuestList(lines.join("\r\n"), { dryRun: true });
    expect(preview).toMatchObject({ ok: true });
  });
});

describe("'Editar respuesta': the admin changes each person's dish and child mark", () => {
  useTestDatabase({ RSVP_DEADLINE: "2030-12-17T23:59:59-05:00" });

  it("under the guests' rule, in one transaction; only a confirmed invitation", async () => {
    const carne = await createDish({ name: "Carne" });
    const pescado = await createDish({ name: "Pescado" });
    if (!carne.ok || !pescado.ok) throw new Error("dish");
    const inv = await makeInvitation("Ana", 2);
    expect(await setGuestChoices(inv.id, new Map())).toEqual({ ok: false, error: "notConfirmed" });
    expect(await setGuestChoices(999999, new Map())).toEqual({ ok: false, error: "notFound" });
    await confirmInvitation(inv.code, [{ fullName: "Leo" }]);
    await setMenuSettings({ askMenu: true, askChildren: true });
    const [ana, leo] = (await findInvitationById(inv.id))!.guests;
    // Leo without a dish: refused, and Ana's new dish is not stored either.
    expect(await setGuestChoices(inv.id, new Map([[ana.id, { dish: String(carne.dish.id) }]]))).toEqual({ ok: false, error: "dishRequired" });
    expect(
      await setGuestChoices(
        inv.id,
        new Map([
          [ana.id, { dish: String(carne.dish.id) }],
          [leo.id, { dish: "424242" }],
        ]),
      ),
    ).toEqual({
      ok: false,
      error: "dishNotOffered",
    });
    expect((await findInvitationById(inv.id))!.guests.map((g) => g.dishId)).toEqual([undefined, undefined]);
    const ok = await setGuestChoices(
      inv.id,
      new Map([
        [ana.id, { dish: String(carne.dish.id) }],
        [leo.id, { dish: String(pescado.dish.id), child: "on" }],
      ]),
    );
    expect(ok).toEqual({ ok: true });
    expect((await findInvitationById(inv.id))!.guests.map((g) => [g.fullName, g.dishId, g.isChild])).toEqual([
      ["Ana", carne.dish.id, undefined],
      ["Leo", pescado.dish.id, true],
    ]);
  });
});
