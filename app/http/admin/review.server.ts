import { reviewTabSchema, type AdminResult } from "~/lib/admin-schemas";
import { uploadCeilings } from "~/models/ceilings.server";
import { approvePending, countPending, listPending, rejectPending, type ReviewTarget } from "~/models/review.server";
import { failed } from "./access.server";
import { attempt, done, type AdminScreenActions } from "./tab-action.server";

/** Por revisar: the photos waiting for the couple, by section, and whether a site-wide ceiling refuses guests' photos now. */
export async function loadReviewTab() {
  const [pending, ceilings] = await Promise.all([attempt("pending photos", () => listPending()), uploadCeilings().catch(() => null)]);
  return { pending, ceilings };
}

/**
 * 'Por revisar (N)': the tab's count, shown by the /admin layout whichever screen is open (0
 * without the session). A store that cannot answer leaves the label at 0: the screen says why.
 */
export async function pendingReviewCount(authenticated: boolean): Promise<number> {
  return authenticated ? countPending().catch(() => 0) : 0;
}

type ReviewIntent = "approveMedia" | "rejectMedia" | "approveSection" | "rejectSection";

const failures: Record<ReviewIntent, string> = {
  approveMedia: "review:toasts.approveError",
  rejectMedia: "review:toasts.rejectError",
  approveSection: "review:toasts.approveError",
  rejectSection: "review:toasts.rejectError",
};

/** One decision: a 404 when nothing was pending there (decided already, or never pending). */
async function decide(intent: ReviewIntent, target: ReviewTarget, success: string): Promise<AdminResult> {
  const decided = intent.startsWith("approve") ? await approvePending(target) : await rejectPending(target);
  if (decided === 0) return failed(intent, "review:toasts.nothingPending", 404);
  return { ...done(intent, success), toast: { kind: "success", key: success, values: { count: decided } } };
}

export const reviewTab: AdminScreenActions<ReviewIntent> = {
  schema: reviewTabSchema,
  failures,
  handlers: {
    approveMedia: (input) => decide(input.intent, { mediaId: input.id }, "review:toasts.approved"),
    rejectMedia: (input) => decide(input.intent, { mediaId: input.id }, "review:toasts.rejected"),
    approveSection: (input) => decide(input.intent, { sectionId: input.id }, "review:toasts.approved"),
    rejectSection: (input) => decide(input.intent, { sectionId: input.id }, "review:toasts.rejected"),
  },
};
