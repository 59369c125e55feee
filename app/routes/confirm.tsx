import "~/styles/confirm.css";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { notifications } from "@mantine/notifications";
import { useFetcher, useLoaderData, useRevalidator, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CodeForm } from "~/components/confirm/CodeForm";
import { MantineRoot } from "~/components/MantineRoot";
import { ConfirmedView } from "~/components/confirm/ConfirmedView";
import { DECLINE_FETCHER, DeclineStep } from "~/components/confirm/DeclineAction";
import { DeclinedView } from "~/components/confirm/DeclinedView";
import { ExpiredView } from "~/components/confirm/ExpiredView";
import { CONFIRM_FETCHER, InvitationView } from "~/components/confirm/InvitationView";
import { CONFETTI } from "~/lib/constants";
import { isRsvpOpen } from "~/lib/rsvp";
import { config } from "~/infra/config.server";
import { handleConfirmAction, loadConfirmPage } from "~/http/confirm-page.server";
import { pageTexts } from "~/infra/i18n.server";
import { showsToasts } from "~/components/layout/useToastsRequested";

/**
 * Its page shows toasts: the root watches for them (useToastsRequested). A guest's page is served
 * from a template of its kind, with the guest's own texts put in (infra/page-template.server.ts).
 */
export const handle = { ...showsToasts, pageTemplate: true };

export const meta: MetaFunction = () => [{ title: "RSVP · Valeria & Sebastián" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { invitation, headers } = await loadConfirmPage(request);
  const deadline = config().RSVP_DEADLINE;
  return data(
    {
      invitation,
      deadline,
      rsvpOpen: isRsvpOpen(deadline),
      /** The page's texts (decision 0014); FormErrors shows confirm's keys. */
      i18n: await pageTexts(request, "confirm"),
    },
    { headers },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleConfirmAction(request, context);
}

/**
 * A valid code sent by script is not followed by a reload of this page's data: the code form
 * stays to show '¡Código válido!' and 'Cargando invitación...', then navigates to /confirm
 * itself after the spec's 100 ms (replacing the history entry), which loads the invitation.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, actionResult, defaultShouldRevalidate }) => {
  if (formData?.get("intent") === "verify" && (actionResult as { outcome?: string } | undefined)?.outcome === "valid") return false;
  return defaultShouldRevalidate;
};

function burstConfetti() {
  void import("canvas-confetti").then(({ default: confetti }) => confetti({ ...CONFETTI, origin: { ...CONFETTI.origin }, disableForReducedMotion: true }));
}

/**
 * After an answer sent by script: thanks toast and confetti for a "yes", a note for a "no", and
 * for a stale tab (answered already the other way) the stored answer, reloaded; refetch the
 * invitation on window focus.
 */
function useConfirmEffects() {
  const { t } = useTranslation("confirm");
  const fetcher = useFetcher<typeof action>({ key: CONFIRM_FETCHER });
  const declineFetcher = useFetcher<typeof action>({ key: DECLINE_FETCHER });
  const revalidator = useRevalidator();
  const handled = useRef<unknown[]>([]);
  useEffect(() => {
    for (const result of [fetcher.data, declineFetcher.data]) {
      if (!result || handled.current.includes(result)) continue;
      handled.current = [...handled.current.slice(-3), result];
      if (result.outcome === "confirmed") {
        notifications.show({ color: "green", message: t("toasts.thanks") });
        burstConfetti();
      } else if (result.outcome === "declined") {
        notifications.show({ color: "blue", message: t("toasts.declined") });
      } else if (result.outcome === "alreadyAnswered") {
        notifications.show({ color: "blue", message: t("form.alreadyAnswered") });
        // A 409 is not followed by a reload of the page's data: ask for the stored answer.
        revalidator.revalidate();
      } else if (result.outcome === "failed") {
        notifications.show({ color: "red", message: t("toasts.confirmError") });
      }
    }
  }, [fetcher.data, declineFetcher.data, t, revalidator]);
  useEffect(() => {
    const onFocus = () => {
      if (revalidator.state === "idle") revalidator.revalidate();
    };
    window.addEventListener("focus", onFocus);
    return () => window.removeEventListener("focus", onFocus);
  }, [revalidator]);
}

function ConfirmPageContent() {
  const { invitation, deadline, rsvpOpen } = useLoaderData<typeof loader>();
  const { t } = useTranslation("confirm");
  const [params] = useSearchParams();
  useConfirmEffects();
  // The server decides first; once the page runs, the guest's own clock closes it too (spec section 5).
  const [open, setOpen] = useState(rsvpOpen);
  useEffect(() => setOpen(rsvpOpen && isRsvpOpen(deadline)), [rsvpOpen, deadline]);

  let view: React.ReactNode;
  if (invitation?.status === "confirmed") view = <ConfirmedView invitation={invitation} />;
  else if (invitation?.status === "declined") view = <DeclinedView />;
  else if (!open) view = <ExpiredView deadline={deadline} />;
  else if (invitation && params.get("step") === "decline") view = <DeclineStep />;
  else if (invitation) view = <InvitationView invitation={invitation} deadline={deadline} />;
  else view = <CodeForm />;

  return (
    <section className="page narrow confirm-page" aria-label={t("title")}>
      {view}
    </section>
  );
}

export default function ConfirmPage() {
  return (
    <MantineRoot>
      <ConfirmPageContent />
    </MantineRoot>
  );
}
