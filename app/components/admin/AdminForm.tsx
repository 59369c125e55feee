import type { FormProps } from "@remix-run/react";
import type { ReactNode } from "react";
import { useHydrated } from "~/components/confirm/useHydrated";
import type { AdminAction } from "./useAdminFetcher";

/**
 * Every admin form: posts to /admin with its `intent` (and `_js=1` once scripted, so the action
 * answers data instead of a redirect) through the fetcher of `useAdminAction(intent)`, whose
 * `result` is the typed answer.
 */
export function AdminForm({ action, children, ...props }: { action: AdminAction; children: ReactNode } & Omit<FormProps, "method" | "action">) {
  const hydrated = useHydrated();
  const { fetcher, intent } = action;
  return (
    <fetcher.Form method="post" {...props}>
      <input type="hidden" name="intent" value={intent} />
      {hydrated ? <input type="hidden" name="_js" value="1" /> : null}
      {children}
    </fetcher.Form>
  );
}
