import { Form, Link, useActionData, useLocation, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormErrors } from "~/components/confirm/FormErrors";
import { CONFIRM_PROMPTS, CONFIRMED_INTENTS, errorsOf, type AdminActionData, type ConfirmedIntent } from "~/lib/admin-schemas";
import type { action } from "~/routes/admin/route";

/**
 * Above an admin screen: a refused plain post's message (forms that show their errors next to
 * their fields are left out: `ownForms`), and the "are you sure?" step of a delete posted
 * without JavaScript (`?confirm=…&id=…`).
 */
export function ScreenNotices({ ownForms = [] }: { ownForms?: readonly string[] }) {
  const actionData: AdminActionData | undefined = useActionData<typeof action>();
  const [params] = useSearchParams();
  const failed = actionData && !ownForms.includes(actionData.intent) ? errorsOf(actionData) : undefined;
  const confirmIntent = CONFIRMED_INTENTS.find((intent) => intent === params.get("confirm"));
  return (
    <>
      <FormErrors id="admin-errors" errors={failed} />
      {confirmIntent ? <ConfirmDeleteStep intent={confirmIntent} id={params.get("id") ?? ""} name={params.get("name") ?? ""} /> : null}
    </>
  );
}

/** The "are you sure?" page for a delete posted without JavaScript; 'No' goes back to the screen. */
function ConfirmDeleteStep({ intent, id, name }: { intent: ConfirmedIntent; id: string; name: string }) {
  const { t } = useTranslation("dashboard");
  return <ConfirmStep prompt={t(CONFIRM_PROMPTS[intent], { name })} fields={{ intent, id }} yes={t("confirm.yes")} no={t("confirm.no")} danger />;
}

/**
 * A question asked on its own page (an action posted without JavaScript): the form posts `fields`
 * with `confirmed=yes`; 'No' goes back to the screen without the step.
 */
export function ConfirmStep(props: { title?: string; prompt: string; fields: Record<string, string>; yes: string; no: string; danger?: boolean }) {
  const { t } = useTranslation("dashboard");
  const { pathname } = useLocation();
  return (
    <div className="card admin-confirm" role="alertdialog" aria-labelledby="confirm-step-title" aria-describedby="confirm-step-text">
      <h2 id="confirm-step-title">{props.title ?? t("confirm.title")}</h2>
      <p id="confirm-step-text">{props.prompt}</p>
      <div className="admin-confirm-buttons">
        <Form method="post">
          {Object.entries(props.fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name="confirmed" value="yes" />
          <button type="submit" className={props.danger ? "button danger" : "button"}>
            {props.yes}
          </button>
        </Form>
        <Link to={pathname} className="button secondary">
          {props.no}
        </Link>
      </div>
    </div>
  );
}
