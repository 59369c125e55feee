import en from "./en/gallery.json";
import es from "./es/gallery.json";

export const gallery = { es, en };
