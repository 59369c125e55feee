import { useTranslation } from "react-i18next";
import { MAX_ANSWER_LENGTH, optionText, questionFields, questionText, type GuestQuestion } from "~/lib/guest-questions";

/** Typed values of a refused plain post (decision 0020). */
type Typed = (name: string, i?: number) => string | undefined;

/**
 * Which question each slot is (`qid{j}`): in the answer form once, whoever the questions are asked of,
 * so the server pairs each answer with the question the guest saw even if the list changed meanwhile.
 */
export function QuestionIds({ questions }: { questions: readonly GuestQuestion[] }) {
  return (
    <>
      {questions.map((q, j) => (
        <input key={q.id} type="hidden" name={questionFields(j).id} value={String(q.id)} />
      ))}
    </>
  );
}

/**
 * The couple's questions on the confirm form (docs/decisions/0058-the-couples-questions.md), in the
 * guest's language. Plain elements, the same with and without JavaScript, in the page or in the
 * dialog. Without `person` the questions asked once per invitation; with it, person `person`'s
 * (0 the primary guest, N the Nth additional name, labelled with `who`).
 */
export function QuestionFields({ questions, person, who, typed }: { questions: readonly GuestQuestion[]; person?: number; who?: string; typed: Typed }) {
  const { t, i18n } = useTranslation("questions");
  const per = person === undefined ? "invitation" : "person";
  const asked = questions.map((q, j) => ({ q, j })).filter(({ q }) => q.per === per);
  if (asked.length === 0) return null;
  return (
    <>
      {asked.map(({ q, j }) => {
        const names = questionFields(j);
        const name = person === undefined ? names.invitation : `${names.person}[${person}]`;
        const given = person === undefined ? typed(names.invitation) : typed(names.person, person);
        const label = `${questionText(q, i18n.language)}${who ? ` (${who})` : ""}${q.required ? "" : ` ${t("optional")}`}`;
        if (q.kind === "yesno") {
          return (
            <fieldset key={q.id} className="question-yesno">
              <legend>{label}</legend>
              <label className="plain-check">
                <input type="radio" name={name} value="yes" defaultChecked={given === "yes"} />
                <span>{t("yes")}</span>
              </label>
              <label className="plain-check">
                <input type="radio" name={name} value="no" defaultChecked={given === "no"} />
                <span>{t("no")}</span>
              </label>
            </fieldset>
          );
        }
        if (q.kind === "choice") {
          return (
            <label key={q.id} className="plain-field">
              <span>{label}</span>
              <select name={name} defaultValue={given ?? ""} className="plain-select">
                <option value="">{t("choose")}</option>
                {q.options.map((o) => (
                  <option key={o.es} value={o.es}>
                    {optionText(o, i18n.language)}
                  </option>
                ))}
              </select>
            </label>
          );
        }
        return (
          <label key={q.id} className="plain-field">
            <span>{label}</span>
            <input type="text" name={name} defaultValue={given} maxLength={MAX_ANSWER_LENGTH} autoComplete="off" />
          </label>
        );
      })}
    </>
  );
}
