import en from "./en/slideshow.json";
import es from "./es/slideshow.json";

export const slideshow = { es, en };
