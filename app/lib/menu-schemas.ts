import { z } from "zod";
import { MAX_DISH_DESCRIPTION_LENGTH, MAX_DISH_NAME_LENGTH } from "./menu";

const id = z.coerce.number().int().positive();
const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === "1" || v === true, z.boolean());
// Bounds only (with room for spaces the rule trims): the rules are checkDish's (app/lib/menu.ts).
const dishFields = {
  name: z
    .string()
    .max(MAX_DISH_NAME_LENGTH * 2, "menu:errors.dishNameTooLong")
    .optional(),
  nameEn: z
    .string()
    .max(MAX_DISH_NAME_LENGTH * 2, "menu:errors.dishNameTooLong")
    .optional(),
  description: z
    .string()
    .max(MAX_DISH_DESCRIPTION_LENGTH * 2, "menu:errors.dishDescriptionTooLong")
    .optional(),
};

/** 'Menú' (/admin/menu): its two switches and its dishes. Messages are translation keys. */
export const menuTabSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("saveMenuSettings"), askMenu: checkbox, askChildren: checkbox }),
  z.object({ intent: z.literal("addDish"), ...dishFields }),
  z.object({ intent: z.literal("saveDish"), id, ...dishFields }),
  z.object({ intent: z.literal("deleteDish"), id }),
]);
