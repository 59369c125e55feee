import { Button, Switch, TextInput } from "@mantine/core";
import { useActionData, useLocation } from "@remix-run/react";
import { useState, type DragEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AdminForm } from "~/components/admin/AdminForm";
import { ConfirmAction } from "~/components/admin/ConfirmAction";
import { useAdminAction, type AdminAction } from "~/components/admin/useAdminFetcher";
import { FormErrors } from "~/components/confirm/FormErrors";
import { useHydrated } from "~/components/confirm/useHydrated";
import type { AdminActionData } from "~/lib/admin-schemas";
import { dishName } from "~/lib/menu";
import { MAX_TABLE_NAME_LENGTH, MAX_TABLE_SEATS, MIN_TABLE_SEATS } from "~/lib/tables";
import { seatValue } from "~/lib/tables-schemas";
import type { PlanPerson, PlanTable, PlanWarning, SeatingPlan } from "~/models/tables.server";
import type { action } from "~/routes/admin/route";

/** The whole plan's form: every 'Mesa' select belongs to it (`form=`), wherever its person is shown. */
const SEATING_FORM = "seating-form";
/** What a dragged person or group carries: their guest ids. */
const DRAG_PREFIX = "wedding-guests:";

type Move = AdminAction;

/**
 * 'Mesas': the warnings, the totals, 'Publicar mesas', a card per table (its people with dish and
 * child mark, its free seats, its name and seats to change, its removal) and 'Sin mesa', then a
 * new table. Without JavaScript each person's 'Mesa' select and one 'Guardar mesas' save the whole
 * plan; with it, a select saves on change and a person or a whole invitation is dragged onto a
 * card: every move is the same `seatGuests` post.
 */
export function TablesTab({ plan }: { plan: SeatingPlan }) {
  const { t } = useTranslation("tables");
  const move = useAdminAction("seatGuests", "seat-move");
  const save = useAdminAction("seatGuests");
  // A refused whole-plan post (without JavaScript) comes back with what was chosen.
  const actionData: AdminActionData | undefined = useActionData<typeof action>();
  const chosen = actionData && !actionData.ok && actionData.intent === "seatGuests" ? (actionData.initialValue ?? {}) : {};
  const formKey = useLocation().key;
  return (
    <div className="admin-tables">
      <h2 className="admin-section-title">{t("title")}</h2>
      <p className="admin-muted">{t("intro")}</p>
      {/* The printables: table cards with their QR, place cards, the entrance's list (print pages, no script). */}
      <p className="tables-prints">
        <a href="/admin/tables/print?print=table-cards" className="button secondary small">
          {t("prints.tableCards")}
        </a>{" "}
        <a href="/admin/tables/print?print=place-cards" className="button secondary small">
          {t("prints.placeCards")}
        </a>{" "}
        <a href="/admin/tables/print?print=entrance" className="button secondary small">
          {t("prints.entrance")}
        </a>
      </p>
      <Warnings warnings={plan.warnings} />
      <p className="tables-totals">{t("totals", { seated: plan.seated, confirmed: plan.confirmed })}</p>
      <PublishForm published={plan.published} />
      <FormErrors id="seating-errors" errors={move.errors ?? save.errors} />
      {plan.tables.length === 0 ? <p className="admin-empty">{t("noTables")}</p> : null}
      <div className="tables-board" key={formKey}>
        {plan.tables.map((table) => (
          <TableCard key={table.id} table={table} tables={plan.tables} move={move} chosen={chosen} />
        ))}
        <DropZone tableId={null} move={move} className="card admin-card table-card table-card-unseated" labelledBy="table-unseated-title">
          <h3 id="table-unseated-title">{t("unseated")}</h3>
          {plan.unseated.length === 0 ? (
            <p className="admin-muted">{plan.confirmed === 0 ? t("nobodyConfirmed") : t("nobodyUnseated")}</p>
          ) : (
            <Groups people={plan.unseated} tables={plan.tables} move={move} chosen={chosen} />
          )}
        </DropZone>
      </div>
      {plan.confirmed > 0 && plan.tables.length > 0 ? (
        <AdminForm action={save} id={SEATING_FORM} className="tables-save">
          <Button type="submit" size="md" disabled={save.busy || move.busy}>
            {t("saveAll")}
          </Button>
        </AdminForm>
      ) : null}
      <AddTableForm />
    </div>
  );
}

function Warnings({ warnings }: { warnings: PlanWarning[] }) {
  const { t } = useTranslation("tables");
  if (warnings.length === 0) return null;
  return (
    <div className="admin-warning tables-warnings" role="alert" aria-labelledby="tables-warnings-title">
      <h3 id="tables-warnings-title">{t("warningsTitle")}</h3>
      <ul>
        {warnings.map((w, i) => (
          <li key={i}>
            {w.kind === "overfull" ? t("warnings.overfull", { table: w.table, people: w.people, seats: w.seats }) : null}
            {w.kind === "split" ? t("warnings.split", { invitation: w.invitation, tables: w.tables.join(", ") }) : null}
            {w.kind === "notComing" ? (
              <>
                {t("warnings.notComing", { name: w.name, table: w.table, invitation: w.invitation })} <MoveOut guestId={w.guestId} name={w.name} />
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Someone whose invitation no longer comes, moved to 'Sin mesa' by the same post as every move. */
function MoveOut({ guestId, name }: { guestId: number; name: string }) {
  const { t } = useTranslation("tables");
  const out = useAdminAction("seatGuests", `move-out-${guestId}`);
  return (
    <AdminForm action={out} className="inline-form">
      <input type="hidden" name="seat" value={seatValue(guestId, null)} />
      <button type="submit" className="button secondary small" aria-label={t("warnings.moveOutLabel", { name })} disabled={out.busy}>
        {t("warnings.moveOut")}
      </button>
    </AdminForm>
  );
}

function PublishForm({ published }: { published: boolean }) {
  const { t } = useTranslation("tables");
  const publish = useAdminAction("publishTables");
  const formKey = useLocation().key;
  return (
    <AdminForm action={publish} className="card admin-card admin-form tables-publish" key={formKey}>
      <Switch name="published" label={t("publish")} description={t("publishHint")} defaultChecked={published} size="md" />
      <FormErrors id="tables-publish-errors" errors={publish.errors} />
      <Button type="submit" size="md" disabled={publish.busy}>
        {t("publishSave")}
      </Button>
    </AdminForm>
  );
}

/** Posts a move of these people to a table (null: 'Sin mesa'). */
function submitMove(move: Move, guestIds: readonly number[], tableId: number | null) {
  const form = new FormData();
  form.set("intent", "seatGuests");
  for (const id of guestIds) form.append("seat", seatValue(id, tableId));
  move.fetcher.submit(form, { method: "post", preventScrollReset: true });
}

/** A table card or 'Sin mesa': dropping a dragged person or group here moves them. */
function DropZone({
  tableId,
  move,
  className,
  labelledBy,
  children,
}: {
  tableId: number | null;
  move: Move;
  className: string;
  labelledBy: string;
  children: ReactNode;
}) {
  const [over, setOver] = useState(false);
  const carries = (event: DragEvent) => event.dataTransfer.types.includes("text/plain");
  return (
    <section
      className={over ? `${className} drop-over` : className}
      aria-labelledby={labelledBy}
      onDragOver={(event) => {
        if (!carries(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = "move";
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        setOver(false);
        const text = event.dataTransfer.getData("text/plain");
        if (!text.startsWith(DRAG_PREFIX)) return;
        event.preventDefault();
        const ids = text.slice(DRAG_PREFIX.length).split(",").map(Number).filter(Number.isInteger);
        if (ids.length) submitMove(move, ids, tableId);
      }}
    >
      {children}
    </section>
  );
}

function TableCard({ table, tables, move, chosen }: { table: PlanTable; tables: PlanTable[]; move: Move; chosen: Record<string, string> }) {
  const { t } = useTranslation("tables");
  const titleId = `table-${table.id}-title`;
  const actionData: AdminActionData | undefined = useActionData<typeof action>();
  const editRefused = actionData?.ok === false && actionData.intent === "saveTable" && actionData.initialValue?.id === String(table.id);
  return (
    <DropZone tableId={table.id} move={move} className="card admin-card table-card" labelledBy={titleId}>
      <h3 id={titleId}>{table.name}</h3>
      <p className={table.people.length > table.seats ? "table-occupancy over" : "table-occupancy"}>
        {t("occupancy", { count: table.people.length, seats: table.seats })} · {t("free", { count: table.free })}
      </p>
      {table.people.length === 0 ? <p className="admin-muted">{t("empty")}</p> : <Groups people={table.people} tables={tables} move={move} chosen={chosen} />}
      {/* Open again when its rename was refused without JavaScript: the reason is shown inside. */}
      <details className="table-edit" open={editRefused || undefined}>
        <summary>{t("editTable")}</summary>
        <EditTableForm table={table} />
        <ConfirmAction
          intent="deleteTable"
          id={table.id}
          name={table.name}
          prompt={t("confirmDelete", { name: table.name })}
          label={t("deleteLabel", { name: table.name })}
          className="button danger small"
        >
          {t("delete")}
        </ConfirmAction>
      </details>
    </DropZone>
  );
}

/** People by invitation: a group is dragged whole by its name, a person alone by theirs. */
function Groups({ people, tables, move, chosen }: { people: PlanPerson[]; tables: PlanTable[]; move: Move; chosen: Record<string, string> }) {
  const { t } = useTranslation("tables");
  const hydrated = useHydrated();
  const groups: PlanPerson[][] = [];
  for (const p of people) {
    const last = groups.at(-1);
    if (last && last[0].invitationId === p.invitationId) last.push(p);
    else groups.push([p]);
  }
  const drag = (ids: number[]) => (event: DragEvent) => {
    event.stopPropagation();
    event.dataTransfer.setData("text/plain", `${DRAG_PREFIX}${ids.join(",")}`);
    event.dataTransfer.effectAllowed = "move";
  };
  return (
    <ul className="table-groups">
      {groups.map((group) => (
        <li key={group[0].invitationId} className="table-group" aria-label={t("groupOf", { name: group[0].invitation })}>
          {group.length > 1 ? (
            <span
              className="table-group-name"
              draggable={hydrated}
              onDragStart={drag(group.map((p) => p.id))}
              title={t("dragGroup", { name: group[0].invitation })}
            >
              {t("groupOf", { name: group[0].invitation })}
            </span>
          ) : null}
          <ul className="table-people">
            {group.map((p) => (
              <li key={p.id} className="table-person" draggable={hydrated} onDragStart={drag([p.id])}>
                <Person person={p} tables={tables} move={move} chosen={chosen} hydrated={hydrated} />
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

function Person({
  person,
  tables,
  move,
  chosen,
  hydrated,
}: {
  person: PlanPerson;
  tables: PlanTable[];
  move: Move;
  chosen: Record<string, string>;
  hydrated: boolean;
}) {
  const { t, i18n } = useTranslation("tables");
  const selectId = `seat-${person.id}`;
  const sent = chosen[selectId];
  const current = sent === undefined ? person.tableId : sent === "" ? null : Number(sent);
  return (
    <>
      <span className="table-person-name">{person.name}</span>
      {person.dish ? <span className="table-person-note">{dishName(person.dish, i18n.language)}</span> : null}
      {person.isChild ? <span className="table-person-note table-child">{t("child")}</span> : null}
      <label className="visually-hidden" htmlFor={selectId}>
        {t("tableFor", { name: person.name })}
      </label>
      <select
        id={selectId}
        name="seat"
        form={SEATING_FORM}
        className="plain-select table-select"
        defaultValue={seatValue(person.id, current)}
        onChange={(event) => {
          // With JavaScript a choice saves at once, through the same post as the whole plan's form.
          if (!hydrated) return;
          const table = event.currentTarget.value.split(":")[1];
          submitMove(move, [person.id], table ? Number(table) : null);
        }}
      >
        <option value={seatValue(person.id, null)}>{t("unseated")}</option>
        {tables.map((table) => (
          <option key={table.id} value={seatValue(person.id, table.id)}>
            {table.name}
          </option>
        ))}
      </select>
    </>
  );
}

/** A table form's refusal: the messages of each field (shown on it), the rest (shown below), and what was sent. */
function refusalOf(result: AdminActionData | undefined) {
  if (!result || result.ok) return null;
  const { name, seats, ...rest } = result.error ?? {};
  return { name: name ?? [], seats: seats ?? [], form: Object.values(rest).flatMap((v) => v ?? []), sent: result.initialValue };
}
type TableRefusal = ReturnType<typeof refusalOf>;

function TableFields({ table, refused, idPrefix }: { table?: PlanTable; refused: TableRefusal; idPrefix: string }) {
  const { t } = useTranslation("tables");
  const { t: tAll } = useTranslation();
  const message = (keys: string[] | undefined) => (keys?.length ? keys.map((key) => tAll(key)).join(" ") : undefined);
  return (
    <>
      <TextInput
        id={`${idPrefix}-name`}
        name="name"
        label={t("name")}
        defaultValue={refused?.sent?.name ?? table?.name}
        maxLength={MAX_TABLE_NAME_LENGTH}
        size="md"
        error={message(refused?.name)}
      />
      <TextInput
        id={`${idPrefix}-seats`}
        name="seats"
        label={t("seats")}
        type="number"
        inputMode="numeric"
        min={MIN_TABLE_SEATS}
        max={MAX_TABLE_SEATS}
        step={1}
        defaultValue={refused?.sent?.seats ?? (table ? String(table.seats) : "")}
        size="md"
        error={message(refused?.seats)}
      />
    </>
  );
}

function EditTableForm({ table }: { table: PlanTable }) {
  const { t } = useTranslation("tables");
  const save = useAdminAction("saveTable", `save-table-${table.id}`);
  // A plain post's refusal reaches every table's form: only the one it names shows it.
  const refused = refusalOf(save.result);
  const mine = refused && (!refused.sent?.id || refused.sent.id === String(table.id)) ? refused : null;
  return (
    <AdminForm action={save} className="admin-form">
      <input type="hidden" name="id" value={table.id} />
      <TableFields table={table} refused={mine} idPrefix={`table-${table.id}`} />
      <FormErrors id={`table-${table.id}-errors`} errors={mine?.form} />
      <Button type="submit" size="md" disabled={save.busy}>
        {t("save")}
      </Button>
    </AdminForm>
  );
}

function AddTableForm() {
  const { t } = useTranslation("tables");
  const add = useAdminAction("addTable", "add-table");
  // A new form after each save (the location changes with the redirect): empty for the next table.
  const formKey = useLocation().key;
  return (
    <section aria-labelledby="tables-add-title">
      <h3 id="tables-add-title">{t("addTitle")}</h3>
      <AdminForm action={add} className="card admin-card admin-form" key={formKey}>
        <TableFields refused={refusalOf(add.result)} idPrefix="add-table" />
        <FormErrors id="add-table-errors" errors={refusalOf(add.result)?.form} />
        <Button type="submit" size="md" disabled={add.busy}>
          {t("add")}
        </Button>
      </AdminForm>
    </section>
  );
}
