import en from "./en/backups.json";
import es from "./es/backups.json";

export const backups = { es, en };
