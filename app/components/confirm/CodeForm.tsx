import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Button, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useActionData, useFetcher, useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { REDIRECT_AFTER_VALID_CODE_MS } from "~/lib/constants";
import { verifyCodeSchema } from "~/lib/confirm-schemas";
import type { action } from "~/routes/confirm";
import { FormErrors } from "./FormErrors";
import { useHydrated } from "./useHydrated";

export const VERIFY_FETCHER = "verify-code";

/** Step 1: the guest types the code from the invitation. */
export function CodeForm() {
  const { t } = useTranslation("confirm");
  const fetcher = useFetcher<typeof action>({ key: VERIFY_FETCHER });
  const actionData = useActionData<typeof action>(); // the no-JavaScript post
  const result = fetcher.data ?? actionData;
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [redirecting, setRedirecting] = useState(false);
  const busy = fetcher.state !== "idle";
  // Without JavaScript a refused code comes back in a new page, typed as it was, to be corrected.
  // Typed by hand: Remix's serialised type of a string record is {}.
  const kept = (actionData && "values" in actionData ? actionData.values : undefined) as Record<string, string | undefined> | undefined;

  const [form, fields] = useForm({
    id: "verify-code",
    defaultValue: { code: kept?.code },
    lastResult: busy ? undefined : result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: verifyCodeSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  useEffect(() => {
    if (!fetcher.data || fetcher.state !== "idle") return;
    if (fetcher.data.outcome === "valid") {
      notifications.show({ color: "green", message: t("toasts.validCode") });
      setRedirecting(true);
      // The spec's short pause, then /confirm again with the history entry replaced.
      const timer = setTimeout(() => navigate("/confirm", { replace: true }), REDIRECT_AFTER_VALID_CODE_MS);
      return () => clearTimeout(timer);
    }
    if (fetcher.data.outcome === "failed") {
      notifications.show({ color: "red", message: t("toasts.validateError") });
    }
  }, [fetcher.data, fetcher.state, navigate, t]);

  if (redirecting) {
    return (
      <div className="card center" role="status">
        <p>{t("loading")}</p>
      </div>
    );
  }

  const errors = [...(form.errors ?? []), ...(fields.code.errors ?? [])];
  return (
    <div className="card">
      <h1 className="confirm-title">{t("title")}</h1>
      <p className="confirm-prompt">{t("prompt")}</p>
      <fetcher.Form method="post" {...getFormProps(form)} className="confirm-form">
        <input type="hidden" name="intent" value="verify" />
        {hydrated ? <input type="hidden" name="_js" value="1" /> : null}
        <TextInput
          {...getInputProps(fields.code, { type: "text" })}
          key={fields.code.key}
          label={t("form.codeLabel")}
          placeholder={t("form.codePlaceholder")}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          size="md"
          error={errors.length ? <FormErrors id={fields.code.errorId} errors={errors} minutes={result?.retryAfterMinutes} /> : undefined}
        />
        <Button type="submit" size="md" fullWidth loading={false} disabled={busy}>
          {busy ? t("form.verifying") : t("form.verify")}
        </Button>
      </fetcher.Form>
    </div>
  );
}
