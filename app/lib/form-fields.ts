import { z } from "zod";
import { MAX_FORM_LIST_LENGTH } from "./constants";

/**
 * The field names a page form may send, so the server refuses any other before conform reads
 * the body (conform turns `guests[10000000]` into a ten-million-element array). Pure.
 */
export interface FormFields {
  /** Plain fields: `intent`, `code`, … */
  names: readonly string[];
  /** Lists sent as `name[0]`, `name[1]`, …: the base name and how many items are accepted. */
  lists: Readonly<Record<string, number>>;
}

/** Strips optional/default/effects wrappers down to the schema that says what the field is. */
function inner(schema: z.ZodTypeAny): z.ZodTypeAny {
  let s = schema;
  for (;;) {
    if (s instanceof z.ZodOptional || s instanceof z.ZodNullable) s = s.unwrap();
    else if (s instanceof z.ZodDefault) s = s.removeDefault();
    else if (s instanceof z.ZodEffects) s = s.innerType();
    else if (s instanceof z.ZodPipeline) s = s._def.in;
    else return s;
  }
}

function objectsOf(schema: z.ZodTypeAny): z.ZodObject<z.ZodRawShape>[] {
  const s = inner(schema);
  if (s instanceof z.ZodObject) return [s];
  if (s instanceof z.ZodDiscriminatedUnion) return [...s.options.values()].flatMap((o) => objectsOf(o as z.ZodTypeAny));
  if (s instanceof z.ZodUnion) return (s.options as z.ZodTypeAny[]).flatMap(objectsOf);
  throw new Error("formFieldsOf: the schema must be an object or a union of objects");
}

/**
 * Every field a form schema (an object or a union of objects) reads, plus `extra` names the
 * action reads beside it (e.g. `_js`). An array field is a list bounded by its `.max()`, or by
 * MAX_FORM_LIST_LENGTH when it states none.
 */
export function formFieldsOf(schema: z.ZodTypeAny, extra: readonly string[] = []): FormFields {
  const names = new Set(extra);
  const lists: Record<string, number> = {};
  for (const object of objectsOf(schema)) {
    for (const [key, field] of Object.entries(object.shape)) {
      const s = inner(field as z.ZodTypeAny);
      if (s instanceof z.ZodArray) {
        const max = (s._def as { maxLength: { value: number } | null }).maxLength?.value ?? MAX_FORM_LIST_LENGTH;
        lists[key] = Math.max(lists[key] ?? 0, Math.min(max, MAX_FORM_LIST_LENGTH));
      } else {
        names.add(key);
      }
    }
  }
  return { names: [...names], lists };
}
