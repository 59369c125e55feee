import { Form, Link, useActionData, useLocation, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormErrors } from "~/components/confirm/FormErrors";
import { CONFIRM_PROMPTS, CONFIRMED_INTENTS, errorsOf, type AdminActionData, type ConfirmedIntent } from "~/lib/admin-schemas";
import type { action } from "~/routes/admin";

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
      {confirmIntent ? <ConfirmStep intent={confirmIntent} id={params.get("id") ?? ""} name={params.get("name") ?? ""} /> : null}
    </>
  );
}

/** The "are you sure?" page for a delete posted without JavaScript; 'No' goes back to the screen. */
function ConfirmStep({ intent, id, name }: { intent: ConfirmedIntent; id: string; name: string }) {
  const { t } = useTranslation("dashboard");
  const { pathname } = useLocation();
  return (
    <div className="card admin-confirm" role="alertdialog" aria-labelledby="confirm-step-title" aria-describedby="confirm-step-text">
      <h2 id="confirm-step-title">{t("confirm.title")}</h2>
      <p id="confirm-step-text">{t(CONFIRM_PROMPTS[intent], { name })}</p>
      <div className="admin-confirm-buttons">
        <Form method="post">
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="confirmed" value="yes" />
          <button type="submit" className="button danger">
            {t("confirm.yes")}
          </button>
        </Form>
        <Link to={pathname} className="button secondary">
          {t("confirm.no")}
        </Link>
      </div>
    </div>
  );
}
