import "~/styles/admin.css";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ImportForm } from "./ImportForm";
import { isAdminSession } from "~/infra/session.server";
import { handleImportAction } from "./import.server";
import { textsIn } from "~/infra/i18n.server";
import { SUPPORTED_LANGUAGES } from "~/lib/constants";
import { adminPageTitle } from "~/root";

// The title names the couple as saved in 'Contenido' (a saved PDF's name), in the page's language.
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: adminPageTitle(matches, data?.i18n, "import") },
  { name: "robots", content: "noindex" },
];

/** Without the admin session the panel's login comes first. */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await isAdminSession(request))) throw redirect("/admin");
  return { i18n: textsIn(SUPPORTED_LANGUAGES, ["dashboard", "reminders"]) }; // the page's texts (decision 0014)
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleImportAction(request, context);
}

export default function ImportPage() {
  const { t } = useTranslation("dashboard");
  const result = useActionData<typeof action>();
  return (
    <section className="page admin-page" aria-labelledby="import-title">
      <header className="admin-header">
        <h1 id="import-title">{t("import.title")}</h1>
        <Link to="/admin/invitations" className="button secondary">
          {t("print.back")}
        </Link>
      </header>
      <ImportForm result={result} />
    </section>
  );
}
