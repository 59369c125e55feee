import { notifications } from "@mantine/notifications";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { isLoadError, type LoadError } from "~/lib/admin-schemas";
import type { Stats } from "~/lib/stats";

/** Three cards: seats handed out vs capacity, confirmed names and %, invitations confirmed. */
export function StatsTab({ stats }: { stats: Stats | LoadError | null }) {
  const { t } = useTranslation("dashboard");
  const navigation = useNavigation();
  const failed = isLoadError(stats) ? stats.error : null;
  useEffect(() => {
    if (failed !== null) notifications.show({ color: "red", message: t("toasts.loadStatsError", { message: failed }) });
  }, [failed, t]);

  if (isLoadError(stats)) {
    // 'Reintentar' reloads the figures (a GET of the same tab; without JavaScript, the page).
    if (navigation.state !== "idle" && navigation.location?.pathname === "/admin") {
      return (
        <p role="status" className="admin-muted">
          {t("stats.loading")}
        </p>
      );
    }
    return (
      <div className="admin-error" role="alert">
        <p>{t("toasts.loadStatsError", { message: failed })}</p>
        <Form method="get">
          <input type="hidden" name="tab" value="stats" />
          <button type="submit" className="button secondary">
            {t("stats.retry")}
          </button>
        </Form>
      </div>
    );
  }
  if (!stats) return <p className="admin-empty">{t("stats.empty")}</p>;
  return (
    <div className="stats-grid">
      <section className="card stat-card" aria-labelledby="stat-total">
        <h2 id="stat-total">{t("stats.totalGuests")}</h2>
        <p className="stat-value">
          {stats.totalGuests} / {stats.capacity}
        </p>
        <p className="admin-muted">{t("stats.capacity", { capacity: stats.capacity })}</p>
      </section>
      <section className="card stat-card" aria-labelledby="stat-confirmed">
        <h2 id="stat-confirmed">{t("stats.confirmed")}</h2>
        <p className="stat-value">{stats.confirmedGuests}</p>
        <p className="admin-muted">{t("stats.percentOfGuests", { percent: stats.confirmedPercentage })}</p>
      </section>
      <section className="card stat-card" aria-labelledby="stat-invitations">
        <h2 id="stat-invitations">{t("stats.invitations")}</h2>
        <p className="stat-value">{stats.totalInvitations}</p>
        <p className="admin-muted">{t("stats.confirmedInvitations", { count: stats.confirmedInvitations })}</p>
      </section>
    </div>
  );
}
