import "~/styles/setup.css";
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TooManyTries } from "~/components/setup/TooManyTries";
import type setupEs from "~/locales/es/setup.json";
import { CONTENT_LIMITS } from "~/lib/content-schemas";
import { handleSetup, loadSetupPage } from "./setup.server";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, setupSchema } from "./setup-schema";

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const texts = data ? (Object.values(data.i18n)[0]?.setup as typeof setupEs | undefined) : undefined;
  return [{ title: texts?.metaTitle ?? "" }, { name: "robots", content: "noindex" }];
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadSetupPage(request, context);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleSetup(request, context);
}

/** A field's messages (translation keys from the server or the browser's own check of the same schema). */
function Errors({ id, errors, minutes }: { id: string; errors?: string[]; minutes?: number }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <div id={id} className="form-error" role="alert">
      {errors.map((key) => (
        <p key={key}>{t(key, { min: MIN_PASSWORD_LENGTH, max: key.includes("names") ? CONTENT_LIMITS.name : MAX_PASSWORD_LENGTH, minutes: minutes || 10 })}</p>
      ))}
    </div>
  );
}

/** What Field reads of a conform field. */
interface FieldIds {
  id: string;
  errorId: string;
  descriptionId: string;
  errors?: string[];
}

function Field({ field, label, help, children }: { field: FieldIds; label: string; help?: string; children: React.ReactNode }) {
  return (
    <div className="setup-field">
      <label htmlFor={field.id}>{label}</label>
      {help ? (
        <p id={field.descriptionId} className="setup-help">
          {help}
        </p>
      ) : null}
      {children}
      <Errors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/**
 * 'Configura tu sitio': the first run, opened from the link the server printed at start. One plain
 * form (the page's script checks it first; without it the server does), fit for a phone.
 */
export default function SetupPage() {
  const { t } = useTranslation("setup");
  const loaded = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "setup",
    lastResult: busy ? undefined : (reply as SubmissionResult<string[]> | undefined),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: setupSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: { timeZone: loaded.form?.timeZone, weddingDate: loaded.form?.fixed.weddingDate, rsvpDeadline: loaded.form?.fixed.rsvpDeadline },
  });

  if (loaded.limitedMinutes !== null || !loaded.form) {
    return <TooManyTries title={t("title")} minutes={loaded.limitedMinutes} />;
  }
  const { fixed, timeZones } = loaded.form;
  const minutes = reply && "retryAfterMinutes" in reply ? reply.retryAfterMinutes : undefined;
  const described = (field: FieldIds, help: boolean) =>
    [help ? field.descriptionId : null, field.errors?.length ? field.errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <section className="page narrow setup-page" aria-labelledby="setup-title">
      <div className="card">
        <h1 id="setup-title">{t("title")}</h1>
        <p>{t("intro")}</p>
        <p className="setup-help">
          {t("restoreHelp")} <a href={`/setup/restore?token=${encodeURIComponent(loaded.token)}`}>{t("restoreLink")}</a>
        </p>
        <Form method="post" {...getFormProps(form)} className="setup-form">
          <Errors id={form.errorId} errors={form.errors} minutes={minutes} />
          <input type="hidden" name="token" value={loaded.token} />
          <Field field={fields.names} label={t("names")} help={t("namesHelp")}>
            <input
              {...getInputProps(fields.names, { type: "text", ariaDescribedBy: described(fields.names, true) })}
              key={fields.names.key}
              autoComplete="off"
              maxLength={CONTENT_LIMITS.name}
            />
          </Field>
          <Field field={fields.timeZone} label={t("timeZone")} help={t("timeZoneHelp")}>
            <select {...getSelectProps(fields.timeZone, { ariaDescribedBy: described(fields.timeZone, true) })} key={fields.timeZone.key}>
              {timeZones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </select>
          </Field>
          <Field field={fields.weddingDate} label={t("weddingDate")}>
            <input
              {...getInputProps(fields.weddingDate, { type: "datetime-local", ariaDescribedBy: described(fields.weddingDate, false) })}
              key={fields.weddingDate.key}
              readOnly={Boolean(fixed.weddingDate)}
            />
          </Field>
          <Field field={fields.rsvpDeadline} label={t("rsvpDeadline")}>
            <input
              {...getInputProps(fields.rsvpDeadline, { type: "datetime-local", ariaDescribedBy: described(fields.rsvpDeadline, false) })}
              key={fields.rsvpDeadline.key}
              readOnly={Boolean(fixed.rsvpDeadline)}
            />
          </Field>
          <Field field={fields.password} label={t("password")} help={t("passwordHelp", { min: MIN_PASSWORD_LENGTH })}>
            <input
              {...getInputProps(fields.password, { type: "password", ariaDescribedBy: described(fields.password, true) })}
              key={fields.password.key}
              autoComplete="new-password"
              maxLength={MAX_PASSWORD_LENGTH}
            />
          </Field>
          <Field field={fields.confirmPassword} label={t("confirmPassword")}>
            <input
              {...getInputProps(fields.confirmPassword, { type: "password", ariaDescribedBy: described(fields.confirmPassword, false) })}
              key={fields.confirmPassword.key}
              autoComplete="new-password"
              maxLength={MAX_PASSWORD_LENGTH}
            />
          </Field>
          <div className="setup-field">
            <label className="setup-check">
              <input type="checkbox" name="demo" value="on" defaultChecked={loaded.demo} aria-describedby="setup-demo-help" />
              <span>{t("demo")}</span>
            </label>
            <p id="setup-demo-help" className="setup-help">
              {t("demoHelp")}
            </p>
          </div>
          <button type="submit" className="button setup-submit" disabled={busy}>
            {busy ? t("submitting") : t("submit")}
          </button>
        </Form>
      </div>
    </section>
  );
}
