import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { readForm } from "~/http/form.server";
import { pageTexts } from "~/infra/i18n.server";
import { contentSchemas } from "~/lib/content-schemas";
import { movedRow, parseRowEdit, ROW_LISTS, type RowSection } from "~/lib/content-extras";
import { contentSectionAction, contentSectionLoader, SAVE_CONTENT, type ContentFormReply } from "./content.server";
import { refuseAdminPost } from "./access.server";
import { respond } from "./respond.server";

/** 'Regalos', 'Preguntas frecuentes' and 'Programa del día': the store's screen data, with this screen's texts (contentExtras). */
export function contentRowsLoader<S extends RowSection>(section: S) {
  const load = contentSectionLoader(section);
  return async (args: LoaderFunctionArgs) => {
    const screen = await load(args);
    return screen && { ...screen, i18n: await pageTexts(args.request, "contentExtras") };
  };
}

/**
 * The sub-section's save (the store's action), and, for a page without JavaScript, 'Agregar…' and
 * 'Quitar…': the form comes back with what was typed and a row more or less, nothing saved (with
 * JavaScript the page does this itself). Both pass the admin's session and origin checks first.
 */
export function contentRowsAction<S extends RowSection>(section: S) {
  const save = contentSectionAction(section);
  return async (args: ActionFunctionArgs) => {
    const { request, context } = args;
    const formData = await readForm(request.clone());
    if (!formData.has("rowEdit")) return save(args);
    const refused = await refuseAdminPost(request, context, SAVE_CONTENT);
    if (refused) return respond(request, refused);
    const reply = (error: ContentFormReply["error"], initialValue: ContentFormReply["initialValue"], status: number) =>
      data<ContentFormReply>(
        { ok: false, draft: true, error, initialValue, toast: "content:toasts.saveError" },
        { status, headers: { "Cache-Control": "no-store" } },
      );
    const edit = parseRowEdit(formData.get("rowEdit"));
    const { list, max } = ROW_LISTS[section];
    if (!edit || edit.list !== list) return reply({ "": ["common:badRequest.description"] }, null, 400);
    const typed = { ...(parseWithZod(formData, { schema: contentSchemas[section] }).payload as Record<string, unknown>) };
    // Indices are the fields' own (rows the page's script removed leave gaps): the form shows the rows there are.
    const all = Array.isArray(typed[list]) ? [...(typed[list] as unknown[])] : [];
    if (edit.op === "remove") all[edit.index] = undefined;
    // A reorderable list's rows in the form's order (their `order` fields), then one moved up or down.
    let present = [...all.keys()].filter((i) => all[i] !== undefined);
    const orderOf = (i: number) => {
      const order = Number((all[i] as { order?: unknown } | null)?.order);
      return Number.isFinite(order) ? order : i;
    };
    present.sort((a, b) => orderOf(a) - orderOf(b) || a - b);
    if (edit.op === "up" || edit.op === "down") present = movedRow(present, edit.index, edit.op);
    const rows = present.map((i) => stripOrder(all[i]));
    if (edit.op === "add" && rows.length < max) rows.push({});
    return reply({}, { ...typed, [list]: rows }, 200);
  };
}

/** A row as the form shows it again: its `order` is the place it is drawn at, not what was sent. */
function stripOrder(row: unknown): unknown {
  if (row === null || typeof row !== "object" || !("order" in row)) return row;
  const { order: _order, ...rest } = row as Record<string, unknown>;
  return rest;
}
