import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminScreenError } from "~/components/admin/AdminScreenError";
import { ContentField, PairField } from "~/components/admin/ContentEditor";
import { ContentRows, ContentScreen } from "~/components/admin/ContentRows";
import { contentRowsAction, contentRowsLoader } from "~/http/admin/content-extras.server";
import { CONTENT_LIMITS, EXTRAS_LIMITS, type GiftsContent } from "~/lib/content-schemas";

/** 'Regalos' (/admin/content/gifts): a bank transfer, a Yappy number, registry links and a note; empty ones are not shown. */
export const loader = contentRowsLoader("gifts");

export const action = contentRowsAction("gifts");

export const ErrorBoundary = AdminScreenError;

export default function GiftsScreen() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("contentExtras");
  if (!data) return null;
  const { value } = data;
  return (
    <ContentScreen section="gifts" version={value}>
      <p className="admin-muted">{t("admin.emptyHidden")}</p>
      <fieldset className="content-group">
        <legend>{t("admin.gifts.bankTitle")}</legend>
        <div className="content-pair">
          <ContentField name="bank.bank" label={t("admin.gifts.bank")} saved={value.bank.bank} max={CONTENT_LIMITS.name} />
          <ContentField name="bank.holder" label={t("admin.gifts.holder")} saved={value.bank.holder} max={CONTENT_LIMITS.name} />
        </div>
        <PairField name="bank.accountType" label={t("admin.gifts.accountType")} saved={value.bank.accountType} max={CONTENT_LIMITS.name} />
        <ContentField
          name="bank.accountNumber"
          label={t("admin.gifts.accountNumber")}
          description={t("admin.gifts.accountNumberHelp")}
          saved={value.bank.accountNumber}
          max={EXTRAS_LIMITS.accountNumber}
        />
      </fieldset>
      <ContentField name="yappy" label={t("admin.gifts.yappy")} description={t("admin.gifts.yappyHelp")} type="tel" saved={value.yappy} max={30} />
      <fieldset className="content-group">
        <legend>{t("admin.gifts.registriesTitle")}</legend>
        <ContentRows<GiftsContent["registries"][number]>
          list="registries"
          saved={value.registries}
          max={EXTRAS_LIMITS.registries}
          legend={(n) => t("admin.gifts.registry", { n })}
          addLabel={t("admin.gifts.addRegistry")}
          removeLabel={(n) => t("admin.gifts.removeRegistry", { n })}
          renderRow={(prefix, saved) => (
            <div className="content-pair">
              <ContentField name={`${prefix}.name`} label={t("admin.gifts.registryName")} saved={saved?.name} max={CONTENT_LIMITS.name} />
              <ContentField name={`${prefix}.url`} label={t("admin.gifts.registryUrl")} saved={saved?.url} max={CONTENT_LIMITS.text} />
            </div>
          )}
        />
      </fieldset>
      <PairField name="note" label={t("admin.gifts.note")} saved={value.note} multiline max={CONTENT_LIMITS.text} />
    </ContentScreen>
  );
}
