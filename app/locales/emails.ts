import en from "./en/emails.json";
import es from "./es/emails.json";

export const emails = { es, en };
