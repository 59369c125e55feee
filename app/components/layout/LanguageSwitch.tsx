import { Form, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SUPPORTED_LANGUAGES } from "~/lib/constants";

/** es / en. A form, so it works before JavaScript loads; the choice is kept in a cookie. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation("language");
  const location = useLocation();
  const current = i18n.language;
  return (
    <Form method="post" action="/action/set-language" className="language-switch" aria-label={t("label")}>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {SUPPORTED_LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="submit"
          name="lng"
          value={lng}
          lang={lng}
          aria-pressed={current === lng}
          className={current === lng ? "lang-button active" : "lang-button"}
        >
          {lng.toUpperCase()}
          <span className="visually-hidden"> {t(lng)}</span>
        </button>
      ))}
    </Form>
  );
}
