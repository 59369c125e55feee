import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

export const meta: MetaFunction = () => [{ title: "404" }, { name: "robots", content: "noindex" }];

/** Render the not-found page with a real 404 status. */
export const loader = () => new Response(null, { status: 404 });

export default function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="page narrow center">
      <div className="card">
        <h1>{t("notFound.title")}</h1>
        <p>{t("notFound.description")}</p>
        <Link to="/" className="button">
          {t("backHome")}
        </Link>
      </div>
    </section>
  );
}
