import { notifications } from "@mantine/notifications";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { isLoadError, type LoadError } from "~/lib/admin-schemas";
import type { DietaryNote, Stats } from "~/lib/stats";

/**
 * The three cards (seats handed out vs capacity, confirmed names and %, invitations
 * confirmed), then the declined and pending invitations with their seats, and every dietary note
 * of a guest who is coming, for the caterer.
 */
export function StatsTab({
  stats,
  dietary,
  arrivals,
}: {
  stats: Stats | LoadError | null;
  dietary?: DietaryNote[] | LoadError | null;
  /** 'Llegaron n de m', once the door ('Recepción') has marked a first guest. */
  arrivals?: { arrived: number; confirmed: number };
}) {
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
        <Form method="get" action="/admin">
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
      {arrivals ? (
        <section className="card stat-card" aria-labelledby="stat-arrivals">
          <h2 id="stat-arrivals">{t("door:admin.statsTitle")}</h2>
          <p className="stat-value">
            {arrivals.arrived} / {arrivals.confirmed}
          </p>
          <p className="admin-muted">{t("door:admin.statsArrived", { arrived: arrivals.arrived, confirmed: arrivals.confirmed })}</p>
        </section>
      ) : null}
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
      <section className="card stat-card" aria-labelledby="stat-declined">
        <h2 id="stat-declined">{t("stats.declined")}</h2>
        <p className="stat-value">{stats.declinedInvitations}</p>
        <p className="admin-muted">{t("stats.declinedSeats", { count: stats.declinedSeats })}</p>
      </section>
      <section className="card stat-card" aria-labelledby="stat-pending">
        <h2 id="stat-pending">{t("stats.pending")}</h2>
        <p className="stat-value">{stats.pendingInvitations}</p>
        <p className="admin-muted">{t("stats.pendingSeats", { count: stats.pendingSeats })}</p>
      </section>
      <section className="card stat-card wide" aria-labelledby="stat-dietary">
        <h2 id="stat-dietary">{t("stats.dietary")}</h2>
        <p className="stat-value">{stats.dietaryCount}</p>
        <p className="admin-muted">{t("stats.dietaryCount", { count: stats.dietaryCount })}</p>
        {isLoadError(dietary) ? (
          <p role="alert">{t("toasts.loadStatsError", { message: dietary.error })}</p>
        ) : dietary && dietary.length > 0 ? (
          <ul className="dietary-list" aria-labelledby="stat-dietary">
            {dietary.map((note, i) => (
              <li key={i}>
                <strong>{note.guest}</strong>
                {note.guest !== note.primaryGuest ? <span className="admin-muted"> ({t("stats.dietaryInvitation", { name: note.primaryGuest })})</span> : null}
                {": "}
                {note.dietary}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}
