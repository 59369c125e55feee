import { notifications } from "@mantine/notifications";
import type { ToastKind } from "~/infra/session.server";

const colors = { success: "green", error: "red", info: "blue" } as const;

/** Shows a message carried across a redirect as a toast (Mantine's notifications, loaded with it). */
export function showToast(toast: { kind: ToastKind; message: string }) {
  notifications.show({ message: toast.message, color: colors[toast.kind] });
}
