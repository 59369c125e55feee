import en from "./en/confirm.json";
import es from "./es/confirm.json";

export const confirm = { es, en };
