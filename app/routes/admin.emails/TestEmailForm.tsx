import { Button, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { AdminForm } from "~/components/admin/AdminForm";
import { FormErrors } from "~/components/confirm/FormErrors";
import { useAdminAction } from "~/components/admin/useAdminFetcher";
import { MAX_EMAIL_LENGTH } from "~/lib/email";

/**
 * 'Enviar correo de prueba': an address, the button, and the mail server's answer in plain words
 * right under it (the same with and without JavaScript: the answer is the action's data).
 */
export function TestEmailForm() {
  const { t } = useTranslation("emails");
  const send = useAdminAction("sendTestEmail");
  const shown = send.result?.ok ? send.result.shown : undefined;
  const refused = send.result && !send.result.ok ? send.result : undefined;
  return (
    <section aria-labelledby="emails-test-title" className="card email-section">
      <h2 id="emails-test-title" className="admin-section-title">
        {t("test.title")}
      </h2>
      <p className="admin-muted">{t("test.intro")}</p>
      {/* noValidate: the server's message, in the page's language, is the one shown. */}
      <AdminForm action={send} className="admin-form email-test-form" noValidate>
        <TextInput
          name="to"
          type="email"
          label={t("test.address")}
          autoComplete="email"
          maxLength={MAX_EMAIL_LENGTH}
          size="md"
          aria-describedby={send.errors ? "test-email-errors" : undefined}
        />
        <FormErrors id="test-email-errors" errors={send.errors} minutes={refused?.retryAfterMinutes} />
        <Button type="submit" size="md" disabled={send.busy}>
          {send.busy ? t("test.sending") : t("test.send")}
        </Button>
      </AdminForm>
      {shown ? (
        <p className={`flash flash-${shown.kind} email-test-answer`} role={shown.kind === "error" ? "alert" : "status"}>
          {t(shown.key, shown.values)}
        </p>
      ) : null}
    </section>
  );
}
