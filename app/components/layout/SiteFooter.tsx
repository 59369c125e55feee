import { useTranslation } from "react-i18next";
import { HeartIcon } from "../icons";

export function SiteFooter() {
  const { t } = useTranslation(["common", "footer"]);
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <p className="footer-names">{t("common:coupleNames")}</p>
      <p>{t("footer:weddingDate")}</p>
      <p className="footer-love">
        <HeartIcon size={16} /> {t("footer:madeWithLove")}
      </p>
      <p className="footer-rights">
        © {year} {t("common:coupleNames")}. {t("footer:rights")}
      </p>
    </footer>
  );
}
