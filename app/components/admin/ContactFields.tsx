import { TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "@remix-run/react";
import { MAX_PHONE_INPUT_LENGTH } from "~/lib/contacts";
import { MAX_EMAIL_LENGTH } from "~/lib/email";

/**
 * An invitation's optional contacts, in Crear and 'Editar Invitación': 'Teléfono (WhatsApp)' and
 * 'Correo electrónico'. The server checks them (app/lib/contacts.ts); the browser only helps.
 */
export function ContactFields({ phone, email, size }: { phone?: string | null; email?: string | null; size?: "md" }) {
  const { t } = useTranslation("reminders");
  const admin = useRouteLoaderData("routes/admin") as { defaultPhoneCountry?: string } | undefined;
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
        description={t("contacts.emailHint")}
        defaultValue={email ?? ""}
        maxLength={MAX_EMAIL_LENGTH}
        size={size}
      />
    </>
  );
}
