import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { notifications } from "@mantine/notifications";
import { useFetcher, useLoaderData, useRevalidator, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CodeForm } from "./CodeForm";
import { EventsList } from "~/components/events/EventsList";
import { MantineRoot } from "~/components/MantineRoot";
import { ConfirmedView } from "./ConfirmedView";
import { DECLINE_FETCHER, DeclineStep } from "./DeclineAction";
import { DeclinedView } from "./DeclinedView";
import { ExpiredView } from "./ExpiredView";
import { CONFIRM_FETCHER, InvitationView } from "./InvitationView";
import { CONFETTI, DEFAULT_LANGUAGE, REDIRECT_AFTER_VALID_CODE_MS, type Language } from "~/lib/constants";
import { isRsvpOpen } from "~/lib/rsvp";
import { weddingDates } from "~/models/content-dates.server";
import { loadMenuOptions } from "~/models/menu.server";
import { answerFormValues, handleConfirmAction, loadConfirmPage } from "./confirm.server";
import { canChangeAnswer } from "~/lib/answer-change";
import { pageTexts } from "~/infra/i18n.server";
import { showsToasts } from "~/components/layout/useToastsRequested";
import { routeCss } from "~/components/layout/InlineCss";
import { coupleNamesIn, type RootData } from "~/root";
import type confirmEs from "~/locales/es/confirm.json";

/**
 * Its page shows toasts: the root watches for them (useToastsRequested). A guest's page is kept
 * whole between their visits while what it shows is unchanged (http/guest-pages.server.ts). Its CSS
 * is in its HTML (no stylesheet to wait for before the first paint).
 */
const css = routeCss({ mantine: () => import("~/styles/mantine.css?inline"), confirm: () => import("~/styles/confirm.css?inline") });
export const handle = { ...showsToasts, guestPageCache: true, inlineCss: css.names };
export const clientLoader = css.clientLoader;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const root = matches.find((m) => m.id === "root")?.data as RootData | undefined;
  const lang: Language = root?.lang === "en" ? "en" : DEFAULT_LANGUAGE;
  const description = (data?.i18n[lang]?.confirm as typeof confirmEs | undefined)?.metaDescription;
  return [{ title: `RSVP · ${coupleNamesIn(matches)}` }, ...(description ? [{ name: "description", content: description }] : [])];
};

export async function loader({ request }: LoaderFunctionArgs) {
  const { invitation, events, questions, seating, headers, stored } = await loadConfirmPage(request);
  const { rsvpDeadline: deadline } = await weddingDates();
  // The couple's menu and children question, only when turned on: asked while pending, named once confirmed.
  const menu = invitation && invitation.status !== "declined" ? await loadMenuOptions() : null;
  // 'Cambiar mi respuesta' (decision 0062): a confirmed, editable answer before the deadline; `?step=edit` opens the form filled with it.
  const changeable =
    !!invitation &&
    !!menu &&
    canChangeAnswer(
      invitation.status,
      { events: events.map((e) => e.id), askMenu: menu.askMenu, askChildren: menu.askChildren, questions: questions.length },
      deadline,
    );
  const editing = changeable && stored && new URL(request.url).searchParams.get("step") === "edit" ? await answerFormValues(stored, questions) : null;
  return data(
    {
      invitation,
      events,
      questions,
      menu: menu && (menu.askMenu || menu.askChildren) ? menu : null,
      seating,
      deadline,
      rsvpOpen: isRsvpOpen(deadline),
      changeable,
      editing,
      /** The page's texts (decision 0014); FormErrors shows confirm's keys. */
      i18n: seating ? await pageTexts(request, "confirm", "events", "questions", "tables") : await pageTexts(request, "confirm", "events", "questions"),
    },
    { headers },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleConfirmAction(request, context);
}

/**
 * The page's script sends the forms through fetchers, to the same action as a plain post; a
 * valid code is answered with a redirect to /confirm, which waits a short pause
 * (REDIRECT_AFTER_VALID_CODE_MS) first, while 'Verificando...' shows.
 */
export async function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  const intent = (await request.clone().formData()).get("intent");
  try {
    return await serverAction<typeof action>();
  } catch (answer) {
    if (intent === "verify" && answer instanceof Response && answer.status >= 300 && answer.status < 400) {
      await new Promise((resolve) => setTimeout(resolve, REDIRECT_AFTER_VALID_CODE_MS));
    }
    throw answer;
  }
}

function burstConfetti() {
  void import("canvas-confetti").then(({ default: confetti }) => confetti({ ...CONFETTI, origin: { ...CONFETTI.origin }, disableForReducedMotion: true }));
}

/**
 * Runs `settled` with the answer once a fetcher's post (and the redirect it may have led to) is
 * done: its data, or undefined after a redirect.
 */
function useSettled(key: string, settled: (data: { outcome?: string | null } | undefined) => void) {
  const fetcher = useFetcher<typeof action>({ key });
  const sending = useRef(false);
  const latest = useRef(settled);
  latest.current = settled;
  useEffect(() => {
    if (fetcher.state !== "idle") sending.current = true;
    else if (sending.current) {
      sending.current = false;
      latest.current(fetcher.data);
    }
  }, [fetcher.state, fetcher.data]);
}

/**
 * After an answer sent by script: confetti for a "yes" (the answer's toast is the redirect's
 * flash, shown by the root), an error toast for a server error; the invitation is refetched on
 * window focus.
 */
function useConfirmEffects(status: string | undefined) {
  const { t } = useTranslation("confirm");
  const revalidator = useRevalidator();
  const failed = (data: { outcome?: string | null } | undefined) => {
    if (data?.outcome === "failed") notifications.show({ color: "red", message: t("toasts.confirmError") });
    return data?.outcome === "failed";
  };
  useSettled(CONFIRM_FETCHER, (data) => {
    if (!failed(data) && !data && status === "confirmed") burstConfetti();
  });
  useSettled(DECLINE_FETCHER, failed);
  useEffect(() => {
    const onFocus = () => {
      if (revalidator.state === "idle") revalidator.revalidate();
    };
    window.addEventListener("focus", onFocus);
    return () => window.removeEventListener("focus", onFocus);
  }, [revalidator]);
}

function ConfirmPageContent() {
  const { invitation, events, deadline, rsvpOpen, menu, changeable, editing, seating, questions } = useLoaderData<typeof loader>();
  const { t } = useTranslation("confirm");
  const [params] = useSearchParams();
  useConfirmEffects(invitation?.status);
  // The server decides first; once the page runs, the guest's own clock closes it too after the RSVP deadline.
  const [open, setOpen] = useState(rsvpOpen);
  useEffect(() => setOpen(rsvpOpen && isRsvpOpen(deadline)), [rsvpOpen, deadline]);

  let view: React.ReactNode;
  if (invitation?.status === "confirmed" && editing && open)
    view = <InvitationView invitation={invitation} deadline={deadline} events={events} menu={menu} questions={questions} stored={editing} />;
  else if (invitation?.status === "confirmed")
    view = <ConfirmedView invitation={invitation} menu={menu} seating={seating} changeUntil={changeable && open ? deadline : null} />;
  else if (invitation?.status === "declined") view = <DeclinedView />;
  else if (!open) view = <ExpiredView deadline={deadline} />;
  else if (invitation && params.get("step") === "decline") view = <DeclineStep />;
  else if (invitation) view = <InvitationView invitation={invitation} deadline={deadline} events={events} menu={menu} questions={questions} />;
  else view = <CodeForm />;

  return (
    <section className="page narrow confirm-page" aria-label={t("title")}>
      {view}
      {invitation ? <EventsList events={events} /> : null}
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
