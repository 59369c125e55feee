import { useMatches } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { coupleNamesIn } from "~/root";

/**
 * Correos while the site sends no e-mail: that it is off, and the settings that turn it on. The
 * sender's example carries the couple's saved names, never the demo couple's; the settings' long
 * examples wrap, so the card fits a 360 px phone.
 */
export function EmailOff() {
  const { t } = useTranslation("emails");
  const names = coupleNamesIn(useMatches());
  return (
    <section className="card email-off" aria-labelledby="email-off-title">
      <h2 id="email-off-title">{t("off.title")}</h2>
      <p>{t("off.body")}</p>
      <ul>
        <li>
          <code>SMTP_URL</code> — {t("off.smtpUrl")}
        </li>
        <li>
          <code>MAIL_FROM</code> — {t("off.mailFrom", { names })}
        </li>
        <li>
          <code>PUBLIC_URL</code> — {t("off.publicUrl")}
        </li>
      </ul>
      <p>{t("off.restart")}</p>
    </section>
  );
}
