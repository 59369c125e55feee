import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { publicBaseUrl } from "~/http/public-url.server";
import { isCrossOrigin } from "~/http/request.server";
import { qrSvg } from "~/infra/qr.server";
import { textsIn } from "~/infra/i18n.server";
import { flashToastHeader, isAdminSession } from "~/infra/session.server";
import { SUPPORTED_LANGUAGES } from "~/lib/constants";
import { bySurname, paperOf, printOf } from "~/lib/table-cards";
import { readForm } from "~/http/form.server";
import { chosenTablePhotosSection, sectionChoices, setTablePhotosSection, tablesWithPeople } from "~/models/table-cards.server";

/**
 * GET /admin/tables/print[?print=table-cards|place-cards|entrance][&paper=A4|letter] (admin): one
 * of the three printables, on the paper chosen, and the choice of the tables' photos' section.
 * Each table card's QR code is the absolute address of its page (PUBLIC_URL when set).
 */
export async function loadTablePrint(request: Request) {
  if (!(await isAdminSession(request))) throw redirect("/admin");
  const params = new URL(request.url).searchParams;
  const print = printOf(params.get("print"));
  const paper = paperOf(params.get("paper"));
  const base = publicBaseUrl(request);
  const [{ tables, hasDishes }, sections, chosen] = await Promise.all([tablesWithPeople(), sectionChoices(), chosenTablePhotosSection()]);
  const cards =
    print === "table-cards"
      ? await Promise.all(
          tables.map(async (t) => {
            const url = `${base}/mesa/${t.token}`;
            return { id: t.id, name: t.name, url, qr: await qrSvg(url) };
          }),
        )
      : [];
  const people = tables.flatMap((t) => t.people);
  return {
    print,
    paper,
    tableCount: tables.length,
    cards,
    places:
      print === "place-cards"
        ? people.map((p) => ({ fullName: p.fullName, tableName: p.tableName, dish: hasDishes ? p.dish : null, language: p.language }))
        : [],
    entrance: print === "entrance" ? bySurname(people).map((p) => ({ fullName: p.fullName, tableName: p.tableName })) : [],
    sections: sections.map((s) => ({ id: s.id, name: s.name, open: s.is_active && s.allow_upload })),
    chosen,
    // Each place card in its person's language (like the invitations' cards), the page in the admin's.
    i18n: textsIn(SUPPORTED_LANGUAGES, ["tableCards", "dashboard"]),
  };
}

/**
 * POST 'Guardar sección' ('Sección para las fotos de las mesas'): admin only, from this site only;
 * an empty choice is 'the first section that takes photos'. Back to the page with the result.
 */
export async function saveTablePhotosSection(request: Request, context: AppLoadContext) {
  if (!(await isAdminSession(request))) throw redirect("/admin");
  const refuse = (error: string, status: number) => data({ error }, { status, headers: { "Cache-Control": "no-store" } });
  if (isCrossOrigin(request, context)) return refuse("common:crossOrigin", 403);
  const raw = String((await readForm(request)).get("sectionId") ?? "");
  const id = raw === "" ? null : /^[0-9]{1,15}$/.test(raw) ? Number(raw) : -1;
  if (id === -1 || !(await setTablePhotosSection(id))) return refuse("tableCards:print.sectionInvalid", 400);
  const back = new URL(request.url);
  const saved = await flashToastHeader(request, { kind: "success", key: "tableCards:print.sectionSaved" });
  return redirect(`${back.pathname}${back.search}`, { headers: { "Set-Cookie": saved } });
}
