import en from "./en/events.json";
import es from "./es/events.json";

export const events = { es, en };
