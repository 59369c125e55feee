import "~/styles/door.css";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/components/confirm/useHydrated";
import { arrivalTime } from "~/lib/door";
import { dishName } from "~/lib/menu";
import type { DoorInvitation } from "~/models/door.server";
import { DEFAULT_LANGUAGE, type Language } from "~/lib/constants";
import type doorEs from "~/locales/es/door.json";
import { coupleNamesIn, type RootData } from "~/root";
import { QrScan } from "./QrScan";
import { doorAction, loadDoor, type DoorActionData } from "./recepcion.server";

/** A screen of its own, phone-first: no header, footer or music (the root leaves them out for `bare` pages). */
export const handle = { bare: true };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const root = matches.find((m) => m.id === "root")?.data as RootData | undefined;
  const lang: Language = root?.lang === "en" ? "en" : DEFAULT_LANGUAGE;
  const title = (data?.i18n[lang]?.door as typeof doorEs | undefined)?.metaTitle ?? "Recepción";
  return [{ title: `${title} · ${coupleNamesIn(matches)}` }, { name: "robots", content: "noindex" }];
};

export async function loader({ request }: LoaderFunctionArgs) {
  return loadDoor(request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return doorAction(request, context);
}

/**
 * 'Recepción' (decision 0061): the door key's form, or the search, each person's arrival and the
 * counts. Plain forms throughout (GET search, POST marks), so it works without JavaScript; with
 * it, the counts are asked for every few seconds and the page refreshed when another phone marks.
 */
export default function DoorPage() {
  const loaded = useLoaderData<typeof loader>();
  return <main className="door">{loaded.signedIn ? <DoorScreen /> : <DoorLogin />}</main>;
}

function DoorLogin() {
  const { t } = useTranslation("door");
  const answer = useActionData<DoorActionData>();
  const busy = useNavigation().state === "submitting";
  return (
    <section className="card door-login" aria-labelledby="door-login-title">
      <h1 id="door-login-title">{t("login.title")}</h1>
      <p>{t("login.description")}</p>
      <Form method="post" className="door-form">
        <input type="hidden" name="intent" value="login" />
        <label htmlFor="door-key">{t("login.key")}</label>
        <input
          id="door-key"
          name="key"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={answer ? true : undefined}
          aria-describedby={answer ? "door-login-error" : undefined}
        />
        {answer ? (
          <p id="door-login-error" role="alert" className="form-error">
            {t(answer.error, { minutes: answer.minutes ?? 10 })}
          </p>
        ) : null}
        <button type="submit" className="button primary" disabled={busy}>
          {t("login.submit")}
        </button>
      </Form>
    </section>
  );
}

type SignedIn = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { signedIn: true }>;

function DoorScreen() {
  const { t } = useTranslation("door");
  const loaded = useLoaderData<typeof loader>() as SignedIn;
  const answer = useActionData<DoorActionData>();
  const hydrated = useHydrated();
  useCountsPoll(loaded.counts, loaded.pollMs);
  return (
    <>
      <header className="door-header">
        <h1>{t("title")}</h1>
        <p className="door-counts" role="status" aria-live="polite">
          {t("counts", { arrived: loaded.counts.arrived, confirmed: loaded.counts.confirmed })}
        </p>
        <Form method="post">
          <input type="hidden" name="intent" value="logout" />
          <button type="submit" className="button secondary small">
            {t("logout")}
          </button>
        </Form>
      </header>
      <Form method="get" className="door-search" role="search">
        <label htmlFor="door-q">{t("search.label")}</label>
        <div className="door-search-row">
          <input id="door-q" name="q" type="search" defaultValue={loaded.q} key={loaded.q} placeholder={t("search.placeholder")} autoComplete="off" />
          <button type="submit" className="button primary">
            {t("search.submit")}
          </button>
        </div>
        <p className="door-hint">{t("search.hint")}</p>
      </Form>
      {hydrated ? <QrScan /> : null}
      {answer ? (
        <p role="alert" className="form-error">
          {t(answer.error)}
        </p>
      ) : null}
      {loaded.q && loaded.results.length === 0 ? <p className="door-empty">{t("search.none", { q: loaded.q })}</p> : null}
      {loaded.results.map((invitation) => (
        <InvitationCard key={invitation.id} invitation={invitation} q={loaded.q} timeZone={loaded.timeZone} />
      ))}
    </>
  );
}

function InvitationCard({ invitation, q, timeZone }: { invitation: DoorInvitation; q: string; timeZone: string }) {
  const { t, i18n } = useTranslation("door");
  const busy = useNavigation().state !== "idle";
  const titleId = `door-invitation-${invitation.id}`;
  return (
    <section className="card door-invitation" aria-labelledby={titleId}>
      <h2 id={titleId}>{t("invitation", { name: invitation.primaryGuest })}</h2>
      <ul>
        {invitation.people.map((person) => (
          <li key={person.id} className={person.arrivedAt ? "door-person arrived" : "door-person"}>
            <div className="door-person-text">
              <strong>{person.name}</strong>
              {person.table ? <span>{t("table", { name: person.table })}</span> : null}
              {person.dish ? <span>{t("dish", { name: dishName(person.dish, i18n.language) })}</span> : null}
            </div>
            <Form method="post" preventScrollReset className="door-person-action">
              <input type="hidden" name="intent" value={person.arrivedAt ? "undo" : "mark"} />
              <input type="hidden" name="guest" value={person.id} />
              <input type="hidden" name="q" value={q} />
              {person.arrivedAt ? (
                <>
                  <span className="door-arrived">{t("arrivedAt", { time: arrivalTime(person.arrivedAt, timeZone, i18n.language) })}</span>
                  <button type="submit" className="button secondary small" disabled={busy}>
                    {t("undo")}
                  </button>
                </>
              ) : (
                <button type="submit" className="button primary" disabled={busy}>
                  {t("mark")}
                </button>
              )}
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Every few seconds (while the page is shown) the counts are asked for (GET /recepcion.json, which
 * changes nothing); when they differ from the page's, another phone marked someone: the page's
 * data is loaded again, counts and people both.
 */
function useCountsPoll(counts: { arrived: number; confirmed: number }, pollMs: number) {
  const revalidator = useRevalidator();
  // The latest revalidator, read at each tick (its object changes with every render).
  const latest = useRef(revalidator);
  latest.current = revalidator;
  const { arrived, confirmed } = counts;
  useEffect(() => {
    let stopped = false;
    const tick = async () => {
      if (document.visibilityState !== "visible" || latest.current.state !== "idle") return;
      try {
        const res = await fetch("/recepcion.json", { cache: "no-store", credentials: "same-origin" });
        if (!res.ok || stopped) return;
        const now = (await res.json()) as { arrived: number; confirmed: number };
        if (now.arrived !== arrived || now.confirmed !== confirmed) latest.current.revalidate();
      } catch {
        /* offline for a moment: the next tick asks again */
      }
    };
    const timer = window.setInterval(() => void tick(), pollMs);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [arrived, confirmed, pollMs]);
}
