import en from "./en/contentExtras.json";
import es from "./es/contentExtras.json";

export const contentExtras = { es, en };
