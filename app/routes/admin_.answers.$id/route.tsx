import "~/styles/admin.css";
import "~/styles/confirm.css";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { parseWithZod } from "@conform-to/zod";
import { FormErrors } from "~/components/confirm/FormErrors";
import { refuseAdminPost } from "~/http/admin/access.server";
import { readForm } from "~/http/form.server";
import { textsIn } from "~/infra/i18n.server";
import { flashToastHeader, isAdminSession } from "~/infra/session.server";
import { MAX_FORM_LIST_LENGTH, SUPPORTED_LANGUAGES } from "~/lib/constants";
import { formFieldsOf } from "~/lib/form-fields";
import { dishName } from "~/lib/menu";
import { findInvitationById } from "~/models/invitations.server";
import { loadMenuOptions } from "~/models/menu.server";
import { editAnswer, listQuestions, type EditAnswerError } from "~/models/guest-questions.server";
import { answersFromForm, questionFields } from "~/lib/guest-questions";
import { questionShape } from "~/lib/confirm-schemas";
import { QuestionFields, QuestionIds } from "~/routes/confirm/QuestionFields";
import { coupleNamesIn } from "~/root";

export const meta: MetaFunction = ({ matches }) => [{ title: `Admin · ${coupleNamesIn(matches)}` }, { name: "robots", content: "noindex" }];

/** Each person's fields by position: the guest's id, their dish and their child box. */
const editBase = z.object({
  intent: z.literal("editChoices"),
  guest: z.array(z.coerce.number().int().positive()).max(MAX_FORM_LIST_LENGTH).default([]),
  dish: z.array(z.string().max(12).optional()).max(MAX_FORM_LIST_LENGTH).default([]),
  child: z.array(z.string().max(5).optional()).max(MAX_FORM_LIST_LENGTH).default([]),
});
/** With the couple's questions' slots (the confirm form's fields; read by answersFromForm). */
const editSchema = editBase.extend(questionShape) as unknown as typeof editBase;
const fields = formFieldsOf(editSchema);

const errorKeys: Record<EditAnswerError, string> = {
  answerRequired: "questions:errors.answerRequired",
  answerNotOffered: "questions:errors.answerNotOffered",
  answerNotYesNo: "questions:errors.answerNotYesNo",
  answerTooLong: "questions:errors.answerTooLong",
  notFound: "menu:answers.notFound",
  notConfirmed: "menu:answers.notConfirmed",
  dishRequired: "confirm:menu.dishRequired",
  dishNotOffered: "confirm:menu.dishNotOffered",
};

/**
 * GET /admin/answers/{id} (admin): 'Editar respuesta', each person's dish and child mark of a
 * confirmed invitation, one plain form (the same with and without JavaScript).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!(await isAdminSession(request))) throw redirect("/admin");
  const invitation = await findInvitationById(Number(params.id) || 0);
  if (!invitation) throw new Response("Not found", { status: 404 });
  return { invitation, menu: await loadMenuOptions(), questions: await listQuestions(), i18n: textsIn(SUPPORTED_LANGUAGES, ["menu", "confirm", "questions"]) };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const form = await readForm(request, fields);
  const refused = await refuseAdminPost(request, context, "editChoices");
  // Too many guesses of the token, or a form from another site: refused before anything is read.
  if (refused) {
    const result = refused.result;
    return data({ error: result.ok ? "common:serverError" : (result.error?.[""]?.[0] ?? "common:serverError") }, { status: result.ok ? 400 : result.status });
  }
  const submission = parseWithZod(form, { schema: editSchema });
  if (submission.status !== "success") return data({ error: "common:badRequest.title" }, { status: 400 });
  const { guest, dish, child } = submission.value;
  const sent = new Map(guest.map((id, i) => [id, { dish: dish[i], child: child[i] }]));
  const replies = answersFromForm(submission.value as Readonly<Record<string, unknown>>, guest.length);
  const result = await editAnswer(Number(params.id) || 0, sent, replies);
  if (!result.ok) return data({ error: errorKeys[result.error] }, { status: result.error === "notFound" ? 404 : 400 });
  return redirect("/admin/invitations", { headers: { "Set-Cookie": await flashToastHeader(request, { kind: "success", key: "menu:answers.saved" }) } });
}

export default function EditAnswerPage() {
  const { t, i18n } = useTranslation("menu");
  const { invitation, menu, questions } = useLoaderData<typeof loader>();
  // The stored answers fill the questions' fields (the same fields as the guests' form).
  const stored = (name: string, i?: number) => {
    const j = questions.findIndex((_, k) => [questionFields(k).invitation, questionFields(k).person].includes(name));
    if (j < 0) return undefined;
    const list = i === undefined ? invitation.answers : invitation.guests[i]?.answers;
    return list?.find((a) => a.questionId === questions[j].id)?.value;
  };
  const answer = useActionData<typeof action>();
  return (
    <section className="page narrow admin-page" aria-labelledby="answers-title">
      <header className="admin-header">
        <h1 id="answers-title">{t("answers.title", { name: invitation.primaryGuest })}</h1>
        <Link to="/admin/invitations" className="button secondary">
          {t("answers.back")}
        </Link>
      </header>
      <Form method="post" className="card admin-card admin-form">
        <input type="hidden" name="intent" value="editChoices" />
        <QuestionIds questions={questions} />
        {invitation.guests.map((g, i) => (
          <fieldset key={g.id} className="confirm-guest-fields">
            <legend>{g.fullName}</legend>
            <input type="hidden" name={`guest[${i}]`} value={g.id} />
            {menu.askMenu ? (
              <label className="plain-field">
                <span>{t("answers.dishFor", { name: g.fullName })}</span>
                <select name={`dish[${i}]`} defaultValue={g.dishId === undefined ? "" : String(g.dishId)} className="plain-select">
                  <option value="">{t("confirm:menu.dishPlaceholder")}</option>
                  {menu.dishes.map((d) => (
                    <option key={d.id} value={String(d.id)}>
                      {dishName(d, i18n.language)}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            {menu.askChildren ? (
              <label className="plain-check">
                <input type="checkbox" name={`child[${i}]`} defaultChecked={g.isChild ?? false} />
                <span>{t("answers.childFor", { name: g.fullName })}</span>
              </label>
            ) : null}
            <QuestionFields questions={questions} person={i} who={g.fullName} typed={stored} />
          </fieldset>
        ))}
        <QuestionFields questions={questions} typed={stored} />
        <FormErrors id="answers-errors" errors={answer?.error ? [answer.error] : undefined} />
        <button type="submit" className="button">
          {t("answers.save")}
        </button>
      </Form>
    </section>
  );
}
