import { notifications } from "@mantine/notifications";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { Toast } from "~/infra/session.server";

const colors = { success: "green", error: "red", info: "blue" } as const;

/** A message carried across a redirect: a toast with JavaScript, an inline alert without. */
export function FlashToast({ toast }: { toast: Toast | null }) {
  const { t } = useTranslation();
  const message = toast ? t(toast.key, toast.values) : null;
  useEffect(() => {
    if (toast && message) notifications.show({ message, color: colors[toast.kind] });
  }, [toast, message]);
  if (!toast || !message) return null;
  // Without JavaScript the message shows inline at the top of the page instead.
  return (
    <div className={`flash flash-${toast.kind} no-js-only`} role={toast.kind === "error" ? "alert" : "status"}>
      {message}
    </div>
  );
}
