import { Button, Group, Modal } from "@mantine/core";
import { Form, Link, useLocation, useRouteLoaderData, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/components/confirm/useHydrated";
import type { SerializeFrom } from "@remix-run/node";
import type { loader } from "~/routes/admin/route";
import { useAdminAction } from "./useAdminFetcher";

const STEP = "removeDemoData";
type DemoData = NonNullable<SerializeFrom<typeof loader>["demoData"]>;

/**
 * While the first start's demo invitations or sections are still there (the /admin layout's
 * loader): a notice saying so, with 'Quitar los datos de ejemplo' behind a confirmation that names
 * what goes. With JavaScript the confirmation is a dialog (focus moves into it and back); without,
 * the button is a link to this screen's `?confirm=removeDemoData` step (a GET: it changes nothing),
 * whose form posts. Either way the post carries the ids the confirmation named, and the server
 * removes only those still demo data (decision 0054).
 */
export function DemoDataNotice() {
  const { t } = useTranslation("dashboard");
  const demo = useRouteLoaderData<typeof loader>("routes/admin")?.demoData;
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const remove = useAdminAction("removeDemoData");
  const [open, setOpen] = useState(false);
  const questions = demo?.questions ?? [];
  if (!demo || (demo.invitations.length === 0 && demo.sections.length === 0 && questions.length === 0)) return null;
  const fields = {
    invitations: demo.invitations.map((i) => i.id).join(","),
    answered: demo.invitations
      .filter((i) => i.status !== "pending")
      .map((i) => i.id)
      .join(","),
    sections: demo.sections.map((s) => s.id).join(","),
    questions: questions.map((q) => q.id).join(","),
  };
  const invitations = t("demoData.invitations", { count: demo.invitations.length });
  const sections = t("demoData.sections", { count: demo.sections.length });
  const summary =
    demo.invitations.length && demo.sections.length
      ? t("demoData.notice", { invitations, sections })
      : demo.invitations.length || demo.sections.length
        ? t("demoData.noticeOnly", { what: demo.invitations.length ? invitations : sections })
        : t("demoData.noticeOnly", { what: t("demoData.questions", { count: questions.length }) });
  return (
    <>
      <div className="card demo-banner demo-data" role="status">
        <p>{summary}</p>
        {hydrated ? (
          <button type="button" className="button danger" onClick={() => setOpen(true)} disabled={remove.busy}>
            {t("demoData.remove")}
          </button>
        ) : (
          <Link to={`?confirm=${STEP}`} className="button danger" preventScrollReset>
            {t("demoData.remove")}
          </Link>
        )}
      </div>
      {params.get("confirm") === STEP ? <ConfirmRemovalStep demo={demo} fields={fields} /> : null}
      <Modal opened={open} onClose={() => setOpen(false)} title={t("demoData.confirmTitle")} centered>
        <DemoDataList demo={demo} />
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setOpen(false)}>
            {t("demoData.no")}
          </Button>
          <Button
            // Shade 9: white text at 5.5:1 (shade 8 is a bare 4.5:1).
            color="red.9"
            data-autofocus
            onClick={() => {
              setOpen(false);
              remove.fetcher.submit({ intent: "removeDemoData", ...fields, confirmed: "yes" }, { method: "post", preventScrollReset: true });
            }}
          >
            {t("demoData.yes")}
          </Button>
        </Group>
      </Modal>
    </>
  );
}

/** What the removal deletes, named: each invitation with its seats (and its answer, if it has one), each section. */
function DemoDataList({ demo }: { demo: DemoData }) {
  const { t } = useTranslation("dashboard");
  return (
    <div className="demo-data-list">
      <p>{t("demoData.confirmIntro")}</p>
      {demo.invitations.length ? (
        <>
          <h3>{t("demoData.invitationsHeading")}</h3>
          <ul>
            {demo.invitations.map((i) => (
              <li key={i.id}>
                {i.primaryGuest} ({t("demoData.seats", { count: i.maxGuests })})
                {i.status === "pending" ? null : <strong> — {t(i.status === "confirmed" ? "demoData.answeredConfirmed" : "demoData.answeredDeclined")}</strong>}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {demo.questions?.length ? (
        <>
          <h3>{t("demoData.questionsHeading")}</h3>
          <ul>
            {demo.questions.map((q) => (
              <li key={q.id}>{q.text}</li>
            ))}
          </ul>
        </>
      ) : null}
      {demo.sections.length ? (
        <>
          <h3>{t("demoData.sectionsHeading")}</h3>
          <ul>
            {demo.sections.map((s) => (
              <li key={s.id}>{s.name}</li>
            ))}
          </ul>
        </>
      ) : null}
      <p className="admin-muted">{t("demoData.keepHint")}</p>
    </div>
  );
}

/** The confirmation on its own step (without JavaScript): the same list, the post, and 'Cancelar' back to the screen. */
function ConfirmRemovalStep({ demo, fields }: { demo: DemoData; fields: Record<string, string> }) {
  const { t } = useTranslation("dashboard");
  const { pathname } = useLocation();
  return (
    <div className="card admin-confirm" role="alertdialog" aria-labelledby="demo-data-step-title">
      <h2 id="demo-data-step-title">{t("demoData.confirmTitle")}</h2>
      <DemoDataList demo={demo} />
      <div className="admin-confirm-buttons">
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="removeDemoData" />
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name="confirmed" value="yes" />
          <button type="submit" className="button danger">
            {t("demoData.yes")}
          </button>
        </Form>
        <Link to={pathname} className="button secondary">
          {t("demoData.no")}
        </Link>
      </div>
    </div>
  );
}
