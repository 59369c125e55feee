import { Button, PasswordInput } from "@mantine/core";
import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormErrors } from "~/components/confirm/FormErrors";
import { STORAGE_KEYS } from "~/lib/constants";
import { AdminForm } from "./AdminForm";
import { useAdminAction } from "./useAdminFetcher";

/**
 * The locked state: a modal dialog that cannot be dismissed (nothing behind it to go back to).
 * Rendered by the server as well, so it works before JavaScript loads.
 */
export function AdminLogin() {
  const { t } = useTranslation("dashboard");
  const login = useAdminAction("login", "admin-login");
  const { result, errors, busy } = login;
  const [attempt, setAttempt] = useState(0);
  const [visible, setVisible] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const location = useLocation();

  useEffect(() => {
    // A stale "remembered" flag without a server session means nothing: forget it.
    try {
      sessionStorage.removeItem(STORAGE_KEYS.adminFlag);
    } catch {
      /* storage unavailable */
    }
  }, []);

  useEffect(() => {
    // Refused (a success redirects to the panel): the field is cleared (a fresh input) and focused again.
    if (result && !result.ok) setAttempt((n) => n + 1);
  }, [result]);

  useEffect(() => {
    input.current?.focus();
  }, [attempt]);

  return (
    <div className="admin-login-backdrop">
      <div className="admin-login card" role="dialog" aria-modal="true" aria-labelledby="admin-login-title">
        <h1 id="admin-login-title" className="admin-login-title">
          {t("login.title")}
        </h1>
        <p className="admin-muted">{t("login.description")}</p>
        <AdminForm action={login} className="admin-form">
          {/* Back to this admin page (a tab, its filters) once the session is open. */}
          <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
          <PasswordInput
            key={attempt}
            ref={input}
            name="password"
            label={t("login.password")}
            placeholder={t("login.passwordPlaceholder")}
            autoComplete="current-password"
            // The password field takes focus when the dialog opens.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
            size="md"
            visible={visible}
            onVisibilityChange={setVisible}
            visibilityToggleButtonProps={{ "aria-label": visible ? t("login.hidePassword") : t("login.showPassword") }}
            error={
              errors?.length ? (
                <FormErrors id="login-errors" errors={errors} minutes={result && !result.ok ? result.retryAfterMinutes : undefined} />
              ) : undefined
            }
          />
          <Button type="submit" size="md" fullWidth disabled={busy}>
            {busy ? t("login.submitting") : t("login.submit")}
          </Button>
        </AdminForm>
      </div>
    </div>
  );
}
