import en from "./en/tableCards.json";
import es from "./es/tableCards.json";

export const tableCards = { es, en };
