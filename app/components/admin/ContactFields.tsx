import { TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useRouteLoaderData } from "@remix-run/react";
import { MAX_PHONE_INPUT_LENGTH } from "~/lib/contacts";
import { MAX_EMAIL_LENGTH } from "~/lib/email";

/**
 * An invitation's optional contacts, in Crear and 'Editar Invitación': 'Teléfono (WhatsApp)' and
 * 'Correo electrónico'. The server checks them (app/lib/contacts.ts); the browser only helps.
 */
export function ContactFields({ phone, email, size }: { phone?: string | null; email?: string | null; size?: "md" }) {
  const { t } = useTranslation("reminders");
  const admin = useRouteLoaderData("routes/admin") as { defaultPhoneCountry?: string; email?: boolean } | undefined;
  return (
    <>
      <TextInput
        name="phone"
        type="tel"
        autoComplete="off"
        inputMode="tel"
        label={t("contacts.phone")}
        description={t("contacts.phoneHint", { country: admin?.defaultPhoneCountry ?? "507" })}
        defaultValue={phone ?? ""}
        maxLength={MAX_PHONE_INPUT_LENGTH}
        size={size}
      />
      <TextInput
        name="email"
        type="email"
        autoComplete="off"
        label={t("contacts.email")}
        // What the address is for; while the site sends no e-mail, that it waits for e-mail to be turned on, and where it is explained.
        description={
          admin?.email ? (
            t("contacts.emailHint")
          ) : (
            <>
              {t("contacts.emailHintOff")} <Link to="/admin/emails">{t("contacts.emailHowOn")}</Link>
            </>
          )
        }
        defaultValue={email ?? ""}
        maxLength={MAX_EMAIL_LENGTH}
        size={size}
      />
    </>
  );
}
