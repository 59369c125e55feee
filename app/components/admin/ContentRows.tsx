import { Button } from "@mantine/core";
import { useActionData } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ContentForm } from "~/components/admin/ContentEditor";
import type { ContentFormReply } from "~/http/admin/content.server";
import { movedRow, rowEditValue } from "~/lib/content-extras";

/**
 * The rows' indices in a list as the form shows it: what was typed after a refusal (gaps left out),
 * else what is saved; rows that sent their place (`order`, a reorderable list) in that order.
 */
function indicesOf(source: unknown): number[] {
  if (!Array.isArray(source)) return [];
  const place = (i: number) => {
    const order = Number((source[i] as { order?: unknown } | null)?.order);
    return Number.isFinite(order) ? order : i;
  };
  return [...source.keys()].filter((i) => source[i] !== undefined).sort((a, b) => place(a) - place(b) || a - b);
}

/**
 * A list of rows inside a ContentForm ('Mesas de regalos', the questions), each removable, with an
 * 'Agregar…' button. Both buttons are submits: without JavaScript the server sends the form back
 * with a row more or less and nothing saved (app/http/admin/content-extras.server.ts); with it the
 * page does the same at once. A row keeps its field names when another is removed (a gap the
 * server drops), so what was typed and each message stay with their row. 'Guardar cambios' saves.
 */
export function ContentRows<Row>({
  list,
  saved,
  max,
  legend,
  addLabel,
  removeLabel,
  empty,
  reorder,
  renderRow,
}: {
  list: string;
  saved: Row[];
  max: number;
  legend: (n: number) => string;
  addLabel: string;
  removeLabel: (n: number) => string;
  empty?: string;
  /**
   * 'Subir' and 'Bajar' on each row (the programme): each row sends its place in the form as
   * `${prefix}.order`, so the list is saved in the order shown; without JavaScript the server sends
   * the form back with the row moved.
   */
  reorder?: { upLabel: (n: number) => string; downLabel: (n: number) => string };
  /** The row's fields, named `${prefix}.field`; `saved` is undefined for a new row or after a refusal (the typed values show). */
  renderRow: (prefix: string, saved: Row | undefined) => ReactNode;
}) {
  const reply = useActionData<ContentFormReply>();
  const typed = reply && !reply.ok && reply.initialValue ? reply.initialValue[list] : undefined;
  const source = reply && !reply.ok && reply.initialValue ? typed : saved;
  const [state, setState] = useState(() => ({ source, indices: indicesOf(source) }));
  // A new answer (a refusal, a save) shows its rows: state derived from it, reset during render.
  if (state.source !== source) setState({ source, indices: indicesOf(source) });
  const rows = state.source === source ? state.indices : indicesOf(source);
  const container = useRef<HTMLDivElement>(null);
  const [focus, setFocus] = useState<{ index: number } | "add" | null>(null);
  useEffect(() => {
    if (!focus || !container.current) return;
    const target =
      focus === "add"
        ? container.current.querySelector<HTMLElement>("[data-add-row]")
        : container.current.querySelector<HTMLElement>(`[data-row="${focus.index}"] input, [data-row="${focus.index}"] textarea`);
    target?.focus();
    setFocus(null);
  }, [focus]);
  const add = () => {
    // The smallest free index: names stay within the form's list bounds however often rows come and go.
    let index = 0;
    while (rows.includes(index)) index++;
    setState({ source, indices: [...rows, index] });
    setFocus({ index });
  };
  const remove = (index: number) => {
    setState({ source, indices: rows.filter((i) => i !== index) });
    setFocus("add");
  };
  const move = (index: number, direction: "up" | "down") => {
    setState({ source, indices: movedRow(rows, index, direction) });
    setFocus({ index });
  };
  const fromSaved = source === saved;
  return (
    <div className="content-rows" ref={container}>
      {rows.length === 0 && empty ? <p className="admin-muted">{empty}</p> : null}
      {rows.map((index, position) => (
        <fieldset key={index} className="content-group" data-row={index}>
          <legend>{legend(position + 1)}</legend>
          {renderRow(`${list}[${index}]`, fromSaved ? saved[index] : undefined)}
          {reorder ? <input type="hidden" name={`${list}[${index}].order`} value={position} /> : null}
          <div className={reorder ? "content-row-buttons" : undefined}>
            {reorder && position > 0 ? (
              <Button
                type="submit"
                name="rowEdit"
                value={rowEditValue({ op: "up", list, index })}
                variant="default"
                size="md"
                onClick={(event) => {
                  event.preventDefault();
                  move(index, "up");
                }}
              >
                {reorder.upLabel(position + 1)}
              </Button>
            ) : null}
            {reorder && position < rows.length - 1 ? (
              <Button
                type="submit"
                name="rowEdit"
                value={rowEditValue({ op: "down", list, index })}
                variant="default"
                size="md"
                onClick={(event) => {
                  event.preventDefault();
                  move(index, "down");
                }}
              >
                {reorder.downLabel(position + 1)}
              </Button>
            ) : null}
            <Button
              type="submit"
              name="rowEdit"
              value={rowEditValue({ op: "remove", list, index })}
              variant="default"
              size="md"
              onClick={(event) => {
                event.preventDefault();
                remove(index);
              }}
            >
              {removeLabel(position + 1)}
            </Button>
          </div>
        </fieldset>
      ))}
      {rows.length < max ? (
        <div>
          <Button
            type="submit"
            name="rowEdit"
            value={rowEditValue({ op: "add", list })}
            variant="light"
            size="md"
            data-add-row
            onClick={(event) => {
              event.preventDefault();
              add();
            }}
          >
            {addLabel}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** A sub-section's screen: its title (its link's name in 'Contenido') and its form. */
export function ContentScreen({ section, version, children }: { section: "gifts" | "faq" | "programme"; version: unknown; children: ReactNode }) {
  const { t } = useTranslation("content");
  return (
    <section className="card admin-card" aria-labelledby={`content-${section}-title`}>
      <h2 id={`content-${section}-title`} className="admin-section-title">
        {t(`nav.${section}`)}
      </h2>
      <ContentForm id={`content-${section}`} version={version}>
        {children}
      </ContentForm>
    </section>
  );
}
