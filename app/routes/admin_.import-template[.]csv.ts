import { csvDownload } from "~/http/csv-download.server";
import { importTemplateCsv } from "~/lib/guest-list-csv";

/** GET /admin/import-template.csv: the import's header and two example rows (no guest data). */
export const loader = () => csvDownload(importTemplateCsv(), "plantilla-invitados.csv");
