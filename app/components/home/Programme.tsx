import { useTranslation } from "react-i18next";
import type { ProgrammeLine } from "~/lib/programme";
import { HomeBlock } from "./HomeBlock";

/** The day's moments as a plain list, sorted by time. */
function ProgrammeList({ lines }: { lines: ProgrammeLine[] }) {
  return (
    <ol className="programme-list">
      {lines.map((line, i) => (
        <li key={i} className="programme-item">
          <time className="programme-time">{line.time}</time>
          <span className="programme-title">{line.title}</span>
        </li>
      ))}
    </ol>
  );
}

/**
 * 'Programa del día' on the home page: server-rendered data, nothing to run. The loader sends it
 * only while it is shown (the day before the wedding to the day after); none, no section.
 */
export function Programme({ lines }: { lines: ProgrammeLine[] | null }) {
  const { t } = useTranslation("contentExtras");
  if (!lines?.length) return null;
  return (
    <HomeBlock id="programa" className="programme" title={t("home.programme.title")}>
      <ProgrammeList lines={lines} />
    </HomeBlock>
  );
}
