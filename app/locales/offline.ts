import en from "./en/offline.json";
import es from "./es/offline.json";

export const offline = { es, en };
