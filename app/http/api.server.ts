import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import type { ZodType } from "zod";
import { MAX_JSON_BODY_BYTES } from "~/lib/constants";
import { limitBearerGuesses, isAdminRequest, UNAUTHORIZED_MESSAGE } from "~/infra/auth.server";
import { apiAnswers, apiT } from "~/http/api-messages.server";
import { RateLimited } from "~/infra/rate-limit.server";
import { clientIp, isCrossOrigin } from "~/http/request.server";
import { readBoundedBody } from "~/http/form.server";

/**
 * Shared plumbing of the /api resource routes: JSON answers with `{ error }` on failure
 * (the field names of docs/api.md on success), method dispatch with 405 + Allow, bounded JSON bodies,
 * the admin check, cross-origin refusal of mutating calls, and a 500 that is logged but never
 * shows a stack.
 *
 * 401, 403 and 500 carry fixed Spanish messages ('No autorizado', 'Acceso denegado', 'Error del servidor'); every other message is
 * in the caller's language (Spanish by default).
 */

export { MAX_JSON_BODY_BYTES };
export const FORBIDDEN_MESSAGE = "Acceso denegado";
export const SERVER_ERROR_MESSAGE = "Error del servidor";

/** A failure answered as `{ error: message }` with its status (thrown by handlers). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const apiJson = (data: unknown, status = 200, headers?: Record<string, string>) =>
  Response.json(data, { status, headers: { "Cache-Control": "no-store", ...headers } });

export const apiError = (status: number, message: string, headers?: Record<string, string>) => apiJson({ error: message }, status, headers);

/** Throws the translated `{ error }` answer for a [status, translation key] pair. */
export async function fail(request: Request, [status, key]: readonly [number, string], values?: Record<string, unknown>): Promise<never> {
  throw new ApiError(status, (await apiT(request))(key, values ?? {}));
}

export type ApiMethod = "GET" | "POST" | "PUT" | "DELETE";
export interface ApiArgs {
  request: Request;
  params: LoaderFunctionArgs["params"];
  context: AppLoadContext;
}
type Handler = (args: ApiArgs) => Promise<Response> | Response;
export type ApiHandlers = Partial<Record<ApiMethod, Handler>>;

const ORDER: ApiMethod[] = ["GET", "POST", "PUT", "DELETE"];

/** The Allow header for a set of handlers (HEAD wherever GET is served). */
export function allowHeader(handlers: ApiHandlers): string {
  const methods = ORDER.filter((m) => handlers[m]);
  if (handlers.GET) methods.splice(1, 0, "HEAD" as ApiMethod);
  return methods.join(", ");
}

// The client each /api request counts against, set by dispatch (every /api route runs through it)
// for the handlers' admin checks, which only see the request.
const apiClients = new WeakMap<Request, string>();

/**
 * Runs the handler for the request's method: 405 (with Allow) for any other, 403 for a
 * mutating call from another origin, `{ error }` for an ApiError, 429 (with Retry-After) for
 * RateLimited, 500 (logged) for anything else.
 */
export async function dispatch(args: ApiArgs, handlers: ApiHandlers): Promise<Response> {
  const { request } = args;
  const method = request.method === "HEAD" ? "GET" : (request.method as ApiMethod);
  const handler = ORDER.includes(method) ? handlers[method] : undefined;
  if (!handler) {
    return apiError(405, (await apiT(request))("common:api.methodNotAllowed"), { Allow: allowHeader(handlers) });
  }
  if (method !== "GET" && isCrossOrigin(request, args.context)) return apiError(403, FORBIDDEN_MESSAGE);
  try {
    const client = clientIp(args.context);
    apiClients.set(request, client);
    await limitBearerGuesses(request, client);
    return await handler(args);
  } catch (error) {
    if (error instanceof ApiError) return apiError(error.status, error.message, error.headers);
    if (error instanceof RateLimited) {
      const [status, key] = apiAnswers.tooManyRequests;
      const message = (await apiT(request))(key, { minutes: error.retryAfterMinutes });
      return apiError(status, message, { "Retry-After": String(error.retryAfterSeconds) });
    }
    // requireAdmin and friends throw ready answers.
    if (error instanceof Response) return error;
    console.error(`${request.method} ${new URL(request.url).pathname} failed:`, error instanceof Error ? error.message : error, error);
    return apiError(500, SERVER_ERROR_MESSAGE);
  }
}

/**
 * One resource route module's loader and action from its handlers (Remix sends GET/HEAD to
 * the loader and every other method to the action; both dispatch on the same table).
 */
export function apiRoute(handlers: ApiHandlers) {
  const run = (args: ApiArgs) => dispatch(args, handlers);
  return { loader: run, action: run };
}

/** Whether the admin session cookie or the API token is sent (the token's guess counted once per request, see dispatch). */
export async function isApiAdmin(request: Request): Promise<boolean> {
  return isAdminRequest(request, apiClients.get(request) ?? "unknown");
}

/** 401 `{ error: "No autorizado" }` unless the admin session cookie or the API token is sent. */
export async function requireApiAdmin(request: Request): Promise<void> {
  if (!(await isApiAdmin(request))) throw new ApiError(401, UNAUTHORIZED_MESSAGE);
}

/**
 * The body as text, never reading more than `limit` bytes (whatever Content-Length says,
 * or when it says nothing): 413 past the limit.
 */
export async function readBodyText(request: Request, limit = MAX_JSON_BODY_BYTES): Promise<string> {
  const body = await readBoundedBody(request, limit);
  if (body === null) return fail(request, [413, "common:api.bodyTooLarge"], { kb: Math.floor(limit / 1024) });
  return body.toString("utf8");
}

/**
 * Reads a bounded JSON body and checks its shape (types only: the rules are the server
 * functions'). 413 when too big; 400 for malformed JSON, a wrong type or an unknown field.
 */
export async function readJson<T>(request: Request, schema: ZodType<T>): Promise<T> {
  const text = await readBodyText(request);
  let body: unknown;
  try {
    body = text.trim() ? JSON.parse(text) : {};
  } catch {
    return fail(request, [400, "common:api.invalidJson"]);
  }
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  if (issue?.code === "unrecognized_keys") return fail(request, [400, "common:api.unknownField"], { field: issue.keys.join(", ") });
  const field = issue && issue.path.length > 0 ? issue.path.join(".") : "(body)";
  return fail(request, [400, "common:api.invalidField"], { field });
}

/** A positive integer id from a URL segment, or 400. */
export async function idParam(request: Request, value: string | undefined): Promise<number> {
  if (!value || !/^[0-9]{1,15}$/.test(value) || Number(value) <= 0) return fail(request, [400, "common:api.invalidId"]);
  return Number(value);
}
