import { db } from "~/infra/db.server";
import { wishSchema, type PublicWish } from "~/lib/wishes";
import { pendingWishCount, pendingWishesFull } from "./ceilings.server";
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
/** Why a well-formed wish was not taken: the pending wishes are at their site-wide ceiling (PENDING_WISHES_MAX). */
export type WishRefusal = WishInputError | "wishesFull";
const ERRORS: Record<string, WishInputError> = {
  "wishes:errors.nameRequired": "nameRequired",
  "wishes:errors.nameTooLong": "nameTooLong",
  "wishes:errors.messageRequired": "messageRequired",
  "wishes:errors.messageTooLong": "messageTooLong",
};

/**
 * Stores a guest's wish after the shared rules (app/lib/wishes.ts: cleaned, then checked), pending
 * or published by the switch. Whoever calls it (the page, the API) limits how often a client may;
 * a pending wish past PENDING_WISHES_MAX (site-wide, counted in the insert's transaction) is
 * refused as "wishesFull" until the couple reviews (decision 0037).
 */
export async function addWish(input: {
  name: unknown;
  message: unknown;
}): Promise<{ ok: true; id: number; status: "published" | "pending" } | { ok: false; error: WishRefusal }> {
  const parsed = wishSchema.safeParse({ name: input.name ?? "", message: input.message ?? "" });
  if (!parsed.success) return { ok: false, error: ERRORS[parsed.error.issues[0]?.message ?? ""] ?? "messageRequired" };
  const status = (await wishesNeedReview()) ? "pending" : "published";
  const now = new Date().toISOString();
  const id = await db()
    .transaction()
    .execute(async (trx) => {
      if (status === "pending" && (await pendingWishesFull(trx))) return null;
      const row = await trx
        .insertInto("wishes")
        .values({ name: parsed.data.name, message: parsed.data.message, status, published_at: status === "published" ? now : null, created_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    });
  if (id === null) return { ok: false, error: "wishesFull" };
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

/** The pending wishes the admin's 'Mensajes' shows on one page. */
export const PENDING_WISHES_PER_PAGE = MAX_LISTED_WISHES;

/**
 * Every wish for the admin: the pending ones oldest first (the order they came in), a page of
 * PENDING_WISHES_PER_PAGE at a time (`page` from 1; every pending wish is on some page), with
 * their total; then the published ones, newest first.
 */
export async function listWishesForReview(page = 1): Promise<{ pending: AdminWish[]; pendingTotal: number; published: AdminWish[] }> {
  const columns = ["id", "name", "message", "status", "published_at", "created_at"] as const;
  const [pending, pendingTotal, published] = await Promise.all([
    db()
      .selectFrom("wishes")
      .select(columns)
      .where("status", "=", "pending")
      .orderBy("created_at")
      .orderBy("id")
      .limit(PENDING_WISHES_PER_PAGE)
      .offset((Math.max(1, page) - 1) * PENDING_WISHES_PER_PAGE)
      .execute(),
    pendingWishCount(),
    db()
      .selectFrom("wishes")
      .select(columns)
      .where("status", "=", "published")
      .orderBy("published_at", "desc")
      .orderBy("id", "desc")
      .limit(MAX_LISTED_WISHES)
      .execute(),
  ]);
  return { pending, pendingTotal, published };
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

/**
 * 'Rechazar todos': removes every wish still pending that the admin had on screen, i.e. with an id
 * up to `upTo` (the newest pending one when the page was loaded), so one that came in after is
 * never rejected unseen. Returns how many went.
 */
export async function rejectAllPendingWishes(upTo: number): Promise<number> {
  const result = await db().deleteFrom("wishes").where("status", "=", "pending").where("id", "<=", upTo).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The newest pending wish's id (what 'Rechazar todos' covers), or null when none waits. */
export async function newestPendingWishId(): Promise<number | null> {
  const row = await db().selectFrom("wishes").select("id").where("status", "=", "pending").orderBy("id", "desc").limit(1).executeTakeFirst();
  return row?.id ?? null;
}
