import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { COUNTDOWN_TICK_MS } from "~/lib/constants";
import { countdownParts } from "~/lib/countdown";

/** Days, hours, minutes, seconds to the wedding; rendered by the server, ticking in the browser. */
export function Countdown({ target, serverNow }: { target: string; serverNow: string }) {
  const { t } = useTranslation("home");
  const [now, setNow] = useState(() => new Date(serverNow));
  useEffect(() => {
    setNow(new Date());
    const timer = window.setInterval(() => setNow(new Date()), COUNTDOWN_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  const parts = countdownParts(target, now);
  if (parts.done) {
    return (
      <p className="countdown-done" role="status">
        {t("hero.bigDay")}
      </p>
    );
  }
  const units = [
    ["days", parts.days],
    ["hours", parts.hours],
    ["minutes", parts.minutes],
    ["seconds", parts.seconds],
  ] as const;
  return (
    <div className="countdown" role="timer" aria-label={t("hero.countdownLabel")}>
      {units.map(([unit, value]) => (
        <div key={unit} className="countdown-unit" data-unit={unit}>
          <span className="countdown-value" suppressHydrationWarning>
            {String(value).padStart(2, "0")}
          </span>
          <span className="countdown-label">{t(`hero.${unit}`)}</span>
        </div>
      ))}
    </div>
  );
}
