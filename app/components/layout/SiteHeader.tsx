import { Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { MenuIcon } from "../icons";
import { LanguageSwitch } from "./LanguageSwitch";
import { ThemeToggle } from "./ThemeToggle";

function NavLinks({ confirmed, declined = false }: { confirmed: boolean; declined?: boolean }) {
  const { t } = useTranslation("nav");
  return (
    <>
      <NavLink to="/" end className="nav-link" prefetch="intent">
        {t("home")}
      </NavLink>
      {confirmed || declined ? (
        // Greyed out and not clickable once the stored invitation is answered (confirmed or declined).
        <span className="nav-link disabled" aria-disabled="true" role="link" title={t(declined ? "alreadyAnswered" : "alreadyConfirmed")}>
          {t("confirm")}
        </span>
      ) : (
        <NavLink to="/confirm" className="nav-link" prefetch="intent">
          {t("confirm")}
        </NavLink>
      )}
      <NavLink to="/gallery" className="nav-link" prefetch="intent">
        {t("gallery")}
      </NavLink>
    </>
  );
}

/** A <details> menu opens and closes without JavaScript; with it, the menu also closes after a
 *  client-side navigation and on Escape (returning focus to its button). */
function MobileMenu({ confirmed, declined }: { confirmed: boolean; declined?: boolean }) {
  const { t } = useTranslation("nav");
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname]);
  return (
    // Escape closes the open menu; the <summary> inside stays the interactive control.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <details
      ref={menu}
      className="nav-mobile"
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !menu.current?.open) return;
        menu.current.open = false;
        menu.current.querySelector("summary")?.focus();
      }}
    >
      <summary className="icon-button" aria-label={t("openMenu")}>
        <MenuIcon />
      </summary>
      <nav className="nav-mobile-panel" aria-label={t("menu")}>
        <NavLinks confirmed={confirmed} declined={declined} />
      </nav>
    </details>
  );
}

/** `names`: the couple's, as typed in 'Contenido' (data, never an i18n text). */
export function SiteHeader({ names, confirmed, declined }: { names: string; confirmed: boolean; declined?: boolean }) {
  const { t } = useTranslation(["common", "nav"]);
  return (
    <header className="site-header">
      <a href="#main" className="skip-link">
        {t("common:skipToContent")}
      </a>
      <div className="site-header-inner">
        <Link to="/" className="brand">
          {names}
        </Link>
        <nav className="nav-desktop" aria-label={t("nav:mainNavigation")}>
          <NavLinks confirmed={confirmed} declined={declined} />
        </nav>
        <div className="header-tools">
          <LanguageSwitch />
          <ThemeToggle />
          <MobileMenu confirmed={confirmed} declined={declined} />
        </div>
      </div>
    </header>
  );
}
