import { useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { codeInScan } from "~/lib/door";

/** The browser's own QR reader, where it has one (Chrome on Android, Safari). */
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource | ImageBitmap): Promise<{ rawValue: string }[]>;
}
type BarcodeDetectorClass = {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
};

let nativeDetector: Promise<BarcodeDetectorLike | null> | undefined;
function browserDetector(): Promise<BarcodeDetectorLike | null> {
  nativeDetector ??= (async () => {
    const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
    if (!Detector) return null;
    try {
      const formats = (await Detector.getSupportedFormats?.()) ?? ["qr_code"];
      return formats.includes("qr_code") ? new Detector({ formats: ["qr_code"] }) : null;
    } catch {
      return null;
    }
  })();
  return nativeDetector;
}

/**
 * The text of the QR code in a picture (a camera frame, a photo): the browser's reader where it
 * exists, else jsQR, loaded only when first needed (only this screen ever asks for it).
 */
async function readQr(source: ImageBitmap | HTMLVideoElement, canvas: HTMLCanvasElement): Promise<string | null> {
  const detector = await browserDetector();
  if (detector) {
    try {
      const found = await detector.detect(source);
      if (found[0]?.rawValue) return found[0].rawValue;
    } catch {
      /* falls back to jsQR */
    }
  }
  const width = source instanceof HTMLVideoElement ? source.videoWidth : source.width;
  const height = source instanceof HTMLVideoElement ? source.videoHeight : source.height;
  if (!width || !height) return null;
  // A large photo is scaled down first: a QR code stays readable, and the phone decodes far fewer pixels.
  const scale = Math.min(1, 1280 / Math.max(width, height));
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
  const { default: jsQR } = await import("jsqr");
  return jsQR(pixels.data, pixels.width, pixels.height)?.data ?? null;
}

/**
 * 'Escanear QR' (with JavaScript only): the guest's card carries their personal link, /i/{code};
 * read from the camera or from a photo, it opens that invitation's people (the search by code).
 */
export function QrScan() {
  const { t } = useTranslation("door");
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const stream = useRef<MediaStream | null>(null);

  const canvasOf = () => (canvas.current ??= document.createElement("canvas"));

  const stop = () => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    setScanning(false);
  };

  /** A QR code's text: a personal link opens its invitation; anything else says so. */
  const open = (text: string | null) => {
    if (text === null) {
      setError("scan.noQr");
      return;
    }
    const code = codeInScan(text);
    if (!code) {
      setError("scan.notPersonal");
      return;
    }
    setError(null);
    stop();
    navigate(`/recepcion?${new URLSearchParams({ q: code })}`);
  };

  useEffect(() => stop, []);
  // The camera's loop reads the latest `open` (it closes over this render's navigate).
  const opener = useRef(open);
  opener.current = open;

  // While the camera is on, a frame is read a few times a second until one holds a QR code.
  useEffect(() => {
    if (!scanning) return;
    let cancelled = false;
    const look = async () => {
      const element = video.current;
      if (cancelled || !element) return;
      const text = element.readyState >= 2 ? await readQr(element, canvasOf()).catch(() => null) : null;
      if (cancelled) return;
      if (text !== null) opener.current(text);
      else window.setTimeout(() => void look(), 300);
    };
    void look();
    return () => {
      cancelled = true;
    };
  }, [scanning]);

  const startCamera = async () => {
    setError(null);
    try {
      const media = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
      stream.current = media;
      setScanning(true);
      if (video.current) {
        video.current.srcObject = media;
        await video.current.play();
      }
    } catch {
      stop();
      setError("scan.cameraFailed");
    }
  };

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      const bitmap = await createImageBitmap(file);
      open(await readQr(bitmap, canvasOf()));
      bitmap.close();
    } catch {
      setError("scan.noQr");
    }
  };

  return (
    <section className="door-scan" aria-labelledby="door-scan-title">
      <h2 id="door-scan-title">{t("scan.title")}</h2>
      <div className="door-scan-buttons">
        {scanning ? (
          <button type="button" className="button secondary" onClick={stop}>
            {t("scan.stop")}
          </button>
        ) : (
          <button type="button" className="button secondary" onClick={() => void startCamera()}>
            {t("scan.camera")}
          </button>
        )}
        <label className="button secondary door-file">
          {t("scan.file")}
          <input
            type="file"
            accept="image/*"
            capture="environment"
            onChange={(event) => {
              void readFile(event.currentTarget.files?.[0]);
              event.currentTarget.value = "";
            }}
          />
        </label>
      </div>
      <video ref={video} className="door-video" hidden={!scanning} muted playsInline aria-label={t("scan.video")} />
      {error ? (
        <p role="alert" className="form-error">
          {t(error)}
        </p>
      ) : null}
    </section>
  );
}
