import en from "./en/nav.json";
import es from "./es/nav.json";

export const nav = { es, en };
