import { Button, Textarea, TextInput } from "@mantine/core";
import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminForm } from "~/components/admin/AdminForm";
import { MoveButtons, RemoveRowButton } from "~/components/admin/RowActions";
import { useAdminAction } from "~/components/admin/useAdminFetcher";
import { FormErrors } from "~/components/confirm/FormErrors";
import { MAX_QUESTION_LENGTH, MAX_QUESTIONS, QUESTION_KINDS, type GuestQuestion } from "~/lib/guest-questions";

interface Listed {
  question: GuestQuestion;
  answers: number;
}

/** 'Preguntas': each question's form (edit, move, remove) and 'Añadir pregunta'. Plain forms: the same without JavaScript. */
export function QuestionsScreen({ questions }: { questions: Listed[] }) {
  const { t } = useTranslation("questions");
  return (
    <section className="card admin-card" aria-labelledby="questions-title">
      <h2 id="questions-title" className="admin-section-title">
        {t("title")}
      </h2>
      <p className="admin-muted">{t("intro")}</p>
      {questions.length === 0 ? <p className="admin-muted">{t("none")}</p> : null}
      <ol className="admin-event-list">
        {questions.map((listed, i) => (
          <li key={listed.question.id}>
            <QuestionCard listed={listed} first={i === 0} last={i === questions.length - 1} />
          </li>
        ))}
      </ol>
      {questions.length < MAX_QUESTIONS ? <NewQuestion /> : null}
    </section>
  );
}

function QuestionCard({ listed, first, last }: { listed: Listed; first: boolean; last: boolean }) {
  const { t } = useTranslation("questions");
  const { question, answers } = listed;
  const edit = useAdminAction("editQuestion", `edit-question-${question.id}`);
  const move = useAdminAction("moveQuestion", `move-question-${question.id}`);
  // A plain post's refusal names its question: only that form shows it again.
  const mine = edit.result && !edit.result.ok && edit.result.initialValue?.id === String(question.id);
  const typed = mine && edit.result && !edit.result.ok ? edit.result.initialValue : undefined;
  return (
    <article className="admin-event" aria-label={question.textEs}>
      <h3>{question.textEs}</h3>
      <p className="admin-muted">
        {t(`kinds.${question.kind}`)} · {question.per === "person" ? t("perPerson") : t("perInvitation")}
        {question.required ? ` · ${t("required")}` : ""} · {t("answers")}: {answers}
      </p>
      <AdminForm action={edit} className="admin-form">
        <input type="hidden" name="id" value={question.id} />
        <QuestionFields question={question} typed={typed} idPrefix={`question-${question.id}`} />
        <FormErrors id={`question-${question.id}-errors`} errors={mine ? edit.errors : undefined} />
        <Button type="submit" disabled={edit.busy}>
          {t("save")}
        </Button>
      </AdminForm>
      <div className="admin-row-actions">
        <MoveButtons action={move} id={question.id} name={question.textEs} first={first} last={last} up={t("up")} down={t("down")} />
        <RemoveRowButton
          intent="removeQuestion"
          id={question.id}
          name={question.textEs}
          hasAnswers={answers > 0}
          prompt={t("confirmRemove", { name: question.textEs })}
          text={t("remove")}
        />
      </div>
    </article>
  );
}

function NewQuestion() {
  const { t } = useTranslation("questions");
  const create = useAdminAction("createQuestion", "create-question");
  const typed = create.result && !create.result.ok ? create.result.initialValue : undefined;
  // A new, empty form after each save (the redirect changes the location); a refusal keeps what was typed.
  const location = useLocation();
  return (
    <section aria-labelledby="new-question-title">
      <h3 id="new-question-title">{t("add")}</h3>
      <AdminForm action={create} className="admin-form" key={typed ? "typed" : location.key}>
        <QuestionFields typed={typed} idPrefix="new-question" />
        <FormErrors id="new-question-errors" errors={create.errors} />
        <Button type="submit" disabled={create.busy}>
          {t("add")}
        </Button>
      </AdminForm>
    </section>
  );
}

function QuestionFields({ question, typed, idPrefix }: { question?: GuestQuestion; typed?: Record<string, string>; idPrefix: string }) {
  const { t } = useTranslation("questions");
  const kind = typed?.kind ?? question?.kind ?? "text";
  const per = typed?.per ?? question?.per ?? "invitation";
  const required = typed ? typed.required === "on" : !!question?.required;
  const optionsEs = typed?.optionsEs ?? question?.options.map((o) => o.es).join("\n") ?? "";
  const optionsEn = typed?.optionsEn ?? question?.options.map((o) => o.en ?? "").join("\n") ?? "";
  return (
    <>
      <TextInput
        id={`${idPrefix}-textEs`}
        name="textEs"
        label={t("textEs")}
        defaultValue={typed?.textEs ?? question?.textEs ?? ""}
        maxLength={MAX_QUESTION_LENGTH}
      />
      <TextInput
        id={`${idPrefix}-textEn`}
        name="textEn"
        label={t("textEn")}
        description={t("textEnHint")}
        defaultValue={typed?.textEn ?? question?.textEn ?? ""}
        maxLength={MAX_QUESTION_LENGTH}
      />
      <label className="plain-field" htmlFor={`${idPrefix}-kind`}>
        <span>{t("kind")}</span>
        <select id={`${idPrefix}-kind`} name="kind" defaultValue={kind} className="plain-select">
          {QUESTION_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`kinds.${k}`)}
            </option>
          ))}
        </select>
      </label>
      <div className="admin-options-pair">
        <Textarea id={`${idPrefix}-optionsEs`} name="optionsEs" label={t("optionsEs")} defaultValue={optionsEs} autosize minRows={2} />
        <Textarea id={`${idPrefix}-optionsEn`} name="optionsEn" label={t("optionsEn")} defaultValue={optionsEn} autosize minRows={2} />
      </div>
      <fieldset className="question-per">
        <legend>{t("per")}</legend>
        <label className="plain-check">
          <input type="radio" name="per" value="invitation" defaultChecked={per !== "person"} />
          <span>{t("perInvitation")}</span>
        </label>
        <label className="plain-check">
          <input type="radio" name="per" value="person" defaultChecked={per === "person"} />
          <span>{t("perPerson")}</span>
        </label>
      </fieldset>
      <label className="checkbox-field">
        <input type="checkbox" id={`${idPrefix}-required`} name="required" defaultChecked={required} />
        <span>{t("required")}</span>
      </label>
    </>
  );
}
