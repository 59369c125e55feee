import { Button, Switch } from "@mantine/core";
import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageCount } from "~/lib/pages";
import type { AdminWish } from "~/models/wishes.server";
import { AdminForm } from "~/components/admin/AdminForm";
import { ConfirmAction } from "~/components/admin/ConfirmAction";
import { useAdminAction } from "~/components/admin/useAdminFetcher";

/**
 * Mensajes: 'Revisar mensajes antes de publicar', then the wishes to review (a page at a time,
 * every one reachable by the page links, with 'Rechazar todos') and the published ones.
 */
export function WishesTab({
  review,
  pending,
  pendingTotal,
  published,
  page,
  perPage,
  newestPending,
}: {
  review: boolean;
  pending: AdminWish[];
  pendingTotal: number;
  published: AdminWish[];
  page: number;
  perPage: number;
  newestPending: number | null;
}) {
  const { t } = useTranslation("wishes");
  const pages = pageCount(pendingTotal, perPage);
  return (
    <div className="admin-wishes">
      <p>
        <Link to="/admin/gallery" className="button secondary small">
          {t("admin.back")}
        </Link>
      </p>
      <h2 className="admin-section-title">{t("admin.title")}</h2>
      <ReviewSwitch review={review} />
      <section aria-labelledby="wishes-pending-title">
        <h3 id="wishes-pending-title">{t("admin.pending", { count: pendingTotal })}</h3>
        {newestPending !== null && pendingTotal > 0 ? (
          <div className="section-actions">
            <ConfirmAction
              intent="rejectAllWishes"
              id={newestPending}
              prompt={t("admin.confirmRejectAll")}
              label={t("admin.rejectAllLabel")}
              className="button danger small"
            >
              {t("admin.rejectAll")}
            </ConfirmAction>
          </div>
        ) : null}
        {pending.length === 0 ? <p className="admin-empty">{t("admin.noPending")}</p> : <WishList wishes={pending} />}
        {pages > 1 ? <PageLinks page={page} pages={pages} /> : null}
      </section>
      <section aria-labelledby="wishes-published-title">
        <h3 id="wishes-published-title">{t("admin.published", { count: published.length })}</h3>
        {published.length === 0 ? <p className="admin-empty">{t("admin.noPublished")}</p> : <WishList wishes={published} />}
      </section>
    </div>
  );
}

function ReviewSwitch({ review }: { review: boolean }) {
  const { t } = useTranslation("wishes");
  const save = useAdminAction("setWishesReview");
  // Keyed by the location: after a save (a redirect) the switch shows the stored value.
  const formKey = useLocation().key;
  return (
    <AdminForm action={save} className="card admin-card admin-form" key={formKey}>
      <Switch name="review" label={t("admin.review")} description={t("admin.reviewHint")} defaultChecked={review} size="md" />
      <p className="admin-muted" role="status">
        {review ? t("admin.reviewOn") : t("admin.reviewOff")}
      </p>
      <Button type="submit" size="md" disabled={save.busy}>
        {t("admin.save")}
      </Button>
    </AdminForm>
  );
}

function WishList({ wishes }: { wishes: AdminWish[] }) {
  return (
    <ul className="admin-wish-list">
      {wishes.map((wish) => (
        <li key={wish.id} className="card admin-wish">
          <blockquote>
            <p>{wish.message}</p>
            <footer>— {wish.name}</footer>
          </blockquote>
          <div className="section-actions">{wish.status === "pending" ? <PendingActions wish={wish} /> : <DeleteAction wish={wish} />}</div>
        </li>
      ))}
    </ul>
  );
}

function Decision({
  intent,
  wish,
  label,
  text,
  danger,
}: {
  intent: "approveWish" | "rejectWish";
  wish: AdminWish;
  label: string;
  text: string;
  danger?: boolean;
}) {
  const decide = useAdminAction(intent, `${intent}-${wish.id}`);
  return (
    <AdminForm action={decide}>
      <input type="hidden" name="id" value={wish.id} />
      <button type="submit" className={danger ? "button danger small" : "button small"} aria-label={label} disabled={decide.busy}>
        {text}
      </button>
    </AdminForm>
  );
}

function PendingActions({ wish }: { wish: AdminWish }) {
  const { t } = useTranslation("wishes");
  return (
    <>
      <Decision intent="approveWish" wish={wish} label={t("admin.approveLabel", { name: wish.name })} text={t("admin.approve")} />
      <Decision intent="rejectWish" wish={wish} label={t("admin.rejectLabel", { name: wish.name })} text={t("admin.reject")} danger />
    </>
  );
}

function DeleteAction({ wish }: { wish: AdminWish }) {
  const { t } = useTranslation("wishes");
  return (
    <ConfirmAction
      intent="deleteWish"
      id={wish.id}
      name={wish.name}
      prompt={t("admin.confirmDelete", { name: wish.name })}
      label={t("admin.deleteLabel", { name: wish.name })}
      className="button danger small"
    >
      {t("admin.delete")}
    </ConfirmAction>
  );
}

/** Links to the other pages of pending wishes: plain links (`?page=N`), so they work without JavaScript. */
function PageLinks({ page, pages }: { page: number; pages: number }) {
  const { t } = useTranslation("wishes");
  const to = (n: number) => ({ search: n === 1 ? "" : `?page=${n}` });
  return (
    <nav aria-label={t("admin.pages")} className="section-actions">
      {page > 1 ? (
        <Link to={to(page - 1)} className="button secondary small" rel="prev">
          {t("admin.previousPage")}
        </Link>
      ) : null}
      <span className="admin-muted">{t("admin.pageOf", { page, pages })}</span>
      {page < pages ? (
        <Link to={to(page + 1)} className="button secondary small" rel="next">
          {t("admin.nextPage")}
        </Link>
      ) : null}
    </nav>
  );
}
