import en from "./en/footer.json";
import es from "./es/footer.json";

export const footer = { es, en };
