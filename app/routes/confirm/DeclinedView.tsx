import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** The declined view: the couple's regrets and thanks for letting them know. */
export function DeclinedView() {
  const { t } = useTranslation(["confirm", "common"]);
  return (
    <div className="card center declined-view">
      <h1 className="confirm-title">{t("confirm:declined.title")}</h1>
      <p>{t("confirm:declined.thanks")}</p>
      <Link to="/" className="button">
        {t("common:backHome")}
      </Link>
    </div>
  );
}
