import { notifications } from "@mantine/notifications";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { action } from "~/routes/admin";

const colors = { success: "green", error: "red", info: "blue" } as const;

/**
 * A fetcher for admin forms that shows a failure's toast once, in the page's language.
 * (Success toasts come back through the flash cookie and the root.)
 */
export function useAdminFetcher(key?: string) {
  const fetcher = useFetcher<typeof action>(key ? { key } : undefined);
  const { t } = useTranslation();
  const shown = useRef<unknown>(null);
  useEffect(() => {
    const result = fetcher.data as { toast?: { kind: keyof typeof colors; key: string; values?: Record<string, string> } } | undefined;
    if (fetcher.state !== "idle" || !result || shown.current === result) return;
    shown.current = result;
    if (result.toast) notifications.show({ color: colors[result.toast.kind], message: t(result.toast.key, result.toast.values) });
  }, [fetcher.data, fetcher.state, t]);
  return fetcher;
}

/** conform-shaped form errors (translation keys) from an action result. */
export function formErrorsOf(result: unknown): string[] | undefined {
  const error = (result as { error?: Record<string, string[] | null> } | undefined)?.error;
  if (!error) return undefined;
  return Object.values(error).flatMap((v) => v ?? []);
}
