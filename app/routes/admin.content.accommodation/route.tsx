import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminScreenError } from "~/components/admin/AdminScreenError";
import { ContentField, ContentForm, PairField, RowControls } from "~/components/admin/ContentEditor";
import { contentSectionAction, contentSectionLoader } from "~/http/admin/content.server";
import { CONTENT_LIMITS } from "~/lib/content-schemas";

/** 'Alojamiento' (/admin/content/accommodation): apartments, check-in/out, the reservation contact and the notes. */
export const loader = contentSectionLoader("accommodation");

export const action = contentSectionAction("accommodation");

export const ErrorBoundary = AdminScreenError;

const EMPTY = { name: { es: "", en: "" }, beds: { es: "", en: "" }, firstNight: "", extraNight: "" };

export default function AccommodationScreen() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("content");
  if (!data) return null;
  const { value } = data;
  const rows = value.apartments.length < CONTENT_LIMITS.apartments ? [...value.apartments, EMPTY] : value.apartments;
  return (
    <section className="card admin-card" aria-labelledby="content-accommodation-title">
      <h2 id="content-accommodation-title" className="admin-section-title">
        {t("nav.accommodation")}
      </h2>
      <ContentForm id="content-accommodation" version={value}>
        <PairField name="intro" label={t("accommodation.intro")} saved={value.intro} multiline max={CONTENT_LIMITS.text} />
        <ContentField name="currency" label={t("accommodation.currency")} saved={value.currency} max={3} />
        <p className="admin-muted">{t("list.help")}</p>
        {rows.map((apartment, i) => {
          const added = i === value.apartments.length;
          return (
            <fieldset key={i} className="content-group">
              <legend>{added ? t("accommodation.new") : t("accommodation.apartment", { n: i + 1 })}</legend>
              <PairField name={`apartments[${i}].name`} label={t("accommodation.name")} saved={apartment.name} max={CONTENT_LIMITS.title} />
              <PairField name={`apartments[${i}].beds`} label={t("accommodation.beds")} saved={apartment.beds} max={CONTENT_LIMITS.title} />
              <div className="content-pair">
                <ContentField name={`apartments[${i}].firstNight`} label={t("accommodation.firstNight")} type="number" saved={apartment.firstNight} />
                <ContentField name={`apartments[${i}].extraNight`} label={t("accommodation.extraNight")} type="number" saved={apartment.extraNight} />
              </div>
              <RowControls name="apartments" index={i} removeLabel={added ? undefined : t("accommodation.removeApartment", { n: i + 1 })} />
            </fieldset>
          );
        })}
        <div className="content-pair">
          <ContentField name="checkIn" label={t("accommodation.checkIn")} type="time" saved={value.checkIn} />
          <ContentField name="checkOut" label={t("accommodation.checkOut")} type="time" saved={value.checkOut} />
        </div>
        <ContentField name="contactName" label={t("accommodation.contactName")} saved={value.contactName} max={CONTENT_LIMITS.name} />
        <PairField name="contactRole" label={t("accommodation.contactRole")} saved={value.contactRole} max={CONTENT_LIMITS.title} />
        <PairField name="contactText" label={t("accommodation.contactText")} saved={value.contactText} multiline max={CONTENT_LIMITS.text} />
        <div className="content-pair">
          <ContentField name="contactPhone" label={t("accommodation.contactPhone")} type="tel" saved={value.contactPhone} />
          <ContentField name="contactEmail" label={t("accommodation.contactEmail")} type="email" saved={value.contactEmail} />
        </div>
        <PairField name="importantNote" label={t("accommodation.importantNote")} saved={value.importantNote} multiline max={CONTENT_LIMITS.text} />
        <PairField name="availabilityNote" label={t("accommodation.availabilityNote")} saved={value.availabilityNote} multiline max={CONTENT_LIMITS.text} />
      </ContentForm>
    </section>
  );
}
