import en from "./en/questions.json";
import es from "./es/questions.json";

export const questions = { es, en };
