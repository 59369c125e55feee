import { useTranslation } from "react-i18next";
import { formatLongDate } from "~/lib/dates";
import { HeartIcon } from "../icons";

export function SiteFooter({ weddingDate }: { weddingDate: string }) {
  const { t, i18n } = useTranslation(["common", "footer"]);
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <p className="footer-names">{t("common:coupleNames")}</p>
      <p>{t("footer:weddingDate", { date: formatLongDate(weddingDate, i18n.language) })}</p>
      <p className="footer-love">
        <HeartIcon size={16} /> {t("footer:madeWithLove")}
      </p>
      <p className="footer-rights">
        © {year} {t("common:coupleNames")}. {t("footer:rights")}
      </p>
    </footer>
  );
}
