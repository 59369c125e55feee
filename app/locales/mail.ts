import en from "./en/mail.json";
import es from "./es/mail.json";

export const mail = { es, en };
