import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { faqSchema, giftsSchema, type GiftsContent } from "~/lib/content-schemas";
import { giftOptionsIn, parseRowEdit, questionsIn, rowEditValue } from "~/lib/content-extras";
import { currentContent } from "~/models/content-live.server";
import { defaultContent } from "~/models/content-defaults.server";
import { saveContentSection } from "~/models/content-store.server";
import { homeExtras } from "~/models/content-extras.server";
import { useTestDatabase } from "./helpers/test-db";

useTestDatabase();

/** The form's fields as the browser sends them, parsed as the action does. */
function submit<S extends typeof giftsSchema | typeof faqSchema>(schema: S, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return parseWithZod(form, { schema });
}
const errorsOf = (submission: ReturnType<typeof submit<typeof giftsSchema | typeof faqSchema>>) =>
  submission.status === "success" ? {} : (submission.reply().error ?? {});
const gifts = (changes: Partial<GiftsContent> = {}): GiftsContent => ({ ...giftsSchema.parse({}), ...changes });

describe("'Regalos': rules", () => {
  it("a registry's address is https only: http:, javascript:, data: and text are refused with a message", () => {
    for (const url of ["http://example.com/list", "javascript:alert(1)", "JavaScript:alert(1)", "data:text/html,<b>x</b>", "www.example.com", "https://"]) {
      expect(errorsOf(submit(giftsSchema, { "registries[0].name": "Tienda", "registries[0].url": url }))).toEqual({
        "registries[0].url": ["contentExtras:errors.https"],
      });
    }
    const ok = submit(giftsSchema, { "registries[0].name": "Tienda", "registries[0].url": " https://example.com/lista?id=1 " });
    expect(ok.status).toBe("success");
    expect(ok.status === "success" && ok.value.registries).toEqual([{ name: "Tienda", url: "https://example.com/lista?id=1" }]);
  });

  it("names up to 80 characters, texts up to 2,000; a registry needs its name", () => {
    expect(errorsOf(submit(giftsSchema, { "bank.bank": "x".repeat(81), "bank.accountNumber": "123" }))).toEqual({ "bank.bank": ["content:errors.tooLong"] });
    expect(submit(giftsSchema, { "bank.bank": "x".repeat(80), "bank.accountNumber": "123" }).status).toBe("success");
    expect(errorsOf(submit(giftsSchema, { "note.es": "x".repeat(2001) }))).toEqual({ "note.es": ["content:errors.tooLong"] });
    expect(errorsOf(submit(giftsSchema, { "note.en": "x".repeat(2001) }))).toEqual({ "note.en": ["content:errors.tooLong"] });
    expect(errorsOf(submit(giftsSchema, { "registries[0].url": "https://example.com" }))).toEqual({ "registries[0].name": ["content:errors.required"] });
  });

  it("a Yappy number that looks like a phone, or none", () => {
    expect(errorsOf(submit(giftsSchema, { yappy: "llámame" }))).toEqual({ yappy: ["content:errors.phone"] });
    expect(errorsOf(submit(giftsSchema, { yappy: "12" }))).toEqual({ yappy: ["content:errors.phone"] });
    const ok = submit(giftsSchema, { yappy: " +507 6123-4567 " });
    expect(ok.status === "success" && ok.value.yappy).toBe("+507 6123-4567");
    const none = submit(giftsSchema, {});
    expect(none.status === "success" && none.value).toEqual(gifts());
  });

  it("bank details without the account number are refused at the account number; the number holds no markup", () => {
    expect(errorsOf(submit(giftsSchema, { "bank.bank": "Banco General", "bank.holder": "Valeria" }))).toEqual({
      "bank.accountNumber": ["content:errors.required"],
    });
    expect(errorsOf(submit(giftsSchema, { "bank.accountType.es": "Ahorros" }))).toEqual({ "bank.accountNumber": ["content:errors.required"] });
    expect(errorsOf(submit(giftsSchema, { "bank.accountNumber": "<script>" }))).toEqual({ "bank.accountNumber": ["contentExtras:errors.accountNumber"] });
    expect(submit(giftsSchema, { "bank.accountNumber": "04-01-99-123456-7" }).status).toBe("success");
  });

  it("at most 8 registries; blank rows (the form's unfilled one) are dropped, and a message stays at its row's field", () => {
    const many = Object.fromEntries(
      Array.from({ length: 9 }, (_, i) => [
        [`registries[${i}].name`, `R${i}`],
        [`registries[${i}].url`, `https://r${i}.example`],
      ]).flat(),
    );
    expect(errorsOf(submit(giftsSchema, many))).toEqual({ registries: ["content:errors.tooMany"] });
    const gaps = submit(giftsSchema, { "registries[0].name": "", "registries[0].url": "", "registries[2].name": "B", "registries[2].url": "http://b.example" });
    expect(errorsOf(gaps)).toEqual({ "registries[2].url": ["contentExtras:errors.https"] });
    const kept = submit(giftsSchema, {
      "registries[1].name": "A",
      "registries[1].url": "https://a.example/",
      "registries[3].name": "",
      "registries[3].url": "",
    });
    expect(kept.status === "success" && kept.value.registries).toEqual([{ name: "A", url: "https://a.example/" }]);
  });
});

describe("'Preguntas frecuentes': rules", () => {
  it("a question up to 100 characters, an answer up to 2,000; each needs its Spanish text, English may be empty", () => {
    expect(errorsOf(submit(faqSchema, { "questions[0].question.es": "x".repeat(101), "questions[0].answer.es": "Sí" }))).toEqual({
      "questions[0].question.es": ["content:errors.tooLong"],
    });
    expect(errorsOf(submit(faqSchema, { "questions[0].question.es": "¿Niños?", "questions[0].answer.es": "x".repeat(2001) }))).toEqual({
      "questions[0].answer.es": ["content:errors.tooLong"],
    });
    expect(errorsOf(submit(faqSchema, { "questions[0].question.en": "Kids?", "questions[0].answer.es": "Sí" }))).toEqual({
      "questions[0].question.es": ["content:errors.required"],
    });
    const ok = submit(faqSchema, { "questions[0].question.es": "¿Niños?", "questions[0].answer.es": "Sí.\nCon gusto.", "questions[1].question.es": "" });
    expect(ok.status === "success" && ok.value.questions).toEqual([{ question: { es: "¿Niños?", en: "" }, answer: { es: "Sí.\nCon gusto.", en: "" } }]);
  });

  it("at most 16 questions", () => {
    const pair = (i: number) => [
      [`questions[${i}].question.es`, `P${i}`],
      [`questions[${i}].answer.es`, `R${i}`],
    ];
    const fields = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => pair(i)).flat());
    expect(submit(faqSchema, fields(16)).status).toBe("success");
    expect(faqSchema.safeParse({ questions: Array.from({ length: 17 }, () => ({ question: { es: "P", en: "" }, answer: { es: "R", en: "" } })) }).success).toBe(
      false,
    );
  });

  it("the buttons' values name one list and one row; anything else is no edit", () => {
    expect(parseRowEdit(rowEditValue({ op: "add", list: "questions" }))).toEqual({ op: "add", list: "questions" });
    expect(parseRowEdit(rowEditValue({ op: "remove", list: "registries", index: 3 }))).toEqual({ op: "remove", list: "registries", index: 3 });
    for (const value of ["remove:questions", "add:questions:1", "remove:questions:999", "drop:questions", "", null, "add:__proto__"])
      expect(parseRowEdit(value)).toBeNull();
  });
});

describe("the home page's gift options and questions", () => {
  it("today's site shows neither: no options, no questions", async () => {
    expect(defaultContent().gifts).toEqual(gifts());
    expect(giftOptionsIn(defaultContent().gifts, "es")).toBeNull();
    expect(await homeExtras("es")).toEqual({ gifts: null, questions: [] });
  });

  it("only the options filled in; the block hidden when all are empty", () => {
    expect(giftOptionsIn(gifts({ yappy: "+507 6123-4567" }), "es")).toEqual({ bank: null, yappy: "+507 6123-4567", registries: [], note: null });
    expect(giftOptionsIn(gifts({ note: { es: "", en: "Only in English" } }), "es")).toBeNull();
    const bank = { bank: "Banco General", holder: "", accountType: { es: "Ahorros", en: "" }, accountNumber: "04-123" };
    expect(giftOptionsIn(gifts({ bank }), "en")?.bank).toEqual({ bank: "Banco General", holder: "", accountType: "Ahorros", accountNumber: "04-123" });
  });

  it("English left empty shows the Spanish text; English given shows in English only", () => {
    const note = { es: "Gracias", en: "" };
    expect(giftOptionsIn(gifts({ note }), "en")?.note).toBe("Gracias");
    expect(giftOptionsIn(gifts({ note: { es: "Gracias", en: "Thank you" } }), "en")?.note).toBe("Thank you");
    expect(giftOptionsIn(gifts({ note: { es: "Gracias", en: "Thank you" } }), "es")?.note).toBe("Gracias");
    const faq = { questions: [{ question: { es: "¿Hora?", en: "" }, answer: { es: "A las 4", en: "At 4" } }] };
    expect(questionsIn(faq, "en")).toEqual([{ question: "¿Hora?", answer: "At 4" }]);
  });

  it("a save is live at once, and another save of the same list empty hides it again", async () => {
    await saveContentSection("faq", faqSchema.parse({ questions: [{ question: { es: "¿Niños?", en: "Kids?" }, answer: { es: "Sí", en: "" } }] }));
    expect((await homeExtras("en")).questions).toEqual([{ question: "Kids?", answer: "Sí" }]);
    await saveContentSection("faq", faqSchema.parse({}));
    expect((await homeExtras("en")).questions).toEqual([]);
    await saveContentSection("gifts", gifts({ registries: [{ name: "Lista", url: "https://example.com/" }] }));
    expect((await currentContent()).gifts.registries).toHaveLength(1);
    expect((await homeExtras("es")).gifts?.registries).toEqual([{ name: "Lista", url: "https://example.com/" }]);
  });
});
