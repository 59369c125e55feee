import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Button, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useActionData, useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { verifyCodeSchema } from "~/lib/confirm-schemas";
import type { action } from "./route";
import { FormErrors } from "~/components/confirm/FormErrors";

export const VERIFY_FETCHER = "verify-code";

/**
 * Step 1: the guest types the code from the invitation. One form, sent by the page's script once
 * it runs or as a plain post before (or without) it: a valid code is answered with /confirm and
 * '¡Código válido!', a refused one with its message and the code as typed (decision 0020). The
 * field is the browser's own (conform reads it, never sets it), so what is typed before the script
 * runs stays.
 */
export function CodeForm() {
  const { t } = useTranslation("confirm");
  const fetcher = useFetcher<typeof action>({ key: VERIFY_FETCHER });
  const actionData = useActionData<typeof action>(); // a plain post's answer
  const result = fetcher.data ?? actionData;
  const busy = fetcher.state !== "idle";

  const [form, fields] = useForm({
    id: "verify-code",
    // A plain post's refusal: conform puts the code as typed back in the field.
    lastResult: busy ? undefined : result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: verifyCodeSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.outcome === "failed") notifications.show({ color: "red", message: t("toasts.validateError") });
  }, [fetcher.data, fetcher.state, t]);

  // A valid code: the answer, a redirect (no data), leads to /confirm, whose invitation is loading.
  if (fetcher.state === "loading" && !fetcher.data) {
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
