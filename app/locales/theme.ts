import en from "./en/theme.json";
import es from "./es/theme.json";

export const theme = { es, en };
