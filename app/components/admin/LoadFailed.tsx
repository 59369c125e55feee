import { notifications } from "@mantine/notifications";
import { Form, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/**
 * A list or figures that could not be loaded: the screen's error message in place (and as a toast), and
 * 'Reintentar', a GET of the same screen (without JavaScript, the page again).
 */
export function LoadFailed({ message }: { message: string }) {
  const { t } = useTranslation("dashboard");
  const { pathname } = useLocation();
  useEffect(() => {
    notifications.show({ color: "red", message });
  }, [message]);
  return (
    <div className="admin-error" role="alert">
      <p>{message}</p>
      <Form method="get" action={pathname}>
        <button type="submit" className="button secondary">
          {t("stats.retry")}
        </button>
      </Form>
    </div>
  );
}
