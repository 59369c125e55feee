import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminScreenError } from "~/components/admin/AdminScreenError";
import { EmailOff } from "./EmailOff";
import { EmailsTab } from "./EmailsTab";
import { TestEmailForm } from "./TestEmailForm";
import { LoadFailed } from "~/components/admin/LoadFailed";
import { ScreenNotices } from "~/components/admin/ScreenNotices";
import { emailsScreen, loadEmailsScreen } from "~/http/admin/emails.server";
import { screenActionOf, screenLoader } from "~/http/admin/tab-action.server";
import { isLoadError } from "~/lib/admin-schemas";

/**
 * Correos (/admin/emails): with SMTP_URL, 'Enviar correo de prueba', every message's state and the
 * guests' e-mails to everyone after a confirmation; without it, what turns e-mail on.
 */
export const loader = screenLoader(loadEmailsScreen);

export const action = screenActionOf(emailsScreen);

export const ErrorBoundary = AdminScreenError;

export default function EmailsScreen() {
  const { t } = useTranslation("emails");
  const data = useLoaderData<typeof loader>();
  if (!data) return null; // locked: the layout shows the login instead
  if (data.off) return <EmailOff />;
  const { counts, messages } = data;
  return (
    <>
      <ScreenNotices ownForms={["sendTestEmail"]} />
      <TestEmailForm />
      {isLoadError(counts) || isLoadError(messages) ? <LoadFailed message={t("toasts.loadError")} /> : <EmailsTab counts={counts} messages={messages} />}
    </>
  );
}
