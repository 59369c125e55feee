import { createHash } from "node:crypto";
import { data } from "@remix-run/node";
import { parseSectionId } from "~/http/photo-upload.server";
import { publicBaseUrl } from "~/http/public-url.server";
import { qrSvg } from "~/infra/qr.server";
import { pageTexts } from "~/infra/i18n.server";
import { slideAt, slideSeconds, slideStep, SLIDESHOW_POLL_MS } from "~/lib/slideshow";
import { isActiveSection, slideshowFeed, type SlideshowFeed, type SlideshowFilter } from "~/models/slideshow.server";
import { tableByToken } from "~/models/table-cards.server";

/**
 * The screen's section: `?section=ID` (an active section), or every active section (undefined).
 * Null when the parameter names no active section.
 */
async function sectionOf(url: URL): Promise<number | undefined | null> {
  const param = url.searchParams.get("section");
  if (param === null || param === "") return undefined;
  const id = parseSectionId(param);
  return id !== null && (await isActiveSection(id)) ? id : null;
}

/**
 * What a screen shows: `?table=TOKEN` (a table card's token: that table's photos only), else its
 * section (sectionOf). Null when the parameter names no table or no active section.
 */
async function filterOf(url: URL): Promise<{ filter: SlideshowFilter; query: URLSearchParams } | null> {
  const token = url.searchParams.get("table");
  if (token !== null && token !== "") {
    const table = await tableByToken(token);
    return table ? { filter: { tableId: table.id }, query: new URLSearchParams({ table: table.token }) } : null;
  }
  const sectionId = await sectionOf(url);
  if (sectionId === null) return null;
  return { filter: { sectionId }, query: new URLSearchParams(sectionId === undefined ? {} : { section: String(sectionId) }) };
}

/** The newest publication time a screen has shown (what a newer photo is measured against). */
const newestOf = (feed: SlideshowFeed) => feed.photos[0]?.published_at ?? "";

/**
 * /slideshow: the photos and wishes, the gallery's QR code and, for a screen without JavaScript,
 * the step to show now and the address of the next (`?at=` the step, `?after=` the newest photo
 * it has shown: a newer one is shown next, newest first, then the rest again).
 */
export async function loadSlideshow(request: Request) {
  const url = new URL(request.url);
  const seconds = slideSeconds(url.searchParams.get("seconds"));
  const galleryUrl = `${publicBaseUrl(request)}/gallery`;
  const [shows, qr, i18n] = await Promise.all([filterOf(url), qrSvg(galleryUrl), pageTexts(request, "slideshow")]);
  const base = { seconds, galleryUrl, qr, i18n, pollMs: SLIDESHOW_POLL_MS };
  if (shows === null)
    return data({ ...base, notFound: true as const, feedAddress: null, feed: { photos: [], wishes: [] }, step: 0, next: null }, { status: 404 });
  const feed = await slideshowFeed(shows.filter);
  const newest = newestOf(feed);
  const after = url.searchParams.get("after") ?? "";
  // A photo newer than the screen has shown: from the newest again.
  const step = newest > after ? 0 : slideStep(url.searchParams.get("at"));
  const nextQuery = new URLSearchParams(shows.query);
  if (url.searchParams.has("seconds")) nextQuery.set("seconds", String(seconds));
  nextQuery.set("at", String(slideAt(step, feed.photos.length, feed.wishes.length) === null ? 0 : step + 1));
  nextQuery.set("after", newest);
  const feedQuery = shows.query.toString();
  // What the open screen polls: the same section or table.
  const feedAddress = feedQuery ? `/slideshow.json?${feedQuery}` : "/slideshow.json";
  return { ...base, notFound: false as const, feedAddress, feed, step, next: `/slideshow?${nextQuery}` };
}

/**
 * GET /slideshow.json: what an open screen polls (decision 0032). The answer carries a validator
 * (a hash of its body): a screen that has it gets a 304 with no body while nothing changed.
 */
export async function slideshowFeedResponse(request: Request): Promise<Response> {
  const shows = await filterOf(new URL(request.url));
  const headers = { "Cache-Control": "no-cache", Vary: "Accept-Encoding" };
  if (shows === null) return Response.json({ error: "Not found" }, { status: 404, headers });
  const body = JSON.stringify(await slideshowFeed(shows.filter));
  const etag = `W/"${createHash("sha1").update(body).digest("base64url")}"`;
  const sent = request.headers.get("If-None-Match");
  if (sent && sent.split(",").some((tag) => tag.trim() === etag)) return new Response(null, { status: 304, headers: { ...headers, ETag: etag } });
  return new Response(body, { headers: { ...headers, ETag: etag, "Content-Type": "application/json; charset=utf-8" } });
}
