import type { ConfirmedIntent } from "~/lib/admin-schemas";
import { AdminForm } from "./AdminForm";
import { ConfirmAction } from "./ConfirmAction";
import { useAdminAction, type AdminAction } from "./useAdminFetcher";

/**
 * 'Subir' and 'Bajar' for one row of an ordered list (events, questions): each a plain form
 * posting the row's id and `direction`, so the order changes the same without JavaScript. The
 * first row has no 'Subir', the last no 'Bajar'. `name` names the row for a screen reader.
 */
export function MoveButtons(props: { action: AdminAction; id: number; name: string; first: boolean; last: boolean; up: string; down: string }) {
  const { action, id, name } = props;
  const button = (direction: "up" | "down", text: string) => (
    <AdminForm action={action}>
      <input type="hidden" name="id" value={id} />
      <button type="submit" name="direction" value={direction} className="button secondary" aria-label={`${text}: ${name}`}>
        {text}
      </button>
    </AdminForm>
  );
  return (
    <>
      {props.first ? null : button("up", props.up)}
      {props.last ? null : button("down", props.down)}
    </>
  );
}

/**
 * Removing a row: one that has answers asks first (a dialog with JavaScript, a page of its own
 * without); one nobody answered goes at once.
 */
export function RemoveRowButton(props: { intent: ConfirmedIntent; id: number; name: string; hasAnswers: boolean; prompt: string; text: string }) {
  const { intent, id, name, text } = props;
  const remove = useAdminAction(intent, `${intent}-${id}`);
  const label = `${text}: ${name}`;
  if (props.hasAnswers) {
    return (
      <ConfirmAction intent={intent} id={id} name={name} prompt={props.prompt} label={label}>
        {text}
      </ConfirmAction>
    );
  }
  return (
    <AdminForm action={remove}>
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="confirmed" value="yes" />
      <button type="submit" className="danger-button" aria-label={label} disabled={remove.busy}>
        {text}
      </button>
    </AdminForm>
  );
}
