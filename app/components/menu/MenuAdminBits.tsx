import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Dish, MenuCounts } from "~/lib/menu";

/** Beside a guest's name in Invitaciones: their dish ('Menú: Carne') and the child mark, when there are any. */
export function GuestMenuNote({ guest, dishes }: { guest: { dishId?: number | null; isChild?: boolean }; dishes: readonly Dish[] }) {
  const { t } = useTranslation("menu");
  const dish = dishes.find((d) => d.id === guest.dishId);
  return (
    <>
      {dish ? <span className="guest-dietary">{t("invitations.dish", { dish: dish.name })}</span> : null}
      {guest.isChild ? <span className="guest-dietary">{t("invitations.childNote")}</span> : null}
    </>
  );
}

/**
 * 'Por menú': a GET form (works without JavaScript) keeping the other filters, choosing the dish
 * whose invitations are listed.
 */
export function DishFilter({ dishes, current, keep }: { dishes: readonly Dish[]; current: string; keep: Record<string, string> }) {
  const { t } = useTranslation("menu");
  if (dishes.length === 0) return null;
  return (
    <Form method="get" className="invitation-search" preventScrollReset>
      {Object.entries(keep).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
      <label className="plain-field">
        <span>{t("invitations.byDish")}</span>
        <select name="dish" defaultValue={current} className="plain-select">
          <option value="">{t("invitations.anyDish")}</option>
          {dishes.map((d) => (
            <option key={d.id} value={String(d.id)}>
              {d.name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button secondary">
        {t("invitations.filter")}
      </button>
    </Form>
  );
}

/** Estadísticas: adults and children among the guests coming, and each dish's count. */
export function MenuStatsCard({ counts }: { counts: MenuCounts }) {
  const { t } = useTranslation("menu");
  return (
    <section className="card stat-card wide" aria-labelledby="stat-menu">
      <h2 id="stat-menu">{t("stats.title")}</h2>
      <p>
        {t("stats.adults")}: <strong>{counts.adults}</strong> · {t("stats.children")}: <strong>{counts.children}</strong>
      </p>
      {counts.dishes.length > 0 ? (
        <ul className="dietary-list" aria-label={t("report.dish")}>
          {counts.dishes.map((d) => (
            <li key={d.id}>
              {d.name}: {d.count}
            </li>
          ))}
          <li>
            {t("report.noDish")}: {counts.noDish}
          </li>
        </ul>
      ) : null}
    </section>
  );
}

/** 'Editar respuesta': each person's dish and child mark of a confirmed invitation (/admin/answers/{id}). */
export function EditAnswerLink({ invitationId }: { invitationId: number }) {
  const { t } = useTranslation("menu");
  return (
    <Link to={`/admin/answers/${invitationId}`} className="button secondary small">
      {t("answers.link")}
    </Link>
  );
}
