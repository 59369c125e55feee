import { Button } from "@mantine/core";
import { LazyModal } from "~/components/LazyModal";
import { useRef, useState } from "react";
import { MantineRoot } from "~/components/MantineRoot";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigate, useNavigation, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormErrors } from "~/components/confirm/FormErrors";
import { useHydrated } from "~/components/confirm/useHydrated";
import { Carousel, PhotoList } from "./SectionPhotos";
import { PlainUploadForm, UploadForm } from "./UploadForm";
import { ThumbnailPicture, TILE_SIZES, type TilePriority } from "./ThumbnailPicture";
import { UploadQueueList, useUploadQueue } from "~/components/upload/UploadQueueList";
import { DEFAULT_LANGUAGE, type Language } from "~/lib/constants";
import { pageTexts } from "~/infra/i18n.server";
import type galleryEs from "~/locales/es/gallery.json";
import { coupleNamesIn, type RootData } from "~/root";
import { handleGalleryUpload, loadGallery } from "./gallery.server";
import { handleWishPost, isWishPost, loadWishes } from "./wishes.server";
import { GuestWishes } from "./GuestWishes";
import { uploadAnswerOf } from "~/lib/wishes";
import { showsToasts } from "~/components/layout/useToastsRequested";
import { routeCss } from "~/components/layout/InlineCss";
import { fillMarks } from "~/lib/format";

/** Its page shows toasts: the root watches for them (useToastsRequested). */
// Its CSS (the wishes' and the upload queue's too) is in its HTML: no stylesheet to wait for before the first paint.
const css = routeCss({
  mantine: () => import("~/styles/mantine.css?inline"),
  gallery: () => import("~/styles/gallery.css?inline"),
  "upload-queue": () => import("~/styles/upload-queue.css?inline"),
  wishes: () => import("~/styles/wishes.css?inline"),
});
export const handle = { ...showsToasts, inlineCss: css.names };
export const clientLoader = css.clientLoader;

/** The title in the page's language. */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const root = matches.find((m) => m.id === "root")?.data as RootData | undefined;
  const lang: Language = root?.lang === "en" ? "en" : DEFAULT_LANGUAGE;
  const texts = data?.i18n[lang]?.gallery as typeof galleryEs | undefined;
  const names = coupleNamesIn(matches);
  if (!texts) return [{ title: names }];
  return [{ title: fillMarks(texts.metaTitle, { names }) }, { name: "description", content: texts.metaDescription }];
};

/** The upload's Server-Timing (receive, process) and a refusal's Retry-After reach the answer; cookies are kept by Remix. */
export const headers: HeadersFunction = ({ parentHeaders, actionHeaders }) => {
  const headers = new Headers();
  parentHeaders.forEach((value, key) => key.toLowerCase() !== "set-cookie" && headers.set(key, value));
  for (const name of ["Server-Timing", "Retry-After"]) {
    const value = actionHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
};

export async function loader({ request }: LoaderFunctionArgs) {
  // The page's texts (decision 0014); FormErrors may show confirm's keys.
  const [gallery, wishes, i18n] = await Promise.all([loadGallery(request), loadWishes(), pageTexts(request, "gallery", "confirm", "review", "wishes")]);
  return { ...gallery, wishes, i18n };
}

export async function action({ request, context }: ActionFunctionArgs) {
  // The wish form is a plain form; photos come as multipart.
  if (isWishPost(request)) return handleWishPost(request, context);
  return handleGalleryUpload(request, context);
}

/** Section covers loaded at once: those a 412 px phone shows before scrolling. */
const EAGER_COVERS = 2;

function GalleryPageContent() {
  const { sections, selected, selectedError, uploaderName, wishes, videoLimits } = useLoaderData<typeof loader>();
  const { t } = useTranslation("gallery");
  // Without the script a section is its own page with the plain form; once the script runs, a
  // dialog with the scripted one. Photos picked in the plain form before that are handed over.
  const plainPicker = useRef<HTMLInputElement>(null);
  const plainName = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<File[]>([]);
  // 'Tu nombre' as typed in the plain form before the script ran; a name the server keeps later
  // (its cookie, after an upload) takes over again.
  const [typedName, setTypedName] = useState<string | null>(null);
  const [keptName, setKeptName] = useState(uploaderName);
  if (keptName !== uploaderName) {
    setKeptName(uploaderName);
    setTypedName(null);
  }
  const hydrated = useHydrated(() => {
    setPicked(Array.from(plainPicker.current?.files ?? []));
    if (plainName.current) setTypedName(plainName.current.value);
  });
  // The phone's upload queue: what an earlier visit left is shown and sent as the page opens.
  const queue = useUploadQueue();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const actionData = uploadAnswerOf(useActionData<typeof action>());
  // A refused plain post outside any section (no section given): its message at the top.
  const orphanError = actionData && !actionData.ok && !selected ? actionData.error : null;
  const leave = () => navigate("/gallery", { replace: true, preventScrollReset: true });
  // While a batch uploads, closing the dialog asks first (the photos not sent yet would be lost).
  const stopUploads = useRef<(() => void) | null>(null);
  const [confirmingClose, setConfirmingClose] = useState(false);
  // This guest's uploads that arrived: the section's viewer moves to a photo only when it is theirs.
  const [uploadsShown, setUploadsShown] = useState(0);
  const close = () => (stopUploads.current ? setConfirmingClose(true) : leave());
  const stopAndLeave = () => {
    stopUploads.current?.();
    stopUploads.current = null;
    setConfirmingClose(false);
    leave();
  };

  const sectionBody = (s: NonNullable<typeof selected>, withScript: boolean) => (
    <>
      {s.description ? <p className="gallery-description">{s.description}</p> : null}
      {withScript ? <Carousel media={s.media} shown={uploadsShown} /> : <PhotoList media={s.media} />}
      {s.media.length > 0 ? (
        <p className="gallery-download-all">
          <a href={`/gallery/${s.id}.zip`} className="button secondary" download>
            {t("download.all")}
          </a>
          <span className="gallery-download-hint">{t("download.allHint")}</span>
        </p>
      ) : null}
      {s.allow_upload ? (
        withScript ? (
          <UploadForm
            key={s.id}
            sectionId={s.id}
            uploaderName={typedName ?? uploaderName}
            videoLimits={videoLimits}
            picked={picked}
            onBusyChange={(stop) => (stopUploads.current = stop)}
            onStored={() => setUploadsShown((n) => n + 1)}
          />
        ) : (
          <PlainUploadForm sectionId={s.id} picker={plainPicker} nameInput={plainName} uploaderName={uploaderName} videoLimits={videoLimits} />
        )
      ) : null}
    </>
  );

  return (
    <section className="page gallery-page" aria-labelledby="gallery-title">
      <h1 id="gallery-title" className="section-title">
        {t("title")}
      </h1>
      <p className="section-subtitle">{t("subtitle")}</p>
      {navigation.state === "loading" && navigation.location.pathname === "/gallery" && !selected ? (
        <p role="status" className="gallery-loading">
          {t("loading")}
        </p>
      ) : null}

      {/* Without JavaScript a section opens as its own page (/gallery?section=ID). */}
      {selected && !hydrated ? (
        <article className="card gallery-section-page" aria-labelledby="section-title">
          <h2 id="section-title">{selected.name}</h2>
          {sectionBody(selected, false)}
          <Link to="/gallery" className="button secondary">
            {t("back")}
          </Link>
        </article>
      ) : null}
      {selectedError ? (
        <p role="alert" className="form-error">
          {t(`errors.${selectedError}`)}
        </p>
      ) : null}
      <FormErrors id="gallery-errors" errors={orphanError ? [orphanError] : undefined} minutes={actionData?.retryAfterMinutes} values={videoLimits} />
      {/* Outside a section's dialog (which shows its own): the files on their way. */}
      {hydrated && !selected ? (
        <UploadQueueList entries={queue.entries.filter((entry) => entry.status !== "cancelled")} waiting={queue.waitingForConnection} />
      ) : null}

      {sections.length === 0 ? (
        <p className="gallery-empty">{t("noSections")}</p>
      ) : (
        <ul className="gallery-grid">
          {sections.map((s, index) => {
            const cover = s.cover;
            // The first covers are above the fold on a phone (the first is its largest paint); the rest load as they scroll into view.
            const priority: TilePriority = index === 0 ? "high" : index < EAGER_COVERS ? "eager" : "lazy";
            return (
              <li key={s.id}>
                <Link to={`?section=${s.id}`} className="gallery-card" preventScrollReset>
                  {cover ? (
                    <ThumbnailPicture
                      src={cover.thumbnail_url ?? cover.public_url}
                      widths={cover.variant_widths}
                      sizes={TILE_SIZES.cover}
                      alt=""
                      width={480}
                      height={360}
                      priority={priority}
                      className="gallery-cover"
                    />
                  ) : (
                    <span className="gallery-cover gallery-cover-empty">{t("noImages")}</span>
                  )}
                  <span className="gallery-card-text">
                    <span className="gallery-card-name">
                      <span className="visually-hidden">{t("openPrefix")} </span>
                      {s.name}
                    </span>
                    <span className="gallery-card-count">{t("photoCount", { count: s.count })}</span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}

      <GuestWishes wishes={wishes.list} maxName={wishes.maxName} maxMessage={wishes.maxMessage} />

      {hydrated ? (
        <LazyModal opened={selected !== null} onClose={close} title={selected?.name} size="xl" centered>
          {selected ? sectionBody(selected, true) : null}
        </LazyModal>
      ) : null}
      {hydrated ? (
        // Outside the section's dialog, so its Escape and clicks never reach that dialog's handlers.
        <LazyModal opened={confirmingClose} onClose={() => setConfirmingClose(false)} title={t("batch.confirmTitle")} centered zIndex={300}>
          <p>{t("batch.confirmText")}</p>
          <div className="upload-buttons">
            <Button variant="default" onClick={() => setConfirmingClose(false)} data-autofocus>
              {t("batch.confirmContinue")}
            </Button>
            <Button color="red" onClick={stopAndLeave}>
              {t("batch.confirmStop")}
            </Button>
          </div>
        </LazyModal>
      ) : null}
    </section>
  );
}

export default function GalleryPage() {
  return (
    <MantineRoot>
      <GalleryPageContent />
    </MantineRoot>
  );
}

/** The sections could not be loaded: the title, a message and a way to try again. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation("gallery");
  if (typeof document === "undefined") console.error("gallery: could not load", error);
  return (
    <section className="page gallery-page" aria-labelledby="gallery-title">
      <h1 id="gallery-title" className="section-title">
        {t("title")}
      </h1>
      <div className="gallery-error">
        <p role="alert" className="form-error">
          {t("loadError")}
        </p>
        <a href="/gallery" className="button">
          {t("retry")}
        </a>
      </div>
    </section>
  );
}
