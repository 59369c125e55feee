import { useTranslation } from "react-i18next";
import { answerText, questionText, type GuestQuestion } from "~/lib/guest-questions";

/**
 * Answers to the couple's questions as the couple reads them ('Invitaciones'): each question with
 * its answer, in the panel's language. Nothing when there are none (a site without questions).
 */
export function AnswersNote({ answers, questions }: { answers?: readonly { questionId: number; value: string }[]; questions: readonly GuestQuestion[] }) {
  const { i18n } = useTranslation();
  const shown = (answers ?? []).flatMap((a) => {
    const question = questions.find((q) => q.id === a.questionId);
    return question ? [{ id: a.questionId, question: questionText(question, i18n.language), answer: answerText(question, a.value, i18n.language) }] : [];
  });
  if (shown.length === 0) return null;
  return (
    <span className="guest-answers">
      {shown.map((a) => (
        <span key={a.id} className="guest-answer">
          {a.question} <strong>{a.answer}</strong>
        </span>
      ))}
    </span>
  );
}
