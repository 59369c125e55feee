import en from "./en/keepsake.json";
import es from "./es/keepsake.json";

export const keepsake = { es, en };
