import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminScreenError } from "~/components/admin/AdminScreenError";
import { ContentField, ContentForm, PairField } from "~/components/admin/ContentEditor";
import { ContentPictures } from "~/components/admin/ContentPictures";
import { contentSectionAction, contentSectionLoader } from "~/http/admin/content.server";
import { eventImage } from "~/lib/content-pictures";
import { CONTENT_LIMITS } from "~/lib/content-schemas";
import { DEFAULT_TIME_ZONE } from "~/lib/venue-time";
import { TimeZoneField } from "./TimeZoneField";

/** 'Pareja y fechas' (/admin/content/couple): names, dates and the venue's time zone, the venue, the map, ceremony and reception (and their photos). */
export const loader = contentSectionLoader("couple");

export const action = contentSectionAction("couple");

export const ErrorBoundary = AdminScreenError;

export default function CoupleScreen() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("content");
  const { t: tm } = useTranslation("contentMedia");
  if (!data) return null;
  const { value, setBy, effectiveDates, timeZones } = data;
  const zone = value.timeZone ?? DEFAULT_TIME_ZONE;
  const date = (field: "weddingDate" | "rsvpDeadline") => {
    const variable = setBy[field];
    return (
      <ContentField
        name={variable ? `${field}-fixed` : field}
        label={t(`couple.${field}`)}
        type="datetime-local"
        saved={variable ? effectiveDates[field] : value[field]}
        readOnly={Boolean(variable)}
        description={variable ? t("setBy", { variable }) : t("venueTime", { zone })}
      />
    );
  };
  return (
    <section className="card admin-card" aria-labelledby="content-couple-title">
      <h2 id="content-couple-title" className="admin-section-title">
        {t("nav.couple")}
      </h2>
      <ContentForm id="content-couple" version={value}>
        <ContentField name="names" label={t("couple.names")} description={t("couple.namesHelp")} saved={value.names} max={CONTENT_LIMITS.name} />
        <TimeZoneField saved={zone} zones={timeZones} />
        {date("weddingDate")}
        {date("rsvpDeadline")}
        <PairField name="venue" label={t("couple.venue")} saved={value.venue} max={CONTENT_LIMITS.title} />
        <PairField name="city" label={t("couple.city")} saved={value.city} max={CONTENT_LIMITS.title} />
        <div className="content-pair">
          <ContentField name="latitude" label={t("couple.latitude")} type="number" saved={value.latitude} />
          <ContentField name="longitude" label={t("couple.longitude")} type="number" saved={value.longitude} />
        </div>
        <div className="content-pair">
          <ContentField name="ceremonyStart" label={t("couple.ceremonyStart")} type="time" saved={value.ceremonyStart} />
          <ContentField name="ceremonyEnd" label={t("couple.ceremonyEnd")} type="time" saved={value.ceremonyEnd} />
        </div>
        <PairField name="ceremonyDescription" label={t("couple.ceremonyDescription")} saved={value.ceremonyDescription} multiline max={CONTENT_LIMITS.text} />
        <div className="content-pair">
          <ContentField name="receptionStart" label={t("couple.receptionStart")} type="time" saved={value.receptionStart} />
          <ContentField name="receptionEnd" label={t("couple.receptionEnd")} type="time" saved={value.receptionEnd} />
        </div>
        <PairField
          name="receptionDescription"
          label={t("couple.receptionDescription")}
          saved={value.receptionDescription}
          multiline
          max={CONTENT_LIMITS.text}
        />
      </ContentForm>
      <ContentPictures
        pictures={(["ceremony", "reception"] as const).map((event) => ({
          target: { section: "couple" as const, event },
          src: eventImage(value, event),
          label: tm(`pictures.${event}`),
          description: value[`${event}ImageDescription`],
        }))}
      />
    </section>
  );
}
