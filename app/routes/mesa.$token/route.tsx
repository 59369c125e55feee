import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { showsToasts } from "~/components/layout/useToastsRequested";
import { routeCss } from "~/components/layout/InlineCss";
import { DEFAULT_LANGUAGE, type Language } from "~/lib/constants";
import { fillMarks } from "~/lib/format";
import type tableCardsEs from "~/locales/es/tableCards.json";
import { coupleNamesIn, type RootData } from "~/root";
import { handleTableUpload, loadTablePage } from "./mesa.server";
import { TableUploadForm } from "./TableUploadForm";

/**
 * The upload's result comes back as the flash message (a toast with JavaScript, a line without).
 * Its CSS is in its HTML: no stylesheet to wait for before the first paint. Mantine's comes with
 * the upload queue's list, loaded after hydration (TableQueue).
 */
const css = routeCss({
  "table-card": () => import("~/styles/table-card.css?inline"),
  "upload-queue": () => import("~/styles/upload-queue.css?inline"),
});
export const handle = { ...showsToasts, inlineCss: css.names };
export const clientLoader = css.clientLoader;

/** The table's name and the couple's; never indexed (the address is the table card's secret). */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const root = matches.find((m) => m.id === "root")?.data as RootData | undefined;
  const lang: Language = root?.lang === "en" ? "en" : DEFAULT_LANGUAGE;
  const texts = data?.i18n[lang]?.tableCards as typeof tableCardsEs | undefined;
  const names = coupleNamesIn(matches);
  const title = data && texts ? fillMarks(texts.page.metaTitle, { table: data.table.name, names }) : names;
  return [{ title }, { name: "robots", content: "noindex" }];
};

export const headers: HeadersFunction = () => ({ "X-Robots-Tag": "noindex", "Cache-Control": "no-store" });

export const loader = ({ request, params }: LoaderFunctionArgs) => loadTablePage(request, params.token);

export const action = ({ request, context, params }: ActionFunctionArgs) => handleTableUpload(request, context, params.token);

/**
 * /mesa/{token}: the page a table card's QR code opens, for whoever sits there, with no code or
 * login. Everything is server-rendered; 'Sube tus fotos' is a plain multipart form (decision 0060),
 * whose files go into the phone's upload queue once the page's script runs (decision 0070).
 */
export default function TablePage() {
  const { table, people, programme, dishes, section, uploaderName } = useLoaderData<typeof loader>();
  const { t } = useTranslation("tableCards");
  return (
    <section className="page table-page" aria-labelledby="table-name">
      <header className="table-page-header">
        <p className="table-page-eyebrow">{t("page.eyebrow")}</p>
        <h1 id="table-name" className="table-page-name">
          {table.name}
        </h1>
      </header>
      <section className="card" aria-labelledby="table-people-title">
        <h2 id="table-people-title">{t("page.people")}</h2>
        {people.length ? (
          <ul className="table-people">
            {people.map((name, i) => (
              <li key={i}>{name}</li>
            ))}
          </ul>
        ) : (
          <p>{t("page.nobody")}</p>
        )}
      </section>
      {programme.length ? (
        <section className="card" aria-labelledby="table-programme-title">
          <h2 id="table-programme-title">{t("contentExtras:home.programme.title")}</h2>
          {/* The home page's list (app/components/home/Programme.tsx), kept apart so the home page's first load carries no shared chunk for it. */}
          <ol className="programme-list">
            {programme.map((line, i) => (
              <li key={i} className="programme-item">
                <time className="programme-time">{line.time}</time>
                <span className="programme-title">{line.title}</span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {dishes.length ? (
        <section className="card" aria-labelledby="table-menu-title">
          <h2 id="table-menu-title">{t("page.menu")}</h2>
          <ul className="table-menu">
            {dishes.map((dish) => (
              <li key={dish.id}>
                {dish.name}
                {dish.description ? <small>{dish.description}</small> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="card" aria-labelledby="table-upload-title">
        <h2 id="table-upload-title">{t("page.uploadTitle")}</h2>
        {section ? <TableUploadForm table={table} section={section} uploaderName={uploaderName} /> : <p>{t("page.uploadsClosed")}</p>}
      </section>
    </section>
  );
}
