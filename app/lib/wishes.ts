import { z } from "zod";
import { formFieldsOf } from "./form-fields";
import { nameField } from "./names";

/** Longest wish, in characters (after the clean-up below): the 280. */
export const MAX_WISH_LENGTH = 280;
/** Longest name under a wish: the same as the uploader's name on a photo. */
export const MAX_WISH_NAME_LENGTH = 60;

/**
 * A guest's wish ('Deja un mensaje'), shared by the /gallery form (conform, in the browser too),
 * the API and the model: both fields are cleaned like names (app/lib/names.ts: invisible, bidi and
 * control characters removed, spaces and line breaks collapsed), then checked. Messages are
 * translation keys.
 */
export const wishSchema = z.object({
  name: nameField(MAX_WISH_NAME_LENGTH, { required: "wishes:errors.nameRequired", tooLong: "wishes:errors.nameTooLong" }),
  message: nameField(MAX_WISH_LENGTH, { required: "wishes:errors.messageRequired", tooLong: "wishes:errors.messageTooLong" }),
});
export type WishInput = z.infer<typeof wishSchema>;

/** The /gallery wish form: its `intent` tells it from the upload form posted to the same page. */
export const wishFormSchema = wishSchema.extend({ intent: z.literal("wish") });
export const wishFormFields = formFieldsOf(wishFormSchema);
/** What a refused wish form gives back: what the guest typed. */
export const wishKeptFields = formFieldsOf(wishSchema);

/** A wish as guests see it (the gallery, the slideshow, GET /api/gallery/wishes). */
export interface PublicWish {
  id: number;
  name: string;
  message: string;
  published_at: string | null;
}

/** The /gallery action answers both its forms: the wish form's answers carry `form: "wish"`. */
export const isWishAnswer = (value: unknown): value is { form: "wish" } =>
  typeof value === "object" && value !== null && (value as { form?: unknown }).form === "wish";

/** The /gallery action's answer when it is the upload form's (the wish form reads its own). */
export function uploadAnswerOf<T>(answer: T | undefined): Exclude<T, { form: "wish" }> | undefined {
  return answer !== undefined && !isWishAnswer(answer) ? (answer as Exclude<T, { form: "wish" }>) : undefined;
}
