import { useTranslation } from "react-i18next";
import { formatLongDate } from "~/lib/dates";
import { HeartIcon } from "../icons";

/** `names` and `city`: the couple's, as typed in 'Contenido' (data, passed to a text as values). */
export function SiteFooter({ weddingDate, timeZone, names, city }: { weddingDate: string; timeZone: string; names: string; city: string }) {
  const { t, i18n } = useTranslation(["common", "footer"]);
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <p className="footer-names">{names}</p>
      <p>{t("footer:weddingDate", { date: formatLongDate(weddingDate, i18n.language, timeZone), city })}</p>
      <p className="footer-love">
        <HeartIcon size={16} /> {t("footer:madeWithLove")}
      </p>
      <p className="footer-rights">
        © {year} {names}. {t("footer:rights")}
      </p>
    </footer>
  );
}
