import { Button, Textarea, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { createContext, useContext, useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FormErrors } from "~/components/confirm/FormErrors";
import type { ContentFormReply } from "~/http/admin/content.server";

/** The form's errors (by conform field name) and what was typed, for the fields inside it. */
interface EditorState {
  errors: Record<string, string[] | null>;
  typed: Record<string, unknown> | null;
}
const EditorContext = createContext<EditorState>({ errors: {}, typed: null });

/** A value at a conform path (`moments[2].title.es`) of a nested object. */
export function valueAt(source: unknown, path: string): unknown {
  let node: unknown = source;
  for (const part of path.replace(/\[(\d+)\]/g, ".$1").split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/**
 * One sub-section's editor: a plain form (POST, then the page again: works without JavaScript)
 * with 'Guardar cambios'. A refusal shows each message next to its field, keeps what was typed,
 * and (with JavaScript) the toast 'Error al guardar el contenido'; a success comes back with
 * 'Contenido guardado' (the flash toast). `version` (the saved value) resets the fields after a save.
 */
export function ContentForm({ version, children, id }: { version: unknown; children: ReactNode; id: string }) {
  const { t } = useTranslation("content");
  const reply = useActionData<ContentFormReply>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod?.toLowerCase() === "post";
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (!reply || reply.ok || reply.draft || isPictureReply(reply) || shown.current === reply) return;
    shown.current = reply;
    notifications.show({ color: "red", message: t(reply.toast) });
  }, [reply, t]);
  // A picture's refused upload (its own form shows it) is not this form's.
  const own = reply && !reply.ok && !isPictureReply(reply) ? reply : undefined;
  const errors = own ? own.error : {};
  const typed = own ? own.initialValue : null;
  const formErrors = [...(errors[""] ?? []), ...(Object.keys(errors).some((k) => k !== "") ? [own!.toast] : [])];
  return (
    <EditorContext.Provider value={{ errors, typed }}>
      <Form method="post" className="admin-form content-form" key={JSON.stringify(version)} aria-labelledby={`${id}-title`} noValidate>
        <input type="hidden" name="intent" value="saveContent" />
        <FormErrors id={`${id}-errors`} errors={formErrors.length ? formErrors : undefined} />
        <p className="admin-muted">{t("fallbackNote")}</p>
        {children}
        <div>
          <Button type="submit" size="md" loading={busy}>
            {t("save")}
          </Button>
        </div>
      </Form>
    </EditorContext.Provider>
  );
}

const isPictureReply = (reply: object) => "intent" in reply;

/** A field's value (what was typed after a refusal, else the saved one) and its message. */
export function useField(name: string, saved: unknown) {
  const { t } = useTranslation("content");
  const { errors, typed } = useContext(EditorContext);
  const typedValue = typed ? valueAt(typed, name) : undefined;
  const value = typed ? (typedValue ?? "") : saved;
  const messages = errors[name];
  return { defaultValue: value == null ? "" : String(value), error: messages?.length ? messages.map((m) => t(m)).join(" ") : undefined };
}

/** One field: a line, or a text with line breaks (`multiline`). */
export function ContentField({
  name,
  label,
  saved,
  multiline = false,
  max,
  type = "text",
  description,
  readOnly,
}: {
  name: string;
  label: string;
  saved: unknown;
  multiline?: boolean;
  max?: number;
  type?: "text" | "email" | "tel" | "number" | "time" | "datetime-local";
  description?: string;
  readOnly?: boolean;
}) {
  const field = useField(name, saved);
  const common = { name, label, description, readOnly, error: field.error, defaultValue: field.defaultValue, size: "md" as const, maxLength: max };
  return multiline ? <Textarea {...common} autosize minRows={3} /> : <TextInput {...common} type={type} step={type === "number" ? "any" : undefined} />;
}

/** A text in both languages: '… (ES)' and '… (EN)' side by side (English left empty shows Spanish). */
export function PairField({
  name,
  label,
  saved,
  multiline,
  max,
}: {
  name: string;
  label: string;
  saved: { es: string; en: string };
  multiline?: boolean;
  max: number;
}) {
  const { t } = useTranslation("content");
  return (
    <div className="content-pair">
      <ContentField name={`${name}.es`} label={t("inSpanish", { label })} saved={saved.es} multiline={multiline} max={max} />
      <ContentField name={`${name}.en`} label={t("inEnglish", { label })} saved={saved.en} multiline={multiline} max={max} />
    </div>
  );
}

/**
 * A row of an editable list ('Frases', 'Alojamiento'): its 'Quitar' box and its position, so that
 * one plain form adds, removes and reorders (app/lib/content-schemas.ts, editableList).
 */
export function RowControls({ name, index, removeLabel }: { name: string; index: number; removeLabel?: string }) {
  const { t } = useTranslation("content");
  return (
    <div className="content-row-controls">
      <ContentField name={`${name}[${index}].position`} label={t("list.position", { n: index + 1 })} type="number" saved={index + 1} />
      {removeLabel ? (
        <label className="content-remove">
          <input type="checkbox" name={`${name}[${index}].remove`} />
          {removeLabel}
        </label>
      ) : null}
    </div>
  );
}
