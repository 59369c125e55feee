/**
 * Every business constant (capacity, seats, upload size, timings, form defaults) lives here, once.
 * Dates that vary per deployment (wedding date, RSVP deadline) come from the
 * environment (see app/infra/config.server.ts); these are their defaults.
 */
export const DEFAULT_WEDDING_DATE = "2026-01-17T16:00:00-05:00";
export const DEFAULT_RSVP_DEADLINE = "2025-12-17T23:59:59-05:00";

/** Total guest capacity of the venue. */
export const TOTAL_CAPACITY = 140;
/** Seats per invitation, including the primary guest. */
export const MIN_GUESTS_PER_INVITATION = 1;
export const MAX_GUESTS_PER_INVITATION = 8;
/** Longest accepted guest or primary-guest name, in characters. */
export const MAX_NAME_LENGTH = 100;
/** Default seats in the admin's create-invitation form. */
export const DEFAULT_INVITATION_MAX_GUESTS = 1;

/** Upload maximum: 5 MB. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Photos a guest may send in one batch (a camera-roll pick); each is still at most MAX_UPLOAD_BYTES. */
export const MAX_UPLOAD_BATCH = 20;
/** Name of the photo bucket; the local driver uses it as its logical name. */
export const STORAGE_BUCKET = "wedding-gallery";
/** Cache-Control max-age (seconds) of stored files: one hour. */
export const STORAGE_CACHE_CONTROL_SECONDS = 3600;
/** Longest side of the web-sized copy and of the thumbnail of an uploaded photo. */
export const WEB_IMAGE_MAX_SIDE = 1600;
export const THUMBNAIL_MAX_SIDE = 480;
/** Largest photo (in pixels) an upload may decode to: refuses decompression bombs, allows 108 MP phone photos. */
export const MAX_UPLOAD_PIXELS = 120_000_000;
/** Photos decoded at the same time by the server (the rest of a burst waits): bounds its memory. */
export const MAX_CONCURRENT_IMAGE_JOBS = 2;
/** Section-form defaults. */
export const DEFAULT_SECTION_ALLOW_UPLOAD = true;
export const DEFAULT_SECTION_IS_ACTIVE = false;
export const MAX_SECTION_NAME_LENGTH = 80;
export const MAX_SECTION_DESCRIPTION_LENGTH = 500;
/** 'Tu nombre' on a photo (decision 0033): optional, shown to the admin and as the slideshow's caption. */
export const MAX_UPLOADER_NAME_LENGTH = 60;
/**
 * iOS Safari converts HEIC photos to JPEG when the picker asks only for these; `image/*` would
 * hand over the HEIC the server cannot decode. Guests' short videos: MP4, MOV, WebM.
 */
export const UPLOAD_ACCEPT = "image/jpeg,image/png,image/webp,image/gif,video/mp4,video/quicktime,video/webm";
/** Name of the gallery section that holds ceremony attachments. */
export const CEREMONY_ATTACHMENT_SECTION = "CeremoniasAttachment";

/** Largest JSON body an /api route reads (bytes); larger ones get 413. */
/**
 * The admin cookie ends with the browser session, but browsers that restore sessions keep such
 * cookies for weeks: the server also refuses an admin session older than this.
 */
export const ADMIN_SESSION_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** A page form (a code, a few names, a section) is small; nothing past this is read. */
export const MAX_FORM_BODY_BYTES = 64 * 1024;
/** Most items a page form's list field (e.g. `guests[N]`) may carry; a larger index is refused unread. */
export const MAX_FORM_LIST_LENGTH = 16;
export const MAX_JSON_BODY_BYTES = 64 * 1024;

/** Timings, in milliseconds. */
export const HTTP_TIMEOUT_MS = 10_000;
export const REDIRECT_AFTER_VALID_CODE_MS = 100;
export const COUNTDOWN_TICK_MS = 1000;
export const AUTOPLAY_HINT_HIDE_MS = 8000;
export const VIDEO_RETRY_MS = 1000;
/** Data-fetching defaults: data stays fresh for 300 s, one retry on failure. */
export const QUERY_STALE_TIME_MS = 300_000;
export const QUERY_RETRIES = 1;

/** Music player. */
export const DEFAULT_VOLUME = 0.5;
export const VOLUME_STEP = 0.01;

/** Quotes carousel. */
export const CAROUSEL_VISIBLE_ITEMS = 3;
export const CAROUSEL_SPEED_PX_PER_FRAME = 0.2;
export const CAROUSEL_CARD_MIN_WIDTH_PX = 280;
/** Decorative meteors in the hero. */
export const METEOR_COUNT = 20;
/** Hero video: opacity in percent, blur in px. */
export const HERO_VIDEO_OPACITY = 100;
export const HERO_VIDEO_BLUR_PX = 0.5;

/** Confetti burst after a confirmation. */
export const CONFETTI = { particleCount: 100, spread: 70, origin: { y: 0.6 } } as const;

/** Toasts: top-center, 3 visible, 4 seconds. */
export const TOAST_POSITION = "top-center" as const;
export const TOAST_LIMIT = 3;
export const TOAST_DURATION_MS = 4000;

/** Minimum touch target, in px. */
export const MIN_TOUCH_TARGET_PX = 44;

/** Browser storage keys. */
export const STORAGE_KEYS = {
  persistedState: "wedding-storage",
  theme: "theme",
  language: "i18nextLng",
  adminFlag: "dashboard_authenticated",
} as const;

export const SUPPORTED_LANGUAGES = ["es", "en"] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "es";
/** Intl locale used to format dates and prices per page language. */
export const INTL_LOCALES: Record<Language, string> = { es: "es-ES", en: "en-US" };
