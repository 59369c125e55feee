import en from "./en/wishes.json";
import es from "./es/wishes.json";

export const wishes = { es, en };
