import { describe, expect, it } from "vitest";
import { db } from "~/infra/db.server";
import { handleWishPost } from "~/routes/gallery/wishes.server";
import { wishesTab } from "~/routes/admin.wishes/wishes.server";
import { MAX_WISH_LENGTH } from "~/lib/wishes";
import { addWish, approveWish, listPublishedWishes, listWishesForReview, removeWish, setWishesNeedReview, wishesNeedReview } from "~/models/wishes.server";
import * as wishesApi from "~/routes/api.gallery.wishes._index";
import * as wishApprove from "~/routes/api.gallery.wishes.$id.approve";
import * as wishById from "~/routes/api.gallery.wishes.$id";
import * as wishReview from "~/routes/api.gallery.wishes.review";
import { useTestDatabase } from "./helpers/test-db";

const TOKEN = "unit-admin-api-token-0123456789";
const ADMIN = { Authorization: `Bearer ${TOKEN}` };

let clients = 0;
const freshIp = () => `10.9.${Math.floor(++clients / 250)}.${clients % 250}`;

type Args = { request: Request; params: Record<string, string | undefined>; context: { clientIp: string } };
type RouteModule = { loader: (args: Args) => Promise<Response>; action: (args: Args) => Promise<Response> };

async function call(
  mod: RouteModule,
  method: string,
  path: string,
  opts: { json?: unknown; headers?: Record<string, string>; params?: Record<string, string>; ip?: string } = {},
) {
  const headers = new Headers(opts.headers);
  if (opts.json !== undefined) headers.set("Content-Type", "application/json");
  const request = new Request(`http://localhost${path}`, { method, headers, body: opts.json === undefined ? undefined : JSON.stringify(opts.json) });
  const run = method === "GET" ? mod.loader : mod.action;
  const response = await run({ request, params: opts.params ?? {}, context: { clientIp: opts.ip ?? freshIp() } });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null };
}

/** The /gallery wish form as a browser posts it. */
async function postForm(fields: Record<string, string>, { ip = freshIp(), origin, lang }: { ip?: string; origin?: string; lang?: string } = {}) {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" };
  if (origin) headers.Origin = origin;
  if (lang) headers["Accept-Language"] = lang;
  const request = new Request("http://localhost/gallery", { method: "POST", headers, body: new URLSearchParams(fields).toString() });
  return (await handleWishPost(request, { clientIp: ip })) as unknown as
    Response | { data: { error: Record<string, string[] | null>; initialValue?: Record<string, string> }; init: { status: number } };
}

describe("guests' wishes", () => {
  useTestDatabase({ ADMIN_API_TOKEN: TOKEN, RATE_LIMIT_WISHES: "3" });

  it("a wish is at most 280 characters, counted after invisible characters are removed; a name and a message are required", async () => {
    expect(await addWish({ name: "Ana", message: "x".repeat(MAX_WISH_LENGTH) })).toMatchObject({ ok: true });
    expect(await addWish({ name: "Ana", message: "x".repeat(MAX_WISH_LENGTH + 1) })).toEqual({ ok: false, error: "messageTooLong" });
    // Zero-width spaces do not count (and are not stored).
    expect(await addWish({ name: "Ana", message: `${"x".repeat(MAX_WISH_LENGTH)}\u200b\u200b` })).toMatchObject({ ok: true });
    expect(await addWish({ name: "\u200b\u202e ", message: "Hola" })).toEqual({ ok: false, error: "nameRequired" });
    expect(await addWish({ name: "Ana", message: "\u2066\u2069" })).toEqual({ ok: false, error: "messageRequired" });
    expect(await addWish({ name: "A".repeat(61), message: "Hola" })).toEqual({ ok: false, error: "nameTooLong" });
    expect((await db().selectFrom("wishes").select("message").execute()).every((w) => w.message.length === MAX_WISH_LENGTH)).toBe(true);
  });

  it("invisible and bidi characters are removed from the name and the message, like names", async () => {
    await setWishesNeedReview(false);
    await addWish({ name: "  Ana\u200b \u202eMaría\u202c ", message: "¡Que\u200d vivan\n\nlos\u2067 novios!\u0000" });
    expect(await listPublishedWishes()).toMatchObject([{ name: "Ana María", message: "¡Que vivan los novios!" }]);
  });

  it("review is on when the switch was never set: a new wish is pending and shown to nobody until approved", async () => {
    expect(await wishesNeedReview()).toBe(true);
    const added = await addWish({ name: "Ana", message: "Felicidades" });
    expect(added).toMatchObject({ ok: true, status: "pending" });
    expect(await listPublishedWishes()).toEqual([]);
    expect((await call(wishesApi, "GET", "/api/gallery/wishes")).json).toEqual([]);
    if (!added.ok) throw new Error();
    expect(await approveWish(added.id)).toBe(true);
    expect(await listPublishedWishes()).toMatchObject([{ id: added.id, name: "Ana", message: "Felicidades" }]);
    // Approving twice, or rejecting a published wish as if pending, finds nothing.
    expect(await approveWish(added.id)).toBe(false);
    expect(await removeWish(added.id, "pending")).toBe(false);
    expect(await removeWish(added.id)).toBe(true);
    expect(await listPublishedWishes()).toEqual([]);
  });

  it("with the switch off a wish is published at once; on again, the next waits", async () => {
    await setWishesNeedReview(false);
    expect(await addWish({ name: "Ana", message: "Uno" })).toMatchObject({ status: "published" });
    await setWishesNeedReview(true);
    expect(await addWish({ name: "Luis", message: "Dos" })).toMatchObject({ status: "pending" });
    const { pending, published } = await listWishesForReview();
    expect(pending.map((w) => w.message)).toEqual(["Dos"]);
    expect(published.map((w) => w.message)).toEqual(["Uno"]);
  });

  it("the form: a refusal keeps what was typed, in the form's fields only; a success redirects with the review message", async () => {
    const refused = await postForm({ intent: "wish", name: "Ana", message: "x".repeat(281) });
    if (refused instanceof Response) throw new Error("expected a refusal");
    expect(refused.init.status).toBe(400);
    expect(refused.data.error.message).toEqual(["wishes:errors.messageTooLong"]);
    expect(refused.data.initialValue).toEqual({ name: "Ana", message: "x".repeat(281) });
    const sent = await postForm({ intent: "wish", name: "Ana", message: "¡Felicidades!" });
    if (!(sent instanceof Response)) throw new Error("expected a redirect");
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe("/gallery#wishes");
    expect(await db().selectFrom("wishes").select(["name", "status"]).execute()).toEqual([{ name: "Ana", status: "pending" }]);
    // Another form's field is not a wish form: refused before anything is read.
    await expect(postForm({ intent: "wish", name: "Ana", message: "Hola", code: "X" })).rejects.toMatchObject({ status: 400 });
  });

  it("the form refuses another site's post and limits each client (429 with Retry-After), storing nothing more", async () => {
    const forged = await postForm({ intent: "wish", name: "Ana", message: "Hola" }, { origin: "https://evil.example" });
    expect(forged).toMatchObject({ init: { status: 403 } });
    const ip = "10.8.0.1";
    for (let i = 0; i < 3; i++) expect(await postForm({ intent: "wish", name: "Ana", message: `Hola ${i}` }, { ip })).toBeInstanceOf(Response);
    const limited = (await postForm({ intent: "wish", name: "Ana", message: "Otra" }, { ip })) as unknown as Response;
    expect(limited).toMatchObject({ init: { status: 429 } });
    // Another client is not held back.
    expect(await postForm({ intent: "wish", name: "Luis", message: "Hola" })).toBeInstanceOf(Response);
    expect(await db().selectFrom("wishes").select("id").execute()).toHaveLength(4);
  });

  it("the API: POST answers 201 with the state, 400 past 280 characters in the client's language, 429 past the client's allowance", async () => {
    expect(await call(wishesApi, "POST", "/api/gallery/wishes", { json: { name: "Ana", message: "Hola" } })).toEqual({
      status: 201,
      json: { id: 1, status: "pending" },
    });
    const tooLong = { name: "Ana", message: "x".repeat(281) };
    expect(await call(wishesApi, "POST", "/api/gallery/wishes", { json: tooLong })).toEqual({
      status: 400,
      json: { error: "El mensaje no puede tener más de 280 caracteres." },
    });
    expect(await call(wishesApi, "POST", "/api/gallery/wishes", { json: tooLong, headers: { "Accept-Language": "en" } })).toEqual({
      status: 400,
      json: { error: "The message cannot be longer than 280 characters." },
    });
    expect((await call(wishesApi, "POST", "/api/gallery/wishes", { json: { name: "Ana", message: "Hola", status: "published" } })).status).toBe(400);
    const ip = "10.8.0.2";
    for (let i = 0; i < 3; i++) await call(wishesApi, "POST", "/api/gallery/wishes", { json: { name: "Ana", message: `Hola ${i}` }, ip });
    expect((await call(wishesApi, "POST", "/api/gallery/wishes", { json: { name: "Ana", message: "Otra" }, ip })).status).toBe(429);
    expect(await db().selectFrom("wishes").select("id").execute()).toHaveLength(4);
  });

  it("the API: a pending wish is reachable by the admin only; approve and delete need the token", async () => {
    const { json } = await call(wishesApi, "POST", "/api/gallery/wishes", { json: { name: "Ana", message: "Hola" } });
    const id = String(json.id);
    expect((await call(wishReview, "GET", "/api/gallery/wishes/review")).status).toBe(401);
    expect((await call(wishApprove, "POST", `/api/gallery/wishes/${id}/approve`, { params: { id } })).status).toBe(401);
    expect((await call(wishById, "DELETE", `/api/gallery/wishes/${id}`, { params: { id } })).status).toBe(401);
    expect((await call(wishReview, "PUT", "/api/gallery/wishes/review", { json: { review: false } })).status).toBe(401);
    expect((await call(wishReview, "GET", "/api/gallery/wishes/review", { headers: ADMIN })).json).toMatchObject({
      review: true,
      pending: [{ name: "Ana" }],
      published: [],
    });
    expect((await call(wishApprove, "POST", `/api/gallery/wishes/${id}/approve`, { params: { id }, headers: ADMIN })).status).toBe(200);
    expect((await call(wishesApi, "GET", "/api/gallery/wishes")).json).toMatchObject([{ name: "Ana", message: "Hola" }]);
    expect((await call(wishById, "DELETE", `/api/gallery/wishes/${id}`, { params: { id }, headers: ADMIN })).status).toBe(200);
    expect((await call(wishById, "DELETE", `/api/gallery/wishes/${id}`, { params: { id }, headers: ADMIN })).status).toBe(404);
    expect(await call(wishReview, "PUT", "/api/gallery/wishes/review", { json: { review: false }, headers: ADMIN })).toEqual({
      status: 200,
      json: { review: false },
    });
    expect(await wishesNeedReview()).toBe(false);
  });

  it("the admin screen's handlers: the switch, approve, reject (pending only) and delete", async () => {
    const a = await addWish({ name: "Ana", message: "Uno" });
    const b = await addWish({ name: "Luis", message: "Dos" });
    if (!a.ok || !b.ok) throw new Error();
    expect(await wishesTab.handlers.approveWish({ intent: "approveWish", id: a.id })).toMatchObject({ ok: true });
    expect(await wishesTab.handlers.rejectWish({ intent: "rejectWish", id: a.id })).toMatchObject({ ok: false, status: 404 });
    expect(await wishesTab.handlers.rejectWish({ intent: "rejectWish", id: b.id })).toMatchObject({ ok: true });
    expect(await wishesTab.handlers.deleteWish({ intent: "deleteWish", id: a.id, confirmed: "yes" })).toMatchObject({ ok: true });
    expect(await db().selectFrom("wishes").select("id").execute()).toEqual([]);
    expect(await wishesTab.handlers.setWishesReview({ intent: "setWishesReview", review: false })).toMatchObject({ ok: true });
    expect(await wishesNeedReview()).toBe(false);
    // The schema reads an unticked switch as off, a ticked one as on.
    expect(wishesTab.schema.parse({ intent: "setWishesReview" })).toEqual({ intent: "setWishesReview", review: false });
    expect(wishesTab.schema.parse({ intent: "setWishesReview", review: "on" })).toEqual({ intent: "setWishesReview", review: true });
  });
});
