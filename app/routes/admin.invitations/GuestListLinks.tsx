import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** 'Imprimir tarjetas', 'Exportar CSV' and 'Importar CSV', above the invitations table. */
export function GuestListLinks() {
  const { t } = useTranslation("dashboard");
  return (
    <nav className="guest-list-links" aria-label={t("guestList.label")}>
      <Link to="/admin/print" className="button secondary small">
        {t("print.open")}
      </Link>
      <a href="/admin/export.csv" download className="button secondary small">
        {t("guestList.export")}
      </a>
      <Link to="/admin/import" className="button secondary small">
        {t("guestList.import")}
      </Link>
    </nav>
  );
}
