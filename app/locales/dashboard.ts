import en from "./en/dashboard.json";
import es from "./es/dashboard.json";

export const dashboard = { es, en };
