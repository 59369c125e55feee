import { describe, expect, it } from "vitest";
import { applyAnswers, checkAnswer, checkQuestion, countAnswers, foldKey, type GuestQuestion } from "~/lib/guest-questions";
import { changeAnswer, confirmInvitation, findInvitationById, updateInvitation } from "~/models/invitations.server";
import {
  answerCount,
  answersOf,
  createQuestion,
  editAnswer,
  listQuestions,
  moveQuestion,
  questionStats,
  removeQuestion,
  updateQuestion,
} from "~/models/guest-questions.server";
import { db } from "~/infra/db.server";
import { answerWebhookBody, type AnswerNotice } from "~/models/notifications.server";
import { makeInvitation, postConfirmPage } from "./helpers/confirm-page";
import { useTestDatabase } from "./helpers/test-db";
import { exportGuestList } from "~/models/guest-list.server";

/** The couple's own questions: the pure rules (app/lib/guest-questions.ts), then the store and the /confirm form. */

const SONG: GuestQuestion = { id: 1, textEs: "¿Qué canción no puede faltar?", textEn: null, kind: "text", options: [], per: "invitation", required: false };
const BUS: GuestQuestion = { id: 2, textEs: "¿Necesitas transporte?", textEn: "Transport?", kind: "yesno", options: [], per: "invitation", required: true };
const STARTER: GuestQuestion = {
  id: 3,
  textEs: "Entrante",
  textEn: "Starter",
  kind: "choice",
  options: [
    { es: "Jamón", en: "Ham" },
    { es: "Ensalada", en: null },
  ],
  per: "person",
  required: true,
};

describe("question rules", () => {
  it("a question needs its Spanish text and a known kind; a list needs two different options, ES and EN side by side", () => {
    expect(checkQuestion({ textEs: " ", kind: "text" })).toEqual({ ok: false, error: "questionRequired" });
    expect(checkQuestion({ textEs: "x".repeat(201), kind: "text" })).toEqual({ ok: false, error: "questionTooLong" });
    expect(checkQuestion({ textEs: "¿Algo?", kind: "essay" })).toEqual({ ok: false, error: "kindUnknown" });
    expect(checkQuestion({ textEs: "¿Cuál?", kind: "choice", optionsEs: "Uno\n" })).toEqual({ ok: false, error: "optionsRequired" });
    expect(checkQuestion({ textEs: "¿Cuál?", kind: "choice", optionsEs: "Uno\nuno" })).toEqual({ ok: false, error: "optionsRepeated" });
    expect(checkQuestion({ textEs: "¿Cuál?", kind: "choice", optionsEs: "Uno\n\nDos", optionsEn: "One\n\n" })).toEqual({
      ok: true,
      value: {
        textEs: "¿Cuál?",
        textEn: null,
        kind: "choice",
        options: [
          { es: "Uno", en: "One" },
          { es: "Dos", en: null },
        ],
        per: "invitation",
        required: false,
      },
    });
    // Options typed for another kind are not kept.
    expect(checkQuestion({ textEs: "¿Vienes?", kind: "yesno", optionsEs: "a\nb", per: "person", required: true })).toMatchObject({
      ok: true,
      value: { options: [], per: "person", required: true },
    });
  });

  it("a yes/no takes only yes or no (sí, booleans); an option only one offered, by either language, any case or accent; a text at most 500", () => {
    expect(checkAnswer(BUS, "Sí")).toEqual({ ok: true, value: "yes" });
    expect(checkAnswer(BUS, "no")).toEqual({ ok: true, value: "no" });
    expect(checkAnswer(BUS, true)).toEqual({ ok: true, value: "yes" });
    expect(checkAnswer(BUS, "maybe")).toEqual({ ok: false, error: "answerNotYesNo" });
    expect(checkAnswer(STARTER, "jamon")).toEqual({ ok: true, value: "Jamón" });
    expect(checkAnswer(STARTER, "Ham")).toEqual({ ok: true, value: "Jamón" });
    expect(checkAnswer(STARTER, "Sopa")).toEqual({ ok: false, error: "answerNotOffered" });
    expect(checkAnswer(SONG, "a".repeat(500))).toEqual({ ok: true, value: "a".repeat(500) });
    expect(checkAnswer(SONG, "a".repeat(501))).toEqual({ ok: false, error: "answerTooLong" });
    expect(checkAnswer(SONG, " \u200b ")).toEqual({ ok: true, value: null });
    expect(foldKey(" ÁRBOL  ")).toBe("arbol");
  });

  it("per invitation once, per person for each person named (matched by name); a required one left blank refuses the whole answer", () => {
    const people = [{ fullName: "Ana" }, { fullName: "Luis" }];
    const sent = {
      invitation: { "1": "Bailando", "2": "yes" },
      primary: { "3": "Ensalada" },
      guests: [{ fullName: " luis ", answers: { "3": "Jamón" } }],
    };
    expect(applyAnswers([SONG, BUS, STARTER], people, sent)).toEqual({
      ok: true,
      answers: [
        { questionId: 1, person: null, value: "Bailando" },
        { questionId: 2, person: null, value: "yes" },
        { questionId: 3, person: 0, value: "Ensalada" },
        { questionId: 3, person: 1, value: "Jamón" },
      ],
    });
    // Luis's answer missing: refused, whoever else answered.
    expect(applyAnswers([STARTER], people, { primary: { "3": "Ensalada" } })).toEqual({ ok: false, error: "answerRequired" });
    expect(applyAnswers([BUS], people, { invitation: {} })).toEqual({ ok: false, error: "answerRequired" });
    expect(applyAnswers([BUS], people, { invitation: { "2": "quizá" } })).toEqual({ ok: false, error: "answerNotYesNo" });
    // An optional one left blank stores nothing; an answer to a question that is not asked is ignored.
    expect(applyAnswers([SONG], people, { invitation: { "99": "x" } })).toEqual({ ok: true, answers: [] });
    // No questions: nothing asked, nothing stored.
    expect(applyAnswers([], people, sent)).toEqual({ ok: true, answers: [] });
  });

  it("counts each yes/no and list answer in the question's order; text questions are not counted", () => {
    const counts = countAnswers(
      [SONG, BUS, STARTER],
      [
        { questionId: 2, value: "yes" },
        { questionId: 2, value: "no" },
        { questionId: 2, value: "no" },
        { questionId: 3, value: "Ensalada" },
        { questionId: 1, value: "Bailando" },
      ],
    );
    expect(counts.map((c) => [c.textEs, c.counts])).toEqual([
      [
        "¿Necesitas transporte?",
        [
          { value: "yes", count: 1 },
          { value: "no", count: 2 },
        ],
      ],
      [
        "Entrante",
        [
          { value: "Jamón", count: 0 },
          { value: "Ensalada", count: 1 },
        ],
      ],
    ]);
  });
});

async function question(input: Parameters<typeof createQuestion>[0]) {
  const made = await createQuestion(input);
  if (!made.ok) throw new Error(made.error);
  return made.id;
}

describe("questions store and the /confirm form", () => {
  useTestDatabase({ RSVP_DEADLINE: "2030-12-17T23:59:59-05:00" });

  it("questions are added, edited, reordered and removed; a removed one keeps its answers out of every reader", async () => {
    const a = await question({ textEs: "¿Canción?", kind: "text" });
    const b = await question({ textEs: "¿Bus?", textEn: "Bus?", kind: "yesno", required: true });
    expect(await createQuestion({ textEs: "", kind: "text" })).toEqual({ ok: false, error: "questionRequired" });
    expect(await updateQuestion(a, { textEs: "¿Qué canción?", kind: "text" })).toEqual({ ok: true });
    expect(await updateQuestion(9999, { textEs: "x", kind: "text" })).toEqual({ ok: false, error: "notFound" });
    expect(await moveQuestion(b, "up")).toBe(true);
    expect((await listQuestions()).map((q) => q.textEs)).toEqual(["¿Bus?", "¿Qué canción?"]);

    const inv = await makeInvitation("Ana", 1);
    expect(await confirmInvitation(inv.code, [], undefined, { answers: { invitation: { [b]: "no", [a]: "Bailando" } } })).toMatchObject({ ok: true });
    expect((await findInvitationById(inv.id))!.answers).toEqual([
      { questionId: b, value: "no" },
      { questionId: a, value: "Bailando" },
    ]);
    expect(await answerCount(b)).toBe(1);
    expect(await removeQuestion(b)).toBe(true);
    expect(await removeQuestion(b)).toBe(false);
    expect((await listQuestions()).map((q) => q.id)).toEqual([a]);
    expect((await findInvitationById(inv.id))!.answers).toEqual([{ questionId: a, value: "Bailando" }]);
    // Set back to pending: the answer's answers go with it.
    await updateInvitation(inv.id, { status: "pending" });
    expect((await findInvitationById(inv.id))!).not.toHaveProperty("answers");
  });

  it("a site with no question stores no answers and reads as before", async () => {
    const inv = await makeInvitation("Ana", 2);
    expect((await postConfirmPage(inv.code, { intent: "confirm", "guests[0]": "Luis", qid0: "1", qa0: "x" })).status).toBe(302);
    const stored = (await findInvitationById(inv.id))!;
    expect(stored).not.toHaveProperty("answers");
    expect(stored.guests.every((g) => !("answers" in g))).toBe(true);
    expect((await db().selectFrom("guest_question_answers").selectAll().execute()).length).toBe(0);
  });

  it("a refused answer is a 400 in the guest's language that keeps what was typed and stores nothing; a right one stores each answer", async () => {
    const song = await question({ textEs: "¿Canción?", kind: "text" });
    const bus = await question({ textEs: "¿Bus?", kind: "yesno", required: true });
    const starter = await question({ textEs: "Entrante", kind: "choice", optionsEs: "Jamón\nEnsalada", per: "person", required: true });
    const inv = await makeInvitation("Ana", 2);
    const form = {
      intent: "confirm",
      "guests[0]": "Luis",
      qid0: String(song),
      qa0: "Bailando",
      qid1: String(bus),
      qa1: "yes",
      qid2: String(starter),
      "qp2[0]": "Jamón",
      "qp2[1]": "Ensalada",
    };
    const missing = await postConfirmPage(inv.code, { ...form, qa1: "" }, { language: "en" });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.data)).toContain("questions:errors.answerRequired");
    expect(missing.data?.initialValue).toMatchObject({ qa0: "Bailando", qp2: ["Jamón", "Ensalada"], guests: ["Luis"] });
    expect((await postConfirmPage(inv.code, { ...form, "qp2[1]": "Sopa" })).status).toBe(400);
    expect((await postConfirmPage(inv.code, { ...form, qa1: "maybe" })).status).toBe(400);
    expect((await postConfirmPage(inv.code, { ...form, qa0: "x".repeat(501) })).status).toBe(400);
    expect((await findInvitationById(inv.id))!).toMatchObject({ status: "pending", guests: [] });
    expect((await db().selectFrom("guest_question_answers").selectAll().execute()).length).toBe(0);

    expect((await postConfirmPage(inv.code, form)).status).toBe(302);
    const stored = (await findInvitationById(inv.id))!;
    expect(stored.answers).toEqual([
      { questionId: song, value: "Bailando" },
      { questionId: bus, value: "yes" },
    ]);
    expect(stored.guests.map((g) => [g.fullName, g.answers])).toEqual([
      ["Ana", [{ questionId: starter, value: "Jamón" }]],
      ["Luis", [{ questionId: starter, value: "Ensalada" }]],
    ]);
    const stats = await questionStats();
    expect(stats.map((s) => [s.textEs, s.counts.map((c) => c.count)])).toEqual([
      ["¿Bus?", [1, 0]],
      ["Entrante", [1, 1]],
    ]);
  });
});

describe("'Cambiar mi respuesta' with the couple's questions", () => {
  useTestDatabase({ RSVP_DEADLINE: "2030-12-17T23:59:59-05:00" });

  it("a person's answer stays theirs when the change adds someone before them and keeps them", async () => {
    const starter = await question({ textEs: "Entrante", kind: "choice", optionsEs: "Jamón\nEnsalada", per: "person", required: true });
    const inv = await makeInvitation("Ana", 3);
    const first = await confirmInvitation(inv.code, ["Luis"], undefined, {
      answers: { primary: { [starter]: "Jamón" }, guests: [{ [starter]: "Ensalada" }] },
    });
    if (!first.ok) throw new Error(first.error);
    // Eva is new and named first among the others; Luis keeps his row and his answer.
    const changed = await changeAnswer(inv.code, ["Eva", "Luis"], undefined, {
      answers: { primary: { [starter]: "Jamón" }, guests: [{ [starter]: "Jamón" }, { [starter]: "Ensalada" }] },
    });
    if (!changed.ok) throw new Error(changed.error);
    const byName = new Map(changed.invitation.guests.map((g) => [g.fullName, g.id]));
    const { byGuest } = await answersOf([inv.id]);
    const value = (name: string) => byGuest.get(byName.get(name)!)?.find((a) => a.questionId === starter)?.value;
    expect([value("Ana"), value("Eva"), value("Luis")]).toEqual(["Jamón", "Jamón", "Ensalada"]);
  });
});

describe("the couple's notification carries the answers", () => {
  useTestDatabase({ RSVP_DEADLINE: "2030-12-17T23:59:59-05:00" });

  it("per invitation and per person, the question's Spanish text with the answer", async () => {
    const notice: AnswerNotice = {
      code: "ABC234",
      primaryGuest: "Ana",
      status: "confirmed",
      guests: [{ fullName: "Ana", dietary: null, answers: [{ question: "Entrante:", answer: "Jamón" }] }],
      answers: [{ question: "¿Bus?", answer: "Sí" }],
      message: null,
      answeredAt: "2026-11-01T00:00:00Z",
    };
    const body = await answerWebhookBody([notice], "answer", "es");
    expect(body.text).toContain("- Ana (Entrante: Jamón)");
    expect(body.text).toContain("- ¿Bus? Sí");
    expect(body.answers[0].answers).toEqual([{ question: "¿Bus?", answer: "Sí" }]);
  });
});

describe("the guest list's CSV with the couple's questions", () => {
  useTestDatabase({ RSVP_DEADLINE: "2030-12-17T23:59:59-05:00" });

  it("without questions the file is as before; with them a column per question (its Spanish text), per-person answers on each person's row", async () => {
    const inv = await makeInvitation("Ana", 2);
    await confirmInvitation(inv.code, ["Luis"]);
    const before = await exportGuestList("https://boda.example.com");
    expect(before.split("\r\n")[0]).toBe("\uFEFFcode,link,primaryGuest,maxGuests,language,status,guest,isPrimary,dietary,message,answeredAt,phone,email");

    const bus = await question({ textEs: "¿Bus?", kind: "yesno" });
    const starter = await question({ textEs: "Entrante", kind: "choice", optionsEs: "Jamón\nEnsalada", per: "person" });
    const other = await makeInvitation("Eva", 2);
    await confirmInvitation(other.code, ["Leo"], undefined, {
      answers: { invitation: { [bus]: "yes" }, primary: { [starter]: "Ensalada" }, guests: [{ [starter]: "Jamón" }] },
    });
    const lines = (await exportGuestList("https://boda.example.com")).split("\r\n");
    expect(lines[0].endsWith(",email,¿Bus?,Entrante")).toBe(true);
    expect(lines.filter((l) => l.includes(",Eva,")).map((l) => l.split(",").slice(-2))).toEqual([
      ["Sí", "Ensalada"],
      ["Sí", "Jamón"],
    ]);
    expect(lines.filter((l) => l.includes(",Ana,")).map((l) => l.split(",").slice(-2))).toEqual([
      ["", ""],
      ["", ""],
    ]);
  });
});

describe("'Editar respuesta': the admin changes the answers to the couple's questions", () => {
  useTestDatabase({ RSVP_DEADLINE: "2030-12-17T23:59:59-05:00" });

  it("under the guests' rule, in one transaction: a refusal changes nothing", async () => {
    const bus = await question({ textEs: "¿Bus?", kind: "yesno", required: true });
    const starter = await question({ textEs: "Entrante", kind: "choice", optionsEs: "Jamón\nEnsalada", per: "person" });
    const inv = await makeInvitation("Ana", 2);
    await confirmInvitation(inv.code, ["Luis"], undefined, { answers: { invitation: { [bus]: "no" } } });
    const noChoices = new Map();
    expect(await editAnswer(inv.id, noChoices, { invitation: {}, byPerson: [{}, {}] })).toEqual({ ok: false, error: "answerRequired" });
    expect(await editAnswer(inv.id, noChoices, { invitation: { [bus]: "yes" }, byPerson: [{}, { [starter]: "Sopa" }] })).toEqual({
      ok: false,
      error: "answerNotOffered",
    });
    expect((await findInvitationById(inv.id))!.answers).toEqual([{ questionId: bus, value: "no" }]);
    expect(await editAnswer(inv.id, noChoices, { invitation: { [bus]: "yes" }, byPerson: [{}, { [starter]: "Jamón" }] })).toEqual({ ok: true });
    const stored = (await findInvitationById(inv.id))!;
    expect(stored.answers).toEqual([{ questionId: bus, value: "yes" }]);
    expect(stored.guests.map((g) => g.answers)).toEqual([undefined, [{ questionId: starter, value: "Jamón" }]]);
  });
});
