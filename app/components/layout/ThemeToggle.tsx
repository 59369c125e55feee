import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Theme, useTheme } from "~/lib/remix-themes";
import { STORAGE_KEYS } from "~/lib/constants";
import { useRootData } from "~/root";
import { MoonIcon, SunIcon } from "../icons";

/**
 * Flips light/dark. A plain form without JavaScript; instant with it.
 * The icon and label follow <html class="dark"> through CSS, so the server render
 * (which may not know the system theme) and the browser always agree.
 */
export function ThemeToggle() {
  const { t } = useTranslation("theme");
  const [theme, setTheme] = useTheme();
  const location = useLocation();
  const savedTheme = useRootData()?.theme ?? null;
  return (
    <form
      method="post"
      action="/action/set-theme"
      onSubmit={(event) => {
        event.preventDefault();
        const current = theme ?? (document.documentElement.classList.contains("dark") ? Theme.DARK : Theme.LIGHT);
        const next = current === Theme.DARK ? Theme.LIGHT : Theme.DARK;
        setTheme(next);
        try {
          localStorage.setItem(STORAGE_KEYS.theme, next);
        } catch {
          /* storage unavailable: the cookie still holds the choice */
        }
      }}
    >
      <input type="hidden" name="theme" value={savedTheme === Theme.DARK ? Theme.LIGHT : Theme.DARK} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button type="submit" className="icon-button theme-toggle">
        <span className="when-dark">
          <SunIcon />
          <span className="visually-hidden">{t("switchToLight")}</span>
        </span>
        <span className="when-light">
          <MoonIcon />
          <span className="visually-hidden">{t("switchToDark")}</span>
        </span>
      </button>
    </form>
  );
}
