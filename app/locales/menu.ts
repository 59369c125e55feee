import en from "./en/menu.json";
import es from "./es/menu.json";

export const menu = { es, en };
