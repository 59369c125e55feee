import { useTranslation } from "react-i18next";
import { SafeImage } from "~/components/SafeImage";
import type { AdminIntent } from "~/lib/admin-schemas";
import type { UploadCeilings } from "~/models/ceilings.server";
import type { PendingSection } from "~/models/review.server";
import { AdminForm } from "~/components/admin/AdminForm";
import { useAdminAction } from "~/components/admin/useAdminFetcher";

/**
 * 'Por revisar': a warning while guests' photos are refused site-wide (the pending photos at their
 * ceiling, or the disk low), then each section's pending photos, with 'Aprobar' and 'Rechazar'
 * each and for all.
 */
export function ReviewTab({ sections, ceilings }: { sections: PendingSection[]; ceilings: UploadCeilings | null }) {
  const { t } = useTranslation("review");
  const total = sections.reduce((n, s) => n + s.photos.length, 0);
  return (
    <div className="admin-review">
      <h2 className="admin-section-title">{t("title", { count: total })}</h2>
      {ceilings?.diskLow ? (
        <p className="admin-warning" role="alert">
          {t("ceilings.diskLow", { free: ceilings.freeDiskMb ?? 0 })}
        </p>
      ) : null}
      {ceilings?.photosFull ? (
        <p className="admin-warning" role="alert">
          {t("ceilings.photosFull")}
        </p>
      ) : null}
      {sections.length === 0 ? <p className="admin-empty">{t("empty")}</p> : null}
      {sections.map((section) => (
        <section key={section.id} className="card admin-card" aria-labelledby={`review-section-${section.id}`}>
          <header className="section-card-header">
            <h3 id={`review-section-${section.id}`}>{section.name}</h3>
            <span className="badge badge-gray">{t("count", { count: section.photos.length })}</span>
          </header>
          <div className="section-actions">
            <DecisionButton intent="approveSection" id={section.id} label={t("approveAll")} detail={section.name} className="button small" />
            <DecisionButton intent="rejectSection" id={section.id} label={t("rejectAll")} detail={section.name} className="button danger small" />
          </div>
          <ul className="review-photos">
            {section.photos.map((photo) => (
              <li key={photo.id} className="review-photo">
                {photo.type === "VIDEO" ? (
                  // Played here before it is approved; nothing loads until the couple presses play.
                  // eslint-disable-next-line jsx-a11y/media-has-caption -- a guest's clip from a phone: no captions exist to offer
                  <video
                    controls
                    preload="none"
                    src={photo.public_url}
                    poster={photo.thumbnail_url ?? undefined}
                    className="review-thumb"
                    aria-label={photo.name}
                  />
                ) : (
                  <a href={photo.public_url} target="_blank" rel="noreferrer">
                    <SafeImage src={photo.thumbnail_url ?? photo.public_url} alt={photo.name} width={160} height={160} className="review-thumb" />
                  </a>
                )}
                <span className="review-uploader">{photo.uploader_name ?? t("noName")}</span>
                <div className="review-buttons">
                  <DecisionButton intent="approveMedia" id={photo.id} label={t("approve")} detail={photo.name} className="button small" />
                  <DecisionButton intent="rejectMedia" id={photo.id} label={t("reject")} detail={photo.name} className="button danger small" />
                </div>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** One decision as its own form (a plain post without JavaScript); `detail` names what it is about for screen readers. */
function DecisionButton(props: {
  intent: Extract<AdminIntent, `${string}Media` | `${string}Section`>;
  id: number;
  label: string;
  detail: string;
  className: string;
}) {
  const action = useAdminAction(props.intent);
  return (
    <AdminForm action={action}>
      <input type="hidden" name="id" value={props.id} />
      <button type="submit" className={props.className} disabled={action.busy}>
        {props.label}
        <span className="visually-hidden"> {props.detail}</span>
      </button>
    </AdminForm>
  );
}
