import { z } from "zod";
import { DEFAULT_TIME_ZONE, isTimeZone } from "./venue-time";

/**
 * The couple's content ('Contenido'): one zod schema per sub-section, parsed from its form by the
 * server (conform's field names: `names`, `venue.es`, `moments[2].title.en`) and again from the
 * stored JSON, so a stored version is always one the form could have saved. Messages are
 * translation keys of the `content` namespace. Pure: the browser's form shows the same limits.
 */

// Lists end one short of the form reader's index limit (MAX_FORM_LIST_LENGTH): the form adds one empty row.
export const CONTENT_LIMITS = { name: 80, title: 100, text: 2000, quote: 300, apartments: 8, quotes: 15 } as const;

/** A text in both languages: English left empty shows the Spanish one (the form says so). */
import type { TextPair } from "~/lib/in-language";
export type { TextPair };

const tooLong = "content:errors.tooLong";
const required = "content:errors.required";

/** A required one-language text (a name, a time): conform turns an empty field into undefined. */
const line = (max: number) => z.string({ required_error: required }).trim().min(1, required).max(max, tooLong);
const optionalLine = (max: number) => z.string().trim().max(max, tooLong).optional().default("");

/** A text pair: Spanish required unless `optional`, English may be empty. */
export const textPair = (max: number, { optional = false } = {}) =>
  z.object(
    {
      es: optional ? optionalLine(max) : line(max),
      en: optionalLine(max),
    },
    { required_error: required },
  );

/** 24-hour "HH:MM" at the venue. */
const clock = z.string({ required_error: required }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, "content:errors.time");
/** A date and time at the venue as the browser's datetime-local field sends it ("2031-01-17T16:00"). */
export const venueDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/, "content:errors.dateTime");
const coordinate = (limit: number) =>
  z.coerce
    .number({ required_error: required, invalid_type_error: "content:errors.coordinate" })
    .min(-limit, "content:errors.coordinate")
    .max(limit, "content:errors.coordinate");
const price = z.coerce
  .number({ required_error: required, invalid_type_error: "content:errors.price" })
  .min(0, "content:errors.price")
  .max(1_000_000, "content:errors.price");
/** What a phone number looks like: digits with spaces, dashes, dots, brackets and a leading +. */
const phone = z
  .string({ required_error: required })
  .trim()
  .max(30, "content:errors.phone")
  .regex(/^\+?[\d\s().-]{6,}$/, "content:errors.phone")
  .refine((v) => v.replace(/\D/g, "").length >= 6, "content:errors.phone");
const email = z.string({ required_error: required }).trim().max(254, "content:errors.email").email("content:errors.email");

/**
 * A picture of the content: one of the site's own images (public/images) or one the couple
 * uploaded (/media/site/{file}, app/lib/content-pictures.ts). Absent: the default picture.
 */
export const PICTURE_PATH = /^\/(?:media\/site\/[A-Za-z0-9-]+\.(?:jpg|png|webp)|images\/[A-Za-z0-9_/-]+\.(?:svg|jpg|png|webp))$/;
const picture = z.string().regex(PICTURE_PATH, "contentMedia:errors.notAnImage");
/**
 * What a picture the couple uploaded shows, in both languages (its `alt`): both may be empty (the
 * page then says whose photo it is). Saved with its sub-section, so old versions without it load.
 */
export const PICTURE_DESCRIPTION_MAX = 300;
const pictureDescription = textPair(PICTURE_DESCRIPTION_MAX, { optional: true });

const hasValue = (value: unknown): boolean =>
  typeof value === "string" ? value.trim() !== "" : value !== null && typeof value === "object" ? Object.values(value).some(hasValue) : value != null;

/**
 * A list the couple adds to, removes from and reorders with one plain form (no script needed): the
 * form sends every row plus one empty row to fill in; a row with 'Quitar' ticked (`remove`) or left
 * empty is dropped, and the rows are put in the order of their `position` numbers. A stored list
 * (no such fields) reads unchanged.
 */
const editableList = <T extends z.ZodTypeAny>(item: T, { min, max, minMessage }: { min: number; max: number; minMessage: string }) =>
  z.preprocess(
    (value) => {
      if (!Array.isArray(value)) return value;
      const rows = value.flatMap((row: unknown, index) => {
        if (row === null || typeof row !== "object") return [];
        const { remove, position, ...fields } = row as Record<string, unknown>;
        if (remove === "on" || !hasValue(fields)) return [];
        const at = Number(position);
        return [{ fields, order: position !== undefined && Number.isFinite(at) ? at : index + 1, index }];
      });
      return rows.sort((a, b) => a.order - b.order || a.index - b.index).map((row) => row.fields);
    },
    z.array(item).min(min, minMessage).max(max, "content:errors.tooMany"),
  );

/** 'Pareja y fechas'. The dates are optional here: the environment may set them (checked by the model). */
export const coupleSchema = z.object({
  names: line(CONTENT_LIMITS.name),
  weddingDate: venueDateTime.optional(),
  rsvpDeadline: venueDateTime.optional(),
  /** The venue's IANA zone, the dates' wall clocks are read in (content saved before it existed: Panamá). */
  timeZone: z.string().trim().refine(isTimeZone, "content:errors.timeZone").default(DEFAULT_TIME_ZONE),
  venue: textPair(CONTENT_LIMITS.title),
  city: textPair(CONTENT_LIMITS.title),
  latitude: coordinate(90),
  longitude: coordinate(180),
  ceremonyStart: clock,
  ceremonyEnd: clock,
  ceremonyDescription: textPair(CONTENT_LIMITS.text),
  receptionStart: clock,
  receptionEnd: clock,
  receptionDescription: textPair(CONTENT_LIMITS.text),
  ceremonyImage: picture.optional(),
  receptionImage: picture.optional(),
  ceremonyImageDescription: pictureDescription.optional(),
  receptionImageDescription: pictureDescription.optional(),
});
export type CoupleContent = z.infer<typeof coupleSchema>;

/** 'Historia': the six moments (each moment's layout, single or collage, and its number of photos stay app/content/wedding.ts's). */
export const storySchema = z.object({
  moments: z
    .array(
      z.object({
        title: textPair(CONTENT_LIMITS.title),
        description: textPair(CONTENT_LIMITS.text),
        images: z.array(picture).min(1).max(4).optional(),
        /** The couple's description of each of their photos (by position); absent or empty for a default one. */
        imageDescriptions: z.array(pictureDescription).max(4).optional(),
      }),
    )
    .length(6, "content:errors.sixItems"),
});
export type StoryContent = z.infer<typeof storySchema>;

/** 'Información': the six cards (dressCode, ceremony, buffet, toast, dance, gifts). */
export const infoSchema = z.object({
  cards: z
    .array(
      z.object({
        title: textPair(CONTENT_LIMITS.title),
        subtitle: textPair(CONTENT_LIMITS.title, { optional: true }),
        description: textPair(CONTENT_LIMITS.text),
        image: picture.optional(),
        imageDescription: pictureDescription.optional(),
      }),
    )
    .length(6, "content:errors.sixItems"),
});
export type InfoContent = z.infer<typeof infoSchema>;

/** 'Alojamiento'. */
export const accommodationSchema = z.object({
  currency: z
    .string({ required_error: required })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, "content:errors.currency"),
  apartments: editableList(z.object({ name: textPair(CONTENT_LIMITS.title), beds: textPair(CONTENT_LIMITS.title), firstNight: price, extraNight: price }), {
    min: 1,
    max: CONTENT_LIMITS.apartments,
    minMessage: "content:errors.oneApartment",
  }),
  checkIn: clock,
  checkOut: clock,
  contactName: line(CONTENT_LIMITS.name),
  contactPhone: phone,
  contactEmail: email,
  importantNote: textPair(CONTENT_LIMITS.text, { optional: true }),
  availabilityNote: textPair(CONTENT_LIMITS.text, { optional: true }),
  // The section's introduction and the reservation contact's role and text: left empty, not shown.
  // A version saved before they existed reads the defaults (contentWithLaterFields).
  intro: textPair(CONTENT_LIMITS.text, { optional: true }).default({ es: "", en: "" }),
  contactRole: textPair(CONTENT_LIMITS.title, { optional: true }).default({ es: "", en: "" }),
  contactText: textPair(CONTENT_LIMITS.text, { optional: true }).default({ es: "", en: "" }),
});
export type AccommodationContent = z.infer<typeof accommodationSchema>;

/** 'Frases': in the order shown; an author is optional (translated when it needs to be: "1 Corinthians 13:4"). */
export const quotesSchema = z.object({
  quotes: editableList(z.object({ text: textPair(CONTENT_LIMITS.quote), author: textPair(CONTENT_LIMITS.name, { optional: true }) }), {
    min: 1,
    max: CONTENT_LIMITS.quotes,
    minMessage: "content:errors.oneQuote",
  }),
});
export type QuotesContent = z.infer<typeof quotesSchema>;

/** 'Regalos' and 'Preguntas frecuentes' (decision 0029): app/lib/content-extras.ts says how the home page shows them. */
export const EXTRAS_LIMITS = { registries: 8, questions: 16, accountNumber: 40, programme: 20 } as const;

/** A row of a list the admin left with every field empty (the form's new, unfilled row): dropped, not refused. */
const isBlank = (value: unknown): boolean =>
  value == null || (typeof value === "string" ? value.trim() === "" : typeof value === "object" && Object.values(value).every(isBlank));
/**
 * A list of rows whose blank rows are dropped after parsing (an error's index stays the field's: a
 * form may leave gaps where a row was removed), at most `max` rows.
 */
const rows = <T extends z.ZodTypeAny>(row: T, max: number) =>
  z
    .array(z.preprocess((item) => (isBlank(item) ? undefined : item), row.optional()))
    .optional()
    .default([])
    .transform((items) => items.filter((item): item is z.output<T> => item !== undefined))
    .refine((items) => items.length <= max, "content:errors.tooMany");
const optionalPair = (max: number) => textPair(max, { optional: true }).default({ es: "", en: "" });
/** An https address (a registry): any other scheme (http:, javascript:, data:…) is refused. */
const httpsUrl = z
  .string({ required_error: required })
  .trim()
  .max(CONTENT_LIMITS.text, tooLong)
  .refine((value) => httpsHref(value) !== null, "contentExtras:errors.https")
  .transform((value) => httpsHref(value)!);
function httpsHref(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname ? url.href : null;
  } catch {
    return null;
  }
}

export const giftsSchema = z.object({
  bank: z
    .object({
      bank: optionalLine(CONTENT_LIMITS.name),
      holder: optionalLine(CONTENT_LIMITS.name),
      accountType: optionalPair(CONTENT_LIMITS.name),
      accountNumber: optionalLine(EXTRAS_LIMITS.accountNumber).refine((v) => /^[A-Za-z0-9 -]*$/.test(v), "contentExtras:errors.accountNumber"),
    })
    .default({})
    // The account number is what a guest copies: the other details alone are no way to pay.
    .refine((b) => b.accountNumber !== "" || isBlank([b.bank, b.holder, b.accountType]), { message: required, path: ["accountNumber"] }),
  yappy: z
    .string()
    .trim()
    .optional()
    .default("")
    .refine((v) => v === "" || phone.safeParse(v).success, "content:errors.phone"),
  registries: rows(z.object({ name: line(CONTENT_LIMITS.name), url: httpsUrl }), EXTRAS_LIMITS.registries),
  note: optionalPair(CONTENT_LIMITS.text),
});
export type GiftsContent = z.infer<typeof giftsSchema>;

export const faqSchema = z.object({
  questions: rows(z.object({ question: textPair(CONTENT_LIMITS.title), answer: textPair(CONTENT_LIMITS.text) }), EXTRAS_LIMITS.questions),
});
export type FaqContent = z.infer<typeof faqSchema>;

/**
 * 'Programa del día': the day's moments, each a time at the venue ("HH:MM") and a title. The rows
 * carry `order` (their place in the form, which the up and down buttons change): the list is saved
 * in that order, without it. The pages show it sorted by time (app/lib/programme.ts).
 */
const programmeEntry = z.object({
  time: clock,
  title: textPair(CONTENT_LIMITS.title),
  order: z.coerce.number().int().min(0).max(999).optional(),
});
const withoutOrder = (item: unknown) => (item !== null && typeof item === "object" ? { ...item, order: undefined } : item);
export const programmeSchema = z.object({
  entries: z
    .array(z.preprocess((item) => (isBlank(withoutOrder(item)) ? undefined : item), programmeEntry.optional()))
    .optional()
    .default([])
    .transform((items) =>
      items
        .map((item, index) => (item ? { item, at: item.order ?? index, index } : undefined))
        .filter((row) => row !== undefined)
        .sort((a, b) => a.at - b.at || a.index - b.index)
        .map(({ item: { time, title } }) => ({ time, title })),
    )
    .refine((items) => items.length <= EXTRAS_LIMITS.programme, "content:errors.tooMany"),
});
export type ProgrammeContent = z.infer<typeof programmeSchema>;

/** The text sub-sections, in the editor's order. Others (content-media, gifts, faq) register their own keys. */
export const CONTENT_SECTIONS = ["couple", "story", "info", "accommodation", "quotes", "gifts", "faq", "programme"] as const;
export type ContentSection = (typeof CONTENT_SECTIONS)[number];
export const isContentSection = (value: unknown): value is ContentSection => (CONTENT_SECTIONS as readonly unknown[]).includes(value);

export const contentSchemas = {
  couple: coupleSchema,
  story: storySchema,
  info: infoSchema,
  accommodation: accommodationSchema,
  quotes: quotesSchema,
  gifts: giftsSchema,
  faq: faqSchema,
  programme: programmeSchema,
} satisfies Record<ContentSection, z.ZodTypeAny>;

export interface SiteContent {
  couple: CoupleContent;
  story: StoryContent;
  info: InfoContent;
  accommodation: AccommodationContent;
  quotes: QuotesContent;
  gifts: GiftsContent;
  faq: FaqContent;
  programme: ProgrammeContent;
}

export { inLanguage } from "~/lib/in-language";
