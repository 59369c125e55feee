import en from "./en/home.json";
import es from "./es/home.json";

export const home = { es, en };
