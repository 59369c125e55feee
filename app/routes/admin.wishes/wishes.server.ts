import { wishesTabSchema } from "~/lib/admin-schemas";
import { pageOf } from "~/lib/pages";
import {
  approveWish,
  listWishesForReview,
  newestPendingWishId,
  PENDING_WISHES_PER_PAGE,
  rejectAllPendingWishes,
  removeWish,
  setWishesNeedReview,
  wishesNeedReview,
} from "~/models/wishes.server";
import { failed } from "~/http/admin/access.server";
import { attempt, done, type AdminScreenActions } from "~/http/admin/tab-action.server";

/**
 * Mensajes: the approval switch, one page (`?page=N`) of the wishes waiting for review with their
 * total, the newest pending one ('Rechazar todos' covers up to it) and the published ones.
 */
export async function loadWishesTab(request: Request) {
  const page = pageOf(request);
  const [review, wishes, newestPending] = await Promise.all([
    wishesNeedReview(),
    attempt("wishes", () => listWishesForReview(page)),
    newestPendingWishId().catch(() => null),
  ]);
  return { review, wishes, page, perPage: PENDING_WISHES_PER_PAGE, newestPending };
}

type WishesIntent = "setWishesReview" | "approveWish" | "rejectWish" | "deleteWish" | "rejectAllWishes";

const FAILED = "wishes:admin.failed";
const failures: Record<WishesIntent, string> = {
  setWishesReview: FAILED,
  approveWish: FAILED,
  rejectWish: FAILED,
  deleteWish: FAILED,
  rejectAllWishes: FAILED,
};
const NOT_FOUND = "wishes:errors.notFound";

export const wishesTab: AdminScreenActions<WishesIntent> = {
  schema: wishesTabSchema,
  failures,
  handlers: {
    async setWishesReview(input) {
      await setWishesNeedReview(input.review);
      return done(input.intent, "wishes:admin.settingSaved");
    },
    async approveWish(input) {
      if (!(await approveWish(input.id))) return failed(input.intent, NOT_FOUND, 404);
      return done(input.intent, "wishes:admin.approved");
    },
    // A pending wish only: one published since the page was loaded is not removed by a stale 'Rechazar'.
    async rejectWish(input) {
      if (!(await removeWish(input.id, "pending"))) return failed(input.intent, NOT_FOUND, 404);
      return done(input.intent, "wishes:admin.rejected");
    },
    async rejectAllWishes(input) {
      const rejected = await rejectAllPendingWishes(input.id);
      if (rejected === 0) return failed(input.intent, "wishes:admin.nonePending", 404);
      return { ...done(input.intent, "wishes:admin.rejectedAll"), toast: { kind: "success", key: "wishes:admin.rejectedAll", values: { count: rejected } } };
    },
    async deleteWish(input) {
      if (!(await removeWish(input.id))) return failed(input.intent, NOT_FOUND, 404);
      return done(input.intent, "wishes:admin.deleted");
    },
  },
};
