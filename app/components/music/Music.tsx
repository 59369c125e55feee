import { MusicControl } from "./MusicControl";
import { MusicProvider } from "./MusicProvider";

/**
 * The background music and its floating control, as one part whose code loads after hydration
 * (root.tsx): its state changes (the file ready, autoplay refused) stay inside, so they never touch
 * the page's other lazily hydrated parts, whose boundaries a context change would throw away.
 */
export function Music({ src }: { src: string }) {
  return (
    <MusicProvider src={src}>
      <MusicControl />
    </MusicProvider>
  );
}
