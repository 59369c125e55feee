import { wishesTabSchema } from "~/lib/admin-schemas";
import { approveWish, listWishesForReview, removeWish, setWishesNeedReview, wishesNeedReview } from "~/models/wishes.server";
import { failed } from "~/http/admin/access.server";
import { attempt, done, type AdminScreenActions } from "~/http/admin/tab-action.server";

/** Mensajes: the approval switch, the wishes waiting for review and the published ones. */
export async function loadWishesTab() {
  const [review, wishes] = await Promise.all([wishesNeedReview(), attempt("wishes", listWishesForReview)]);
  return { review, wishes };
}

type WishesIntent = "setWishesReview" | "approveWish" | "rejectWish" | "deleteWish";

const FAILED = "wishes:admin.failed";
const failures: Record<WishesIntent, string> = { setWishesReview: FAILED, approveWish: FAILED, rejectWish: FAILED, deleteWish: FAILED };
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
    async deleteWish(input) {
      if (!(await removeWish(input.id))) return failed(input.intent, NOT_FOUND, 404);
      return done(input.intent, "wishes:admin.deleted");
    },
  },
};
