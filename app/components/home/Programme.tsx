import { useTranslation } from "react-i18next";
import type { ProgrammeLine } from "~/lib/programme";
import { HomeBlock } from "./HomeBlock";

/**
 * 'Programa del día': the day's moments, sorted by time, as a plain list (server-rendered data,
 * nothing to run). The loader sends it only while it is shown (the day before the wedding to the
 * day after); none, no section.
 */
export function Programme({ lines, id = "programa", headingLevel = 2 }: { lines: ProgrammeLine[] | null; id?: string; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation("contentExtras");
  if (!lines?.length) return null;
  const list = (
    <ol className="programme-list">
      {lines.map((line, i) => (
        <li key={i} className="programme-item">
          <time className="programme-time">{line.time}</time>
          <span className="programme-title">{line.title}</span>
        </li>
      ))}
    </ol>
  );
  if (headingLevel === 3)
    return (
      <section className="programme" aria-labelledby={`${id}-title`}>
        <h3 id={`${id}-title`}>{t("home.programme.title")}</h3>
        {list}
      </section>
    );
  return (
    <HomeBlock id={id} className="programme" title={t("home.programme.title")}>
      {list}
    </HomeBlock>
  );
}
