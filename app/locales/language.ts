import en from "./en/language.json";
import es from "./es/language.json";

export const language = { es, en };
