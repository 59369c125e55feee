import en from "./en/contentMedia.json";
import es from "./es/contentMedia.json";

export const contentMedia = { es, en };
