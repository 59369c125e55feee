import { useTranslation } from "react-i18next";

/** Correos while the site sends no e-mail: that it is off, and the settings that turn it on. */
export function EmailOff() {
  const { t } = useTranslation("emails");
  return (
    <section className="card" aria-labelledby="email-off-title">
      <h2 id="email-off-title">{t("off.title")}</h2>
      <p>{t("off.body")}</p>
      <ul>
        <li>
          <code>SMTP_URL</code> — {t("off.smtpUrl")}
        </li>
        <li>
          <code>MAIL_FROM</code> — {t("off.mailFrom")}
        </li>
        <li>
          <code>PUBLIC_URL</code> — {t("off.publicUrl")}
        </li>
      </ul>
      <p>{t("off.restart")}</p>
    </section>
  );
}
