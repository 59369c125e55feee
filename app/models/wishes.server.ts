import { db } from "~/infra/db.server";
import { wishSchema, type PublicWish } from "~/lib/wishes";
import { getSetting, setSetting } from "./site-settings.server";

/**
 * Guests' wishes ('Deja un mensaje'): a new one is pending while the site-wide switch
 * 'Revisar mensajes antes de publicar' is on (the default), published at once otherwise. Only
 * published wishes reach guests (the gallery, the slideshow, the API); the admin sees both.
 */

/** Whether new wishes wait for the couple's approval: on unless the admin turned it off. */
export async function wishesNeedReview(): Promise<boolean> {
  return (await getSetting("wishes_review")) !== "0";
}

export async function setWishesNeedReview(on: boolean): Promise<void> {
  await setSetting("wishes_review", on ? "1" : "0");
}

export type WishInputError = "nameRequired" | "nameTooLong" | "messageRequired" | "messageTooLong";
const ERRORS: Record<string, WishInputError> = {
  "wishes:errors.nameRequired": "nameRequired",
  "wishes:errors.nameTooLong": "nameTooLong",
  "wishes:errors.messageRequired": "messageRequired",
  "wishes:errors.messageTooLong": "messageTooLong",
};

/**
 * Stores a guest's wish after the shared rules (app/lib/wishes.ts: cleaned, then checked), pending
 * or published by the switch. Whoever calls it (the page, the API) limits how often a client may.
 */
export async function addWish(input: {
  name: unknown;
  message: unknown;
}): Promise<{ ok: true; id: number; status: "published" | "pending" } | { ok: false; error: WishInputError }> {
  const parsed = wishSchema.safeParse({ name: input.name ?? "", message: input.message ?? "" });
  if (!parsed.success) return { ok: false, error: ERRORS[parsed.error.issues[0]?.message ?? ""] ?? "messageRequired" };
  const status = (await wishesNeedReview()) ? "pending" : "published";
  const now = new Date().toISOString();
  const { id } = await db()
    .insertInto("wishes")
    .values({ name: parsed.data.name, message: parsed.data.message, status, published_at: status === "published" ? now : null, created_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { ok: true, id, status };
}

/** Most wishes a list shows: a wedding's guests write far fewer; a flood never makes a page unbounded. */
export const MAX_LISTED_WISHES = 500;

/** The published wishes, newest first: what guests see. */
export async function listPublishedWishes(): Promise<PublicWish[]> {
  return db()
    .selectFrom("wishes")
    .select(["id", "name", "message", "published_at"])
    .where("status", "=", "published")
    .orderBy("published_at", "desc")
    .orderBy("id", "desc")
    .limit(MAX_LISTED_WISHES)
    .execute();
}

export interface AdminWish extends PublicWish {
  status: "published" | "pending";
  created_at: string;
}

/** Every wish for the admin, pending ones first (oldest first, the order they came in), then the published ones, newest first. */
export async function listWishesForReview(): Promise<{ pending: AdminWish[]; published: AdminWish[] }> {
  const columns = ["id", "name", "message", "status", "published_at", "created_at"] as const;
  const [pending, published] = await Promise.all([
    db().selectFrom("wishes").select(columns).where("status", "=", "pending").orderBy("created_at").orderBy("id").limit(MAX_LISTED_WISHES).execute(),
    db()
      .selectFrom("wishes")
      .select(columns)
      .where("status", "=", "published")
      .orderBy("published_at", "desc")
      .orderBy("id", "desc")
      .limit(MAX_LISTED_WISHES)
      .execute(),
  ]);
  return { pending, published };
}

/** Publishes a pending wish (now); false when there is no such pending wish. */
export async function approveWish(id: number): Promise<boolean> {
  const result = await db()
    .updateTable("wishes")
    .set({ status: "published", published_at: new Date().toISOString() })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Removes a wish: 'Rechazar' a pending one (`only: "pending"`, so a stale page never deletes one
 * published since), 'Eliminar' any. False when there is none.
 */
export async function removeWish(id: number, only?: "pending"): Promise<boolean> {
  let query = db().deleteFrom("wishes").where("id", "=", id);
  if (only) query = query.where("status", "=", only);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
