import "~/styles/mantine.css";
import "~/styles/admin.css";
import { MantineRoot } from "~/components/MantineRoot";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, NavLink, Outlet, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { AdminLogin } from "~/components/admin/AdminLogin";
import { ADMIN_TABS, tabAt } from "~/lib/admin-schemas";
import { STORAGE_KEYS, SUPPORTED_LANGUAGES } from "~/lib/constants";
import { handleAdminAction, loadAdmin } from "~/http/admin-page.server";
import { pendingReviewCount } from "~/http/admin/review.server";
import { publicBaseUrl } from "~/http/public-url.server";
import { config } from "~/infra/config.server";
import { adminLoginTexts, textsIn } from "~/infra/i18n.server";
import { emailEnabled } from "~/infra/mail.server";
import { showsToasts } from "~/components/layout/useToastsRequested";
import { coupleNamesIn } from "~/root";
import { showsDemoContent } from "~/models/content-live.server";
import { listExtraEvents } from "~/models/events.server";
import { demoDataNotice } from "~/http/admin/demo-data.server";

/**
 * The admin panel's frame: the login dialog without the session; with it, the title, 'Cerrar
 * sesión', the tab links and the screen (one route module each: admin._index, admin.invitations,
 * admin.create, admin.gallery). Its own action is only login and logout.
 */

/** Its page shows toasts: the root watches for them (useToastsRequested). */
export const handle = showsToasts;

export const meta: MetaFunction = ({ matches }) => [{ title: `Admin · ${coupleNamesIn(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { authenticated } = await loadAdmin(request);
  const pendingReview = await pendingReviewCount(authenticated);
  // i18n: the page's texts (decision 0014), both languages (share texts and cards use each invitation's).
  const i18n = authenticated
    ? textsIn(SUPPORTED_LANGUAGES, [
        "dashboard",
        "gallery",
        "reminders",
        "emails",
        "review",
        "wishes",
        "content",
        "backups",
        "menu",
        "events",
        "door",
        "tables",
        "questions",
      ])
    : await adminLoginTexts(request);
  // publicUrl: the base of personal links for 'Compartir' (ShareInvitation); defaultPhoneCountry: ContactFields' hint;
  // email: whether any e-mail control shows; demoContent: the banner while the site still shows the demo couple ('Contenido').
  const demoContent = authenticated ? await showsDemoContent() : false;
  // demoData: the seeded invitations and sections still there (DemoDataNotice on Estadísticas, Invitaciones, Galería).
  const demoData = authenticated ? await demoDataNotice() : null;
  return {
    authenticated,
    pendingReview,
    publicUrl: publicBaseUrl(request),
    defaultPhoneCountry: config().DEFAULT_PHONE_COUNTRY,
    email: authenticated && emailEnabled(),
    i18n,
    demoContent,
    // The couple's events beside the wedding: 'Invitado a' in Crear and 'Editar Invitación' (InvitedToFields).
    events: authenticated ? await listExtraEvents() : [],
    demoData,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleAdminAction(request, context);
}

function AdminPanel({ email, demoContent }: { email: boolean; demoContent: boolean }) {
  const { t } = useTranslation("dashboard");
  const { pendingReview } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const current = tabAt(useLocation().pathname);
  // With JavaScript, a tab link is a client navigation: the new tab shows its loading text
  // until its data arrives.
  const pending = navigation.state === "loading" ? tabAt(navigation.location.pathname) : undefined;
  const loading = pending !== undefined && pending.id !== current?.id;

  useEffect(() => {
    try {
      sessionStorage.setItem(STORAGE_KEYS.adminFlag, "true");
    } catch {
      /* storage unavailable */
    }
  }, []);

  return (
    <section className="page admin-page" aria-labelledby="admin-title">
      <header className="admin-header">
        <h1 id="admin-title">{t("title")}</h1>
        <Form
          method="post"
          action="/admin"
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
      {demoContent ? (
        <p className="card demo-banner" role="status">
          <Link to="/admin/content/couple">{t("content:demoBanner")}</Link>
        </p>
      ) : null}
      <nav className="admin-tabs" aria-label={t("tabs.label")}>
        {ADMIN_TABS.filter((tab) => email || !("needsEmail" in tab)).map((tab) => (
          <NavLink
            key={tab.id}
            to={tab.path}
            end={!("nested" in tab)}
            // The tab being opened looks chosen at once; aria-current stays with the one shown.
            className={({ isActive, isPending }) => (isPending || (isActive && !loading) ? "admin-tab active" : "admin-tab")}
            preventScrollReset
          >
            {"label" in tab ? t(tab.label, { count: pendingReview }) : t(`tabs.${tab.id}`)}
          </NavLink>
        ))}
      </nav>
      <div className="admin-tab-panel" aria-busy={loading || undefined}>
        {loading ? (
          <p role="status" className="admin-muted">
            {t(pending.loading)}
          </p>
        ) : (
          <Outlet />
        )}
      </div>
    </section>
  );
}

export default function AdminPage() {
  const { authenticated, email, demoContent } = useLoaderData<typeof loader>();
  return <MantineRoot>{authenticated ? <AdminPanel email={email} demoContent={demoContent} /> : <AdminLogin />}</MantineRoot>;
}
