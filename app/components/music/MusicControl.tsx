import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { AUTOPLAY_HINT_HIDE_MS } from "~/lib/constants";
import { displayedVolume, showAutoplayHint } from "~/lib/music";
import { MusicIcon, PauseIcon, PlayIcon, VolumeIcon, VolumeOffIcon } from "../icons";
import { useMusic } from "./MusicProvider";

/**
 * The floating control, bottom right, on every page: play/pause, and behind the note button
 * mute and volume; plus the hint while the browser blocks autoplay (hidden after 8 s or at the
 * first interaction). 44 px targets; names in the page's language. Needs JavaScript, so it is
 * hidden without it.
 */
export function MusicControl() {
  const { t } = useTranslation("common");
  const music = useMusic();
  const [open, setOpen] = useState(false);
  const [hintVisible, setHintVisible] = useState(false);
  const hint = showAutoplayHint(music);

  useEffect(() => {
    setHintVisible(hint);
    if (!hint) return;
    const timer = window.setTimeout(() => setHintVisible(false), AUTOPLAY_HINT_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [hint]);

  return (
    <div className="music-control js-only" role="region" aria-label={t("music.label")}>
      {hintVisible ? (
        <p className="music-hint" role="status">
          {t("music.autoplayHint")}
        </p>
      ) : null}
      {open ? (
        <div className="music-panel" id="music-panel">
          <button type="button" className="icon-button" onClick={music.toggleMute}>
            {music.isMuted ? <VolumeOffIcon /> : <VolumeIcon />}
            <span className="visually-hidden">{music.isMuted ? t("music.unmute") : t("music.mute")}</span>
          </button>
          <label className="music-volume">
            <span className="visually-hidden">{t("music.volume")}</span>
            <input
              type="range"
              min={0}
              max={1}
              step={music.volumeStep}
              value={displayedVolume(music)}
              onChange={(e) => music.setVolume(Number(e.currentTarget.value))}
            />
          </label>
        </div>
      ) : null}
      <button type="button" className="icon-button music-main" onClick={music.togglePlay}>
        {music.isPlaying ? <PauseIcon /> : <PlayIcon />}
        <span className="visually-hidden">{music.isPlaying ? t("music.pause") : t("music.play")}</span>
      </button>
      <button type="button" className="icon-button" onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls={open ? "music-panel" : undefined}>
        <MusicIcon />
        <span className="visually-hidden">{t("music.settings")}</span>
      </button>
    </div>
  );
}
