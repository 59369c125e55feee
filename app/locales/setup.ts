import en from "./en/setup.json";
import es from "./es/setup.json";

export const setup = { es, en };
