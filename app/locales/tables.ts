import en from "./en/tables.json";
import es from "./es/tables.json";

export const tables = { es, en };
