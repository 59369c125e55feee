import "~/styles/admin.css";
import { MantineRoot } from "~/components/MantineRoot";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { notifications } from "@mantine/notifications";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { AdminLogin } from "~/components/admin/AdminLogin";
import { CreateTab } from "~/components/admin/CreateTab";
import { GalleryTab } from "~/components/admin/GalleryTab";
import { InvitationsTab } from "~/components/admin/InvitationsTab";
import { StatsTab } from "~/components/admin/StatsTab";
import { FormErrors } from "~/components/confirm/FormErrors";
import {
  ADMIN_TABS,
  CONFIRM_PROMPTS,
  CONFIRMED_INTENTS,
  errorsOf,
  isAdminTab,
  isLoadError,
  TAB_OF_INTENT,
  type AdminActionData,
  type AdminTab,
  type ConfirmedIntent,
} from "~/lib/admin-schemas";
import { STORAGE_KEYS, SUPPORTED_LANGUAGES } from "~/lib/constants";
import { handleAdminAction, loadAdmin } from "~/http/admin-page.server";
import { publicBaseUrl } from "~/http/public-url.server";
import { adminLoginTexts, textsIn } from "~/infra/i18n.server";
import { showsToasts } from "~/components/layout/useToastsRequested";

/** Its page shows toasts: the root watches for them (useToastsRequested). */
export const handle = showsToasts;

export const meta: MetaFunction = () => [{ title: "Admin · Valeria & Sebastián" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  // publicUrl: the base of personal links for 'Compartir' (ShareInvitation).
  const page = await loadAdmin(request);
  // i18n: the page's texts (decision 0014), both languages (share texts and cards use each invitation's).
  const i18n = page.authenticated ? textsIn(SUPPORTED_LANGUAGES, ["dashboard", "gallery"]) : await adminLoginTexts(request);
  return { ...page, publicUrl: publicBaseUrl(request), i18n };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleAdminAction(request, context);
}

function AdminPageContent() {
  const data = useLoaderData<typeof loader>();
  if (!data.authenticated) return <AdminLogin />;
  return <AdminPanel data={data} />;
}

type PanelData = Extract<Awaited<ReturnType<typeof loadAdmin>>, { authenticated: true }>;

function AdminPanel({ data }: { data: PanelData }) {
  const { t } = useTranslation("dashboard");
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const tab = data.tab;
  // With JavaScript, a tab link is a client navigation: the new tab shows its loading text
  // until its data arrives.
  const target =
    navigation.state === "loading" && navigation.location.pathname === "/admin" ? new URLSearchParams(navigation.location.search).get("tab") : null;
  const pendingTab: AdminTab | null =
    navigation.state === "loading" && navigation.location.pathname === "/admin" ? (isAdminTab(target) ? target : "stats") : null;
  const shownTab = pendingTab ?? tab;
  const loading = pendingTab !== null && pendingTab !== tab;
  const confirm = params.get("confirm");
  const confirmIntent = CONFIRMED_INTENTS.find((intent) => intent === confirm);
  const editId = Number(params.get("edit")) || null;
  // A plain (no-JavaScript) post that failed: its message at the top of the panel.
  const actionData: AdminActionData | undefined = useActionData<typeof action>();
  // Forms that show their own errors next to their fields.
  const ownForms = ["login", "createInvitation", "editInvitation", "createSection", "editSection"];
  const failed = actionData && !ownForms.includes(actionData.intent) ? errorsOf(actionData) : undefined;

  useEffect(() => {
    try {
      sessionStorage.setItem(STORAGE_KEYS.adminFlag, "true");
    } catch {
      /* storage unavailable */
    }
  }, []);

  const seats = data.stats && !isLoadError(data.stats) ? data.stats.totalGuests : 0;
  return (
    <section className="page admin-page" aria-labelledby="admin-title">
      <header className="admin-header">
        <h1 id="admin-title">{t("title")}</h1>
        <Form
          method="post"
          onSubmit={() => {
            try {
              sessionStorage.removeItem(STORAGE_KEYS.adminFlag);
            } catch {
              /* storage unavailable */
            }
          }}
        >
          <input type="hidden" name="intent" value="logout" />
          <button type="submit" className="button secondary">
            {t("logout")}
          </button>
        </Form>
      </header>
      <nav className="admin-tabs" aria-label={t("tabs.label")}>
        {ADMIN_TABS.map((id) => (
          <Link
            key={id}
            to={`?tab=${id}`}
            className={id === shownTab ? "admin-tab active" : "admin-tab"}
            aria-current={id === shownTab ? "page" : undefined}
            preventScrollReset
          >
            {t(`tabs.${id}`)}
          </Link>
        ))}
      </nav>
      <FormErrors id="admin-errors" errors={failed} />
      {confirmIntent ? <ConfirmStep intent={confirmIntent} id={params.get("id") ?? ""} name={params.get("name") ?? ""} /> : null}
      <div className="admin-tab-panel" aria-busy={loading || undefined}>
        {loading ? (
          <p role="status" className="admin-muted">
            {t(LOADING_TEXT[shownTab])}
          </p>
        ) : (
          <>
            {tab === "stats" ? <StatsTab stats={data.stats} dietary={data.dietary} /> : null}
            {tab === "invitations" ? (
              isLoadError(data.invitations) ? (
                <LoadFailed tab="invitations" messageKey="toasts.loadInvitationsError" />
              ) : (
                <InvitationsTab invitations={data.invitations ?? []} />
              )
            ) : null}
            {tab === "create" ? <CreateTab seatsHandedOut={seats} /> : null}
            {tab === "gallery" ? (
              isLoadError(data.sections) ? (
                <LoadFailed tab="gallery" messageKey="toasts.loadSectionsError" />
              ) : (
                <GalleryTab sections={data.sections ?? []} editId={editId} />
              )
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}

const LOADING_TEXT: Record<AdminTab, string> = {
  stats: "stats.loading",
  invitations: "invitations.loading",
  create: "common:loading",
  gallery: "gallery.loading",
};

/** A list that could not be loaded: the spec's message in place (and as a toast), and a retry. */
function LoadFailed({ tab, messageKey }: { tab: AdminTab; messageKey: string }) {
  const { t } = useTranslation("dashboard");
  useEffect(() => {
    notifications.show({ color: "red", message: t(messageKey) });
  }, [t, messageKey]);
  return (
    <div className="admin-error" role="alert">
      <p>{t(messageKey)}</p>
      <Form method="get">
        <input type="hidden" name="tab" value={tab} />
        <button type="submit" className="button secondary">
          {t("stats.retry")}
        </button>
      </Form>
    </div>
  );
}

/** The "are you sure?" page for a delete posted without JavaScript. */
function ConfirmStep({ intent, id, name }: { intent: ConfirmedIntent; id: string; name: string }) {
  const { t } = useTranslation("dashboard");
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
        <Link to={`?tab=${TAB_OF_INTENT[intent]}`} className="button secondary">
          {t("confirm.no")}
        </Link>
      </div>
    </div>
  );
}

export default function AdminPage() {
  return (
    <MantineRoot>
      <AdminPageContent />
    </MantineRoot>
  );
}
