import type { FormProps } from "@remix-run/react";
import type { ReactNode } from "react";
import type { AdminAction } from "./useAdminFetcher";

/**
 * Every admin form: posts its `intent` to its screen's route through the fetcher of
 * `useAdminAction(intent)`, whose `result` is the typed answer. The server answers the same
 * whether this script or a plain form sent it (a failure as data, a success as a redirect with
 * its toast); the page keeps its scroll position either way it can.
 */
export function AdminForm({ action, children, ...props }: { action: AdminAction; children: ReactNode } & Omit<FormProps, "method" | "action">) {
  const { fetcher, intent } = action;
  return (
    <fetcher.Form method="post" preventScrollReset {...props}>
      <input type="hidden" name="intent" value={intent} />
      {children}
    </fetcher.Form>
  );
}
