import "~/styles/admin.css";
import "~/styles/print.css";
import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/components/confirm/useHydrated";
import { isAdminSession } from "~/infra/session.server";
import { textsIn } from "~/infra/i18n.server";
import { SUPPORTED_LANGUAGES } from "~/lib/constants";
import { cateringReport, type CateringGroup } from "~/models/menu.server";
import { coupleNamesIn } from "~/root";

export const meta: MetaFunction = ({ matches }) => [{ title: `Catering · ${coupleNamesIn(matches)}` }, { name: "robots", content: "noindex" }];

/**
 * GET /admin/catering (admin): 'Informe para el catering', a page to print: adults, children, each
 * dish's count and every dietary note with its guest's name, one group per event once there are
 * events (today one group: everyone coming).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await isAdminSession(request))) throw redirect("/admin");
  return { report: await cateringReport(), i18n: textsIn(SUPPORTED_LANGUAGES, ["menu"]) };
}

export default function CateringPage() {
  const { t } = useTranslation("menu");
  const { report } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  return (
    <section className="page admin-page" aria-labelledby="catering-title">
      <header className="admin-header print-screen-only">
        <h1 id="catering-title">{t("report.title")}</h1>
        <Link to="/admin/menu" className="button secondary">
          {t("report.back")}
        </Link>
      </header>
      <div className="print-toolbar print-screen-only">
        <a href="/admin/catering.csv" className="button secondary" download>
          {t("report.csv")}
        </a>
        {hydrated ? (
          <button type="button" className="button" onClick={() => window.print()}>
            {t("report.print")}
          </button>
        ) : null}
      </div>
      {report.groups.map((group, i) => (
        <Group key={i} group={group} />
      ))}
    </section>
  );
}

function Group({ group }: { group: CateringGroup }) {
  const { t } = useTranslation("menu");
  const title = group.title ?? t("report.everyone");
  return (
    <section className="card admin-card" aria-label={title}>
      <h2 className="admin-section-title">{title}</h2>
      <table className="admin-table">
        <tbody>
          <tr>
            <th scope="row">{t("report.adults")}</th>
            <td>{group.counts.adults}</td>
          </tr>
          <tr>
            <th scope="row">{t("report.children")}</th>
            <td>{group.counts.children}</td>
          </tr>
        </tbody>
      </table>
      <table className="admin-table" aria-label={t("report.dish")}>
        <thead>
          <tr>
            <th scope="col">{t("report.dish")}</th>
            <th scope="col">{t("report.count")}</th>
          </tr>
        </thead>
        <tbody>
          {group.counts.dishes.map((dish) => (
            <tr key={dish.id}>
              <th scope="row">{dish.name}</th>
              <td>{dish.count}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">{t("report.noDish")}</th>
            <td>{group.counts.noDish}</td>
          </tr>
        </tbody>
      </table>
      <h3>{t("report.dietary")}</h3>
      {group.dietary.length === 0 ? (
        <p className="admin-empty">{t("report.none")}</p>
      ) : (
        <table className="admin-table" aria-label={t("report.dietary")}>
          <thead>
            <tr>
              <th scope="col">{t("report.guest")}</th>
              <th scope="col">{t("report.invitation")}</th>
              <th scope="col">{t("report.dish")}</th>
              <th scope="col">{t("report.dietary")}</th>
            </tr>
          </thead>
          <tbody>
            {group.dietary.map((g, i) => (
              <tr key={i}>
                <td>
                  {g.guest}
                  {g.isChild ? ` (${t("invitations.child")})` : ""}
                </td>
                <td>{g.primaryGuest}</td>
                <td>{g.dish ?? ""}</td>
                <td>{g.dietary}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
