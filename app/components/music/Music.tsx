import { MusicControl } from "./MusicControl";
import { MusicProvider } from "./MusicProvider";

/**
 * The background music and its floating control (root.tsx): its state changes (the file ready,
 * autoplay refused) stay inside, so they never render the rest of the page again.
 */
export function Music({ src }: { src: string }) {
  return (
    <MusicProvider src={src}>
      <MusicControl />
    </MusicProvider>
  );
}
