import { notifications } from "@mantine/notifications";
import { useEffect } from "react";
import type { ToastKind } from "~/infra/session.server";

const colors = { success: "green", error: "red", info: "blue" } as const;

/** A message carried across a redirect: a toast with JavaScript, an inline alert without. */
export function FlashToast({ toast }: { toast: { kind: ToastKind; message: string } | null }) {
  const message = toast?.message ?? null;
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
