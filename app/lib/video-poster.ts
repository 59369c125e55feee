/** A video's poster for the upload queue: drawn in the browser when the guest chooses the file (the gallery, a table's page). */

/** The longest a video's poster may take to draw before the video is sent without one. */
const POSTER_WAIT_MS = 5000;
/** The poster's longest side: the server makes the thumbnail from it. */
const POSTER_MAX_PX = 1280;

/**
 * A chosen video's first frame as a JPEG (sent as its poster), or null when this browser cannot
 * draw it in time (a format it does not play): the video then shows a plain tile. The server
 * checks the picture through its image pipeline and tells videos by their bytes, not this type.
 */
export function posterOf(file: File): Promise<Blob | null> {
  if (!file.type.startsWith("video/")) return Promise.resolve(null);
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement("video");
    let settled = false;
    const finish = (blob: Blob | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      video.removeAttribute("src");
      video.load();
      URL.revokeObjectURL(url);
      resolve(blob);
    };
    const timer = setTimeout(() => finish(null), POSTER_WAIT_MS);
    video.muted = true;
    video.playsInline = true;
    video.preload = "auto";
    video.onloadeddata = () => {
      const scale = Math.min(1, POSTER_MAX_PX / Math.max(video.videoWidth, video.videoHeight, 1));
      const canvas = document.createElement("canvas");
      canvas.width = Math.round(video.videoWidth * scale);
      canvas.height = Math.round(video.videoHeight * scale);
      const draw = canvas.getContext("2d");
      if (!draw || canvas.width === 0 || canvas.height === 0) return finish(null);
      draw.drawImage(video, 0, 0, canvas.width, canvas.height);
      canvas.toBlob((blob) => finish(blob), "image/jpeg", 0.85);
    };
    video.onerror = () => finish(null);
    video.src = url;
  });
}
