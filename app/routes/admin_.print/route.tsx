import "~/styles/admin.css";
import "~/styles/print.css";
import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/components/confirm/useHydrated";
import { publicBaseUrl } from "~/http/public-url.server";
import { qrSvg } from "~/infra/qr.server";
import { personalLink, shortLink } from "~/lib/personal-link";
import { isAdminSession } from "~/infra/session.server";
import { CARDS_PER_PAGE, cardsPage } from "~/models/print-cards.server";
import { textsIn } from "~/infra/i18n.server";
import { SUPPORTED_LANGUAGES } from "~/lib/constants";
import { adminPageTitle } from "~/root";

// The title names the couple as saved in 'Contenido' (a saved PDF's name), in the page's language.
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: adminPageTitle(matches, data?.i18n, "print") },
  { name: "robots", content: "noindex" },
];

const CARDS_PER_SHEET = 8;

/**
 * GET /admin/print[?pending=1][&page=N] (admin): one card per invitation, oldest first, in sheets
 * of 8, CARDS_PER_PAGE to a page (links to the others), so one request never holds every card.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await isAdminSession(request))) throw redirect("/admin");
  const params = new URL(request.url).searchParams;
  const pendingOnly = params.get("pending") === "1";
  const asked = /^[0-9]{1,6}$/.test(params.get("page") ?? "") ? Number(params.get("page")) : 1;
  const base = publicBaseUrl(request);
  const { cards: rows, total, page, pages } = await cardsPage({ page: asked, pendingOnly });
  const cards = await Promise.all(
    rows.map(async (inv) => {
      const link = personalLink(base, inv.code);
      return { ...inv, link: shortLink(link), qr: await qrSvg(link) };
    }),
  );
  const first = (page - 1) * CARDS_PER_PAGE + 1;
  // i18n: the page's texts in both languages, each card in its invitation's (decision 0014).
  return { pendingOnly, cards, total, page, pages, first, i18n: textsIn(SUPPORTED_LANGUAGES, ["dashboard"]) };
}

type Card = ReturnType<typeof useLoaderData<typeof loader>>["cards"][number];

export default function PrintPage() {
  const { t } = useTranslation("dashboard");
  const { pendingOnly, cards, total, page, pages, first } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const sheets: Card[][] = [];
  for (let i = 0; i < cards.length; i += CARDS_PER_SHEET) sheets.push(cards.slice(i, i + CARDS_PER_SHEET));
  return (
    <section className="page admin-page" aria-labelledby="print-title">
      <header className="admin-header print-screen-only">
        <h1 id="print-title">{t("print.title")}</h1>
        <Link to="/admin/invitations" className="button secondary">
          {t("print.back")}
        </Link>
      </header>
      <div className="print-toolbar">
        <Form method="get" className="print-toolbar">
          <label>
            <input type="checkbox" name="pending" value="1" defaultChecked={pendingOnly} />
            {t("print.pendingOnly")}
          </label>
          <button type="submit" className="button secondary">
            {t("print.filter")}
          </button>
        </Form>
        {hydrated ? (
          <button type="button" className="button" onClick={() => window.print()}>
            {t("print.print")}
          </button>
        ) : null}
        <p className="admin-muted">{t("print.hint")}</p>
        <p role="status">{t("print.count", { count: total })}</p>
        <Pages page={page} pages={pages} first={first} shown={cards.length} pendingOnly={pendingOnly} />
      </div>
      {cards.length === 0 ? <p className="admin-empty">{t("print.empty")}</p> : null}
      <div>
        {sheets.map((sheet, i) => (
          <div className="print-sheet" key={i}>
            {sheet.map((card) => (
              <PrintCard key={card.id} card={card} />
            ))}
          </div>
        ))}
      </div>
      <div className="print-toolbar">
        <Pages page={page} pages={pages} first={first} shown={cards.length} pendingOnly={pendingOnly} />
      </div>
    </section>
  );
}

/** One card, in the invitation's own language. */
function PrintCard({ card }: { card: Card }) {
  const { i18n } = useTranslation();
  const t = i18n.getFixedT(card.language, "dashboard");
  return (
    <article className="print-card" aria-label={card.primaryGuest} lang={card.language}>
      {/* The QR code is the qrcode library's SVG, made on the server from our own link. */}
      <div className="print-qr" role="img" aria-label={t("share.qrAlt", { name: card.primaryGuest })} dangerouslySetInnerHTML={{ __html: card.qr }} />
      <div>
        <h2>{card.primaryGuest}</h2>
        <p>{t("print.scan")}</p>
        <p className="print-link">{card.link}</p>
        <p className="print-code">{t("print.code", { code: card.code })}</p>
      </div>
    </article>
  );
}

/** Where this page's cards sit among all of them, and links to the pages before and after (plain links: no script needed). */
function Pages({ page, pages, first, shown, pendingOnly }: { page: number; pages: number; first: number; shown: number; pendingOnly: boolean }) {
  const { t } = useTranslation("dashboard");
  if (pages <= 1) return null;
  const to = (n: number) => `/admin/print?${pendingOnly ? "pending=1&" : ""}page=${n}`;
  return (
    <nav aria-label={t("print.pagesLabel")} className="print-toolbar">
      <p>{t("print.pageOf", { page, pages, from: first, to: first + shown - 1 })}</p>
      {page > 1 ? (
        <Link to={to(page - 1)} className="button secondary">
          {t("print.previous")}
        </Link>
      ) : null}
      {page < pages ? (
        <Link to={to(page + 1)} className="button secondary">
          {t("print.next")}
        </Link>
      ) : null}
    </nav>
  );
}
