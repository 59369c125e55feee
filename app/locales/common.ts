import en from "./en/common.json";
import es from "./es/common.json";

export const common = { es, en };
