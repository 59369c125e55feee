import "~/styles/admin.css";
import "~/styles/table-cards-print.css";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/components/confirm/useHydrated";
import { DEFAULT_LANGUAGE, type Language } from "~/lib/constants";
import { PRINTS, type PaperSize, type PrintKind } from "~/lib/table-cards";
import type tableCardsEs from "~/locales/es/tableCards.json";
import { coupleNamesIn, type RootData } from "~/root";
import { loadTablePrint, saveTablePhotosSection } from "./table-print.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const root = matches.find((m) => m.id === "root")?.data as RootData | undefined;
  const lang: Language = root?.lang === "en" ? "en" : DEFAULT_LANGUAGE;
  const texts = data?.i18n[lang]?.tableCards as typeof tableCardsEs | undefined;
  const names = coupleNamesIn(matches);
  return [{ title: texts ? `${texts.print.title} · ${names}` : names }, { name: "robots", content: "noindex" }];
};

export const loader = ({ request }: LoaderFunctionArgs) => loadTablePrint(request);

export const action = ({ request, context }: ActionFunctionArgs) => saveTablePhotosSection(request, context);

/** Cards to a sheet: table cards two (a half sheet each, folded or stood up), place cards ten (2 × 5). */
const PER_SHEET: Record<Exclude<PrintKind, "entrance">, number> = { "table-cards": 2, "place-cards": 10 };

/** The paper's size: the sheets are drawn at it, and `@page` asks the printer for it with no margin of its own. */
const PAGE_CSS: Record<PaperSize, string> = {
  A4: "@page { size: A4; margin: 0 } :root { --paper-w: 210mm; --paper-h: 297mm }",
  letter: "@page { size: letter; margin: 0 } :root { --paper-w: 215.9mm; --paper-h: 279.4mm }",
};

function chunk<T>(items: readonly T[], size: number): T[][] {
  const sheets: T[][] = [];
  for (let i = 0; i < items.length; i += size) sheets.push(items.slice(i, i + size));
  return sheets;
}

/**
 * /admin/tables/print: 'Tarjetas de mesa', 'Tarjetas de lugar' and 'Lista de mesas para la
 * entrada', printed from the browser without JavaScript (links and a GET form choose the print
 * and the paper). Cards sit in cells with cut marks at their corners; nothing is drawn past them.
 */
export default function TablePrintPage() {
  const { t } = useTranslation("tableCards");
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const hydrated = useHydrated();
  const { print, paper } = data;
  const link = (kind: PrintKind) => `/admin/tables/print?print=${kind}&paper=${paper}`;
  const label: Record<PrintKind, string> = { "table-cards": t("print.tableCards"), "place-cards": t("print.placeCards"), entrance: t("print.entranceList") };
  return (
    <section className={`page admin-page table-print table-print-${print}`} aria-labelledby="table-print-title">
      {/* The paper is one of two fixed values (paperOf): no text of anyone's reaches this style. */}
      <style>{PAGE_CSS[paper]}</style>
      <div className="print-screen-only table-print-toolbar">
        <header className="admin-header">
          <h1 id="table-print-title">{t("print.title")}</h1>
          <Link to="/admin/gallery" className="button secondary">
            {t("print.back")}
          </Link>
        </header>
        <nav aria-label={t("print.title")} className="table-print-nav">
          {PRINTS.map((kind) => (
            <Link key={kind} to={link(kind)} className={kind === print ? "button" : "button secondary"} aria-current={kind === print ? "page" : undefined}>
              {label[kind]}
            </Link>
          ))}
        </nav>
        <Form method="get" className="table-print-nav">
          <input type="hidden" name="print" value={print} />
          <label>
            {t("print.paper")}{" "}
            <select name="paper" defaultValue={paper}>
              <option value="A4">{t("print.a4")}</option>
              <option value="letter">{t("print.letter")}</option>
            </select>
          </label>
          <button type="submit" className="button secondary">
            {t("print.show")}
          </button>
          {hydrated ? (
            <button type="button" className="button" onClick={() => window.print()}>
              {t("print.print")}
            </button>
          ) : null}
        </Form>
        <p className="admin-muted">{t("print.intro")}</p>
        <Form method="post" className="table-print-section">
          <label>
            {t("print.section")}{" "}
            <select name="sectionId" defaultValue={data.chosen === null ? "" : String(data.chosen)} aria-describedby="table-print-section-help">
              <option value="">{t("print.sectionFirst")}</option>
              {data.sections.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.open ? s.name : `${s.name} ${t("print.sectionClosed")}`}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="button secondary">
            {t("print.sectionSave")}
          </button>
          <p id="table-print-section-help" className="admin-muted">
            {data.sections.some((s) => s.open) ? t("print.sectionHelp") : t("print.sectionNone")}
          </p>
          {answer && "error" in answer ? (
            <p role="alert" className="form-error">
              {t(answer.error)}
            </p>
          ) : null}
        </Form>
        <h2>{label[print]}</h2>
        {data.tableCount === 0 ? <p className="admin-empty">{t("print.noTables")}</p> : null}
      </div>
      {print === "table-cards" ? <TableCards cards={data.cards} /> : null}
      {print === "place-cards" ? <PlaceCards places={data.places} /> : null}
      {print === "entrance" ? <EntranceList entrance={data.entrance} tableCount={data.tableCount} /> : null}
    </section>
  );
}

/** The marks at a cell's four corners, where the cut goes (drawn outside the card's own box). */
function CutMarks() {
  return (
    <>
      <span className="cut-mark cut-tl" aria-hidden="true" />
      <span className="cut-mark cut-tr" aria-hidden="true" />
      <span className="cut-mark cut-bl" aria-hidden="true" />
      <span className="cut-mark cut-br" aria-hidden="true" />
    </>
  );
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

function TableCards({ cards }: { cards: Data["cards"] }) {
  const { t } = useTranslation("tableCards");
  return (
    <div>
      {chunk(cards, PER_SHEET["table-cards"]).map((sheet, i) => (
        <div className="tc-sheet tc-sheet-tables" key={i}>
          {sheet.map((card) => (
            <div className="tc-cell" key={card.id}>
              <CutMarks />
              <article className="tc-card table-card" aria-label={card.name}>
                <h2 className="table-card-name">{card.name}</h2>
                {/* The qrcode library's SVG of the table's own address, made on the server. */}
                <div className="table-card-qr" role="img" aria-label={t("print.qrAlt", { table: card.name })} dangerouslySetInnerHTML={{ __html: card.qr }} />
                <p className="table-card-scan">{t("print.scan")}</p>
              </article>
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

function PlaceCards({ places }: { places: Data["places"] }) {
  const { t, i18n } = useTranslation("tableCards");
  if (!places.length) return <p className="admin-empty print-screen-only">{t("print.nobodySeated")}</p>;
  return (
    <div>
      {chunk(places, PER_SHEET["place-cards"]).map((sheet, i) => (
        <div className="tc-sheet tc-sheet-places" key={i}>
          {sheet.map((place, j) => {
            const own = i18n.getFixedT(place.language, "tableCards");
            return (
              <div className="tc-cell" key={j}>
                <CutMarks />
                <article className="tc-card place-card" aria-label={place.fullName} lang={place.language}>
                  <h2 className="place-card-name">{place.fullName}</h2>
                  <p className="place-card-table">{own("print.table", { table: place.tableName })}</p>
                  {place.dish ? <p className="place-card-dish">{place.dish}</p> : null}
                </article>
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}

function EntranceList({ entrance, tableCount }: { entrance: Data["entrance"]; tableCount: number }) {
  const { t } = useTranslation("tableCards");
  if (!entrance.length) return tableCount ? <p className="admin-empty print-screen-only">{t("print.nobodySeated")}</p> : null;
  return (
    <div className="entrance-poster">
      <h2 className="entrance-title">{t("print.entranceTitle")}</h2>
      <ol className="entrance-list">
        {entrance.map((person, i) => (
          <li key={i}>
            <span className="entrance-name">{person.fullName}</span> <span className="entrance-table">{person.tableName}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
