import type { AdminInput } from "~/lib/admin-schemas";
import { questionsScreenSchema } from "~/lib/admin-schemas";
import { answerCount, createQuestion, listQuestions, moveQuestion, removeQuestion, updateQuestion, type QuestionError } from "~/models/guest-questions.server";
import { failed } from "~/http/admin/access.server";
import { attempt, done, type AdminScreenActions } from "~/http/admin/tab-action.server";

/** 'Preguntas': the couple's questions, each with how many answers it has (removing one with answers asks first). */
export async function loadQuestionsScreen() {
  const questions = await attempt("questions", async () => {
    const list = await listQuestions();
    return Promise.all(list.map(async (question) => ({ question, answers: await answerCount(question.id) })));
  });
  return { questions };
}

type QuestionsIntent = "createQuestion" | "editQuestion" | "moveQuestion" | "removeQuestion";
const FAILED = "questions:failed";

type QuestionForm = AdminInput<"createQuestion"> | AdminInput<"editQuestion">;

/** A refusal keeps what was typed (without JavaScript the page is new). */
function refused(form: QuestionForm, error: QuestionError) {
  const status = error === "notFound" ? 404 : error === "tooManyQuestions" ? 409 : 400;
  const initialValue: Record<string, string> = {
    ...("id" in form ? { id: String(form.id) } : {}),
    textEs: form.textEs,
    textEn: form.textEn ?? "",
    kind: form.kind,
    optionsEs: form.optionsEs ?? "",
    optionsEn: form.optionsEn ?? "",
    per: form.per ?? "invitation",
    required: form.required ? "on" : "",
  };
  return { ...failed(form.intent, `questions:errors.${error}`, status), initialValue };
}

export const questionsScreen: AdminScreenActions<QuestionsIntent> = {
  schema: questionsScreenSchema,
  failures: { createQuestion: FAILED, editQuestion: FAILED, moveQuestion: FAILED, removeQuestion: FAILED },
  handlers: {
    async createQuestion(input) {
      const created = await createQuestion(input);
      return created.ok ? done(input.intent, "questions:added") : refused(input, created.error);
    },
    async editQuestion(input) {
      const saved = await updateQuestion(input.id, input);
      return saved.ok ? done(input.intent, "questions:saved") : refused(input, saved.error);
    },
    async moveQuestion(input) {
      return (await moveQuestion(input.id, input.direction)) ? done(input.intent, "questions:moved") : failed(input.intent, "questions:errors.notFound", 404);
    },
    async removeQuestion(input) {
      return (await removeQuestion(input.id)) ? done(input.intent, "questions:removed") : failed(input.intent, "questions:errors.notFound", 404);
    },
  },
};
