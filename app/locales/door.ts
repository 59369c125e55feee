import en from "./en/door.json";
import es from "./es/door.json";

export const door = { es, en };
