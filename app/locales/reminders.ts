import en from "./en/reminders.json";
import es from "./es/reminders.json";

export const reminders = { es, en };
