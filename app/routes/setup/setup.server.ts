import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { readForm, refusedReply } from "~/http/form.server";
import { rateLimitedReply } from "~/http/rate-limited.server";
import { clientIp, isCrossOrigin } from "~/http/request.server";
import { config } from "~/infra/config.server";
import { getFixedT, pageTexts } from "~/infra/i18n.server";
import { clear, consume, ensureNotLimited, RateLimited } from "~/infra/rate-limit.server";
import { finishSetup, setupPending, verifySetupToken } from "~/infra/secrets.server";
import { startAdminSessionHeader } from "~/infra/session.server";
import { formFieldsOf } from "~/lib/form-fields";
import { DEFAULT_TIME_ZONE, timeZones, toVenueLocal } from "~/lib/venue-time";
import { checkDates, datesOf } from "~/models/content-dates.server";
import { currentContent } from "~/models/content-live.server";
import { saveContentSection } from "~/models/content-store.server";
import { seedDemoData } from "~/models/seed.server";
import { setupSchema } from "./setup-schema";

/**
 * GET/POST /setup?token=…: the first run in the browser. While no admin password exists, boot()
 * prints a one-time link; its token opens this page, whose form names the couple, sets the dates,
 * chooses the admin password and, if ticked, seeds the demo data, then signs the couple in.
 * Anyone else (no token, a wrong one, or a site already set up) gets the site's not-found page and
 * changes nothing; wrong tokens count against the login's rate limit, so guessing is as slow as
 * guessing the password.
 */

export const NO_STORE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" };

/** What the form may send (any other field: 400 before anything is parsed). */
const setupFields = formFieldsOf(setupSchema);

const notFound = () => new Response(null, { status: 404, headers: NO_STORE });

/** Rate limited: the loader shows the message instead of the form; the action answers it as a form error. */
type Admission = { ok: true } | { ok: false; limited: RateLimited };

/**
 * Lets the holder of the printed token in. No pending setup or no token: 404, nothing counted. A
 * wrong token is one failed login attempt for this client (404, or 429 past the allowance); the
 * right one waits too while the client is past the allowance, as the login's password does.
 * 'Restaurar una copia' (app/routes/setup_.restore) admits its visitors the same way.
 */
export async function admit(context: AppLoadContext, token: string): Promise<Admission> {
  if (!token || !setupPending()) throw notFound();
  const ip = clientIp(context);
  try {
    if (!verifySetupToken(token)) {
      await consume("login", ip);
      throw notFound();
    }
    await ensureNotLimited("login", ip);
  } catch (error) {
    if (error instanceof RateLimited) return { ok: false, limited: error };
    throw error;
  }
  return { ok: true };
}

export async function loadSetupPage(request: Request, context: AppLoadContext) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const admitted = await admit(context, token);
  const i18n = await pageTexts(request, "setup");
  if (!admitted.ok) {
    const headers = { ...NO_STORE, "Retry-After": String(admitted.limited.retryAfterSeconds) };
    return data({ limitedMinutes: admitted.limited.retryAfterMinutes, token: "", demo: false, form: null, i18n }, { status: 429, headers });
  }
  const couple = (await currentContent()).couple;
  const dates = datesOf(couple);
  const zone = couple.timeZone ?? DEFAULT_TIME_ZONE;
  return data(
    {
      limitedMinutes: null,
      token,
      /** 'Empezar con contenido de ejemplo' starts ticked when SEED_DEMO_DATA is on (`npm start`'s default). */
      demo: config().SEED_DEMO_DATA,
      form: {
        timeZone: zone,
        timeZones: timeZones(),
        /** A date the environment sets (WEDDING_DATE / RSVP_DEADLINE) is shown, read-only: it wins over the form's. */
        fixed: {
          weddingDate: dates.setBy.weddingDate ? toVenueLocal(dates.weddingDate, zone) : null,
          rsvpDeadline: dates.setBy.rsvpDeadline ? toVenueLocal(dates.rsvpDeadline, zone) : null,
        },
      },
      i18n,
    },
    { headers: NO_STORE },
  );
}

// One setup at a time in this process: two posts of the same token cannot both pass the check.
let running: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = running.then(task, task);
  running = run.catch(() => undefined);
  return run;
}

const refused = (reply: ReturnType<typeof refusedReply>, status: number, headers: Record<string, string> = {}) =>
  data(reply, { status, headers: { ...NO_STORE, ...headers } });

/**
 * 'Crear mi sitio': a plain form post (urlencoded or multipart, with or without the page's script).
 * Refused input answers 400 with the messages and saves nothing. Success, in this order: the names
 * and dates saved as a version of 'Pareja y fechas' (Historial shows it), the demo data if ticked,
 * the password's hash stored with the token removed (the link is spent), then the admin session
 * cookie and a 302 to /admin.
 */
export async function handleSetup(request: Request, context: AppLoadContext) {
  const form = await readForm(request, setupFields);
  const token = String(form.get("token") ?? "");
  const admitted = await admit(context, token);
  if (!admitted.ok) return rateLimitedReply(admitted.limited, { initialValue: {}, fields: [] as string[] });
  if (isCrossOrigin(request, context)) throw new Response((await getFixedT(request))("crossOrigin"), { status: 403, headers: NO_STORE });
  const hidden = { hideFields: ["password", "confirmPassword"] };
  const submission = parseWithZod(form, { schema: setupSchema });
  if (submission.status !== "success") return refused(refusedReply(submission.reply(hidden), setupFields), 400);
  const value = submission.value;
  return oneAtATime(async () => {
    // Checked again in turn: a post that waited behind a successful one finds the token spent.
    if (!verifySetupToken(token)) throw notFound();
    const previous = (await currentContent()).couple;
    const checked = checkDates(
      { ...previous, names: value.names, timeZone: value.timeZone, weddingDate: value.weddingDate, rsvpDeadline: value.rsvpDeadline },
      previous,
    );
    if (!checked.ok) {
      // The content rule's messages, in this page's namespace.
      const formErrors = Object.entries(checked.errors).map(([field, keys]) => [field, keys.map((k) => k.replace(/^content:/, "setup:"))]);
      const reply = submission.reply({ ...hidden, fieldErrors: Object.fromEntries(formErrors) });
      return refused(refusedReply(reply, setupFields), 400);
    }
    try {
      await saveContentSection("couple", checked.value);
      if (value.demo === "on") await seedDemoData();
      finishSetup(value.password);
    } catch (error) {
      console.error("setup: could not finish", error);
      return refused(refusedReply(submission.reply({ ...hidden, formErrors: ["setup:errors.failed"] }), setupFields), 500);
    }
    await clear("login", clientIp(context));
    // After finishSetup: the session carries the new password's tag.
    return redirect("/admin", { status: 302, headers: { ...NO_STORE, "Set-Cookie": await startAdminSessionHeader(request) } });
  });
}
