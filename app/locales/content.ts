import en from "./en/content.json";
import es from "./es/content.json";

export const content = { es, en };
