import type { LoaderFunctionArgs } from "@remix-run/node";
import { weddingCalendarFile } from "~/http/calendar.server";

/** GET /wedding.ics: the wedding as a calendar event (follows WEDDING_DATE, in the guest's language). */
export async function loader({ request }: LoaderFunctionArgs) {
  const file = await weddingCalendarFile(request);
  if (!file.ok) {
    console.error("wedding.ics:", file.error);
    return new Response("Error del servidor", { status: 500, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return new Response(file.body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="boda.ics"',
      // The language comes from the cookie or Accept-Language.
      // A guest's own table changes when the couple moves them: their file is checked again each time.
      "Cache-Control": file.personal ? "private, no-cache" : "private, max-age=300",
      Vary: "Cookie, Accept-Language",
    },
  });
}
