import { notifications } from "@mantine/notifications";
import { useActionData, useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { errorsOf, type AdminActionData, type AdminIntent } from "~/lib/admin-schemas";
// Every admin action answers this one shape (app/http/admin/respond.server.ts); the layout's is one of them.
import type { action } from "~/routes/admin/route";

const colors = { success: "green", error: "red", info: "blue" } as const;

/**
 * A fetcher for admin forms that shows a failure's toast once, in the page's language.
 * (A success redirects: its toast comes back through the flash cookie and the root.)
 */
export function useAdminFetcher(key?: string) {
  const fetcher = useFetcher<typeof action>(key ? { key } : undefined);
  const { t } = useTranslation();
  const shown = useRef<unknown>(null);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || shown.current === result) return;
    shown.current = result;
    if (!result.ok && result.toast) notifications.show({ color: colors[result.toast.kind], message: t(result.toast.key, result.toast.values) });
  }, [fetcher.data, fetcher.state, t]);
  return fetcher;
}

/**
 * One admin form's fetcher and its latest refusal: the fetcher's answer, or (a plain post, sent
 * before the page's script ran or without it) the screen's action data when it answers this
 * intent. A success is a redirect, so it leaves no result. Read by <AdminForm>.
 */
export function useAdminAction(intent: AdminIntent, key?: string) {
  const fetcher = useAdminFetcher(key);
  const actionData: AdminActionData | undefined = useActionData<typeof action>();
  const plain = actionData?.intent === intent ? actionData : undefined;
  const busy = fetcher.state !== "idle";
  const result: AdminActionData | undefined = busy ? undefined : (fetcher.data ?? plain);
  return { intent, fetcher, result, busy, errors: errorsOf(result) };
}

export type AdminAction = ReturnType<typeof useAdminAction>;
