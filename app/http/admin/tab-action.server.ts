import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import { readForm } from "~/http/form.server";
import {
  CONFIRMED_INTENTS,
  type AdminInput,
  type AdminOperation,
  type AdminResult,
  type AdminToast,
  type ConfirmedIntent,
  type LoadError,
} from "~/lib/admin-schemas";
import { formFieldsOf } from "~/lib/form-fields";
import { isAdminSession } from "~/infra/session.server";
import { clientIp } from "~/http/request.server";
import { failed, refuseAdminPost } from "./access.server";
import { respond, type AdminAnswer, type AskConfirmation } from "./respond.server";

/** What a handler may need besides the form: the request (its language) and the client (a rate limit's key); always given by screenAction. */
export interface HandlerContext {
  request: Request;
  client: string;
}

type Handler<I extends AdminOperation> = (input: AdminInput<I>, context?: HandlerContext) => Promise<AdminResult>;

/**
 * One admin screen's forms: its schema (only its own intents), one handler per intent (each
 * calls one domain function and returns an AdminResult, never a response), and the screen's error
 * toast (e.g. 'Error al crear la invitación') when the store fails under it. TypeScript refuses a screen that misses one.
 *
 * A screen is one folder (app/routes/admin.<screen>/: route.tsx, its *.server.ts with these
 * handlers, its component). A new form there is its handler and failure, its <AdminForm
 * intent=...>, and its object in the screen's schema (app/lib/admin-schemas.ts, which the browser
 * shares: the intents' list and the questions asked first, CONFIRMED_INTENTS, live there too).
 */
export interface AdminScreenActions<I extends AdminOperation> {
  schema: z.ZodTypeAny;
  handlers: { [K in I]: Handler<K> };
  failures: Record<I, string>;
}

/** A success: its toast travels in the flash cookie. */
export const done = (intent: AdminOperation, key: string, extra: { created?: { code: string; primaryGuest: string } } = {}): AdminResult => {
  const toast: AdminToast = { kind: "success", key };
  return { intent, ok: true, toast, ...extra };
};

/** A list or figure that could not be loaded: reported in place (with the server's message), not a broken page. */
export async function attempt<T>(what: string, load: () => Promise<T>): Promise<T | LoadError> {
  try {
    return await load();
  } catch (error) {
    console.error(`admin: loading ${what} failed`, error);
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

const isConfirmed = (intent: string): intent is ConfirmedIntent => (CONFIRMED_INTENTS as readonly string[]).includes(intent);

/** The fields each screen's form may send: its schema's, and `name` (words a delete's question). */
const fieldsCache = new WeakMap<z.ZodTypeAny, ReturnType<typeof formFieldsOf>>();
function fieldsOf(schema: z.ZodTypeAny) {
  let fields = fieldsCache.get(schema);
  if (!fields) fieldsCache.set(schema, (fields = formFieldsOf(schema, ["name"])));
  return fields;
}

async function handle<I extends AdminOperation>(
  request: Request,
  context: AppLoadContext,
  screen: AdminScreenActions<I>,
  formData: FormData,
): Promise<AdminAnswer | AskConfirmation> {
  const intent = String(formData.get("intent") ?? "");
  const refused = await refuseAdminPost(request, context, intent);
  if (refused) return refused;
  // Another screen's intent fails here like any malformed form: 400, nothing done.
  const submission = parseWithZod(formData, { schema: screen.schema });
  if (submission.status !== "success") return { result: { intent, ok: false, status: 400, error: submission.reply().error ?? {} } };
  const value = submission.value as AdminInput<AdminOperation>;
  const operation = value.intent as I;
  // "Are you sure?" first: without confirmed=yes a plain form is shown the question on its own page.
  if (isConfirmed(value.intent) && "id" in value && !("confirmed" in value && value.confirmed === "yes")) {
    const name = formData.get("name");
    return { confirm: value.intent, id: value.id, name: typeof name === "string" ? name : undefined };
  }
  // The table is keyed by the same intent as the input: TypeScript cannot follow that link by itself.
  const handler = screen.handlers[operation] as Handler<I>;
  try {
    return { result: await handler(value as AdminInput<I>, { request, client: clientIp(context) }) };
  } catch (error) {
    // A failure of the store (disk full, locked database...): nothing half-done (each model
    // function writes in one statement or one transaction).
    console.error(`admin: ${operation} failed`, error);
    return { result: failed(operation, screen.failures[operation], 500) };
  }
}

/**
 * An admin screen's action: its form read (bounded, its own fields only), the session and origin
 * checked before anything is parsed, the form parsed with the screen's schema, then the intent's
 * handler; respond() answers, the same for the page's script and a plain form.
 */
export async function screenAction<I extends AdminOperation>(request: Request, context: AppLoadContext, screen: AdminScreenActions<I>) {
  const formData = await readForm(request, fieldsOf(screen.schema));
  return respond(request, await handle(request, context, screen, formData));
}

/**
 * An admin screen's route loader: the session first, then only that screen's data. Without the
 * session it loads nothing (null) and the /admin layout shows the login instead of any screen:
 * a page, as before the split. (Posts without it are refused with a 401: refuseAdminPost.)
 */
export const screenLoader =
  <D>(load: (request: Request) => Promise<D>) =>
  async ({ request }: LoaderFunctionArgs): Promise<D | null> => {
    if (!(await isAdminSession(request))) return null;
    return load(request);
  };

/** An admin screen's route action: its own intents only (screenAction). */
export const screenActionOf =
  <I extends AdminOperation>(screen: AdminScreenActions<I>) =>
  ({ request, context }: ActionFunctionArgs) =>
    screenAction(request, context, screen);
