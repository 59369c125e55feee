import { useTranslation } from "react-i18next";
import { optionText, questionText, type QuestionCount } from "~/lib/guest-questions";

/**
 * Estadísticas' 'Respuestas a vuestras preguntas': each yes/no and list question with its counts
 * ('¿Necesitas transporte desde el hotel?: Sí 12 · No 30'), over confirmed invitations. Shown only
 * when there is such a question.
 */
export function QuestionStatsCard({ counts }: { counts: QuestionCount[] }) {
  const { t, i18n } = useTranslation("questions");
  const label = (q: QuestionCount, value: string) => {
    if (q.kind === "yesno") return value === "yes" ? t("yes") : t("no");
    const option = q.options.find((o) => o.es === value);
    return option ? optionText(option, i18n.language) : value;
  };
  return (
    <section className="card stat-card wide" aria-labelledby="stat-questions">
      <h2 id="stat-questions">{t("statsTitle")}</h2>
      <ul className="dietary-list">
        {counts.map((q) => (
          <li key={q.id}>
            {questionText(q, i18n.language)}: {q.counts.map((c) => `${label(q, c.value)} ${c.count}`).join(" · ")}
          </li>
        ))}
      </ul>
    </section>
  );
}
