import { useTranslation } from "react-i18next";
import type { Question } from "~/lib/content-extras";
import { HomeBlock } from "./HomeBlock";

/** 'Preguntas frecuentes': a native disclosure per question (opens without JavaScript); none, no section. */
export function Faq({ questions }: { questions: Question[] }) {
  const { t } = useTranslation("contentExtras");
  if (!questions.length) return null;
  return (
    <HomeBlock id="preguntas" className="faq" title={t("home.faq.title")}>
      <div className="faq-list">
        {questions.map((q, i) => (
          <details key={i} className="faq-item card">
            <summary>{q.question}</summary>
            <p>{q.answer}</p>
          </details>
        ))}
      </div>
    </HomeBlock>
  );
}
