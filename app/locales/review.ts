import en from "./en/review.json";
import es from "./es/review.json";

export const review = { es, en };
