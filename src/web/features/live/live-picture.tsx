import { useEffect, useEffectEvent, useRef } from 'react';

/**
 * One signed HLS link played in a muted, self-starting video: at the live edge first, with the
 * sliding window's minute to pause and rewind in through the video's own controls.
 *
 * hls.js is loaded only here, when there is a picture to play, so it stays out of every page's
 * first scripts. It is asked first: Chromium claims native HLS (`canPlayType` "maybe") yet does
 * not play a live playlist by itself (shared/STACK.md "live playback"); the browser's own player
 * is the fallback where hls.js cannot run. A playback that cannot go on is reported once through
 * `onFatal`; the link is played as it was at mount, so mount a new one (a new key) to start again.
 */
export function LivePicture({ source, poster, onFatal }: { source: string; poster: string; onFatal: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const fail = useEffectEvent(onFatal);

  useEffect(() => {
    const media = video.current;
    if (!media) return;
    let stopped = false;
    let player: { destroy: () => void } | undefined;
    const release = () => {
      stopped = true;
      player?.destroy();
      player = undefined;
    };
    const stop = () => {
      if (stopped) return;
      release();
      fail();
    };
    const nativeError = () => stop();

    import('hls.js').then(
      ({ default: Hls }) => {
        if (stopped) return;
        if (Hls.isSupported()) {
          const hls = new Hls();
          player = hls;
          hls.on(Hls.Events.ERROR, (_event, data) => {
            if (data.fatal) stop();
          });
          hls.loadSource(source);
          hls.attachMedia(media);
        } else {
          media.addEventListener('error', nativeError);
          media.src = source;
        }
      },
      // The chunk did not arrive (a new release, the network): the same as a playback that failed.
      () => stop(),
    );

    return () => {
      release();
      media.removeEventListener('error', nativeError);
      if (media.hasAttribute('src')) {
        media.removeAttribute('src');
        media.load();
      }
    };
  }, [source]);

  return (
    <video ref={video} className="event-player__video" poster={poster} controls muted autoPlay playsInline data-testid="event-video" />
  );
}
