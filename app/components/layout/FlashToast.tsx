import type { ToastKind } from "~/infra/session.server";

/**
 * A message carried across a redirect, inline at the top of the page for a browser without
 * JavaScript; with JavaScript the root shows it as a toast (`showToast`) instead.
 */
export function FlashToast({ toast }: { toast: { kind: ToastKind; message: string } }) {
  return (
    <div className={`flash flash-${toast.kind} no-js-only`} role={toast.kind === "error" ? "alert" : "status"}>
      {toast.message}
    </div>
  );
}
