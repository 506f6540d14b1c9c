import { useEffect, useRef } from 'react';
import { sendReceipt } from '../api';

/** How many seconds of play make one receipt. */
const RECEIPT_EVERY = 5;

/**
 * A clip, playable at once, that reports how much of it plays: every few seconds while it plays, and the
 * rest when it pauses or ends. Seeking does not count as watching.
 */
export function ClipPlayer({ code, id, src, poster, title }: { code: string; id: number; src: string; poster: string | null; title: string }) {
  const last = useRef<number | null>(null);
  const pending = useRef(0);
  const flush = (min: number) => {
    const seconds = Math.round(pending.current);
    if (seconds >= min) {
      sendReceipt(code, { mediaId: id, seconds });
      pending.current -= seconds;
    }
  };
  useEffect(() => () => flush(1), []); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <video
      src={src}
      poster={poster ?? undefined}
      controls
      playsInline
      preload="metadata"
      aria-label={title}
      style={{ width: '100%', borderRadius: 8, background: '#000', display: 'block', aspectRatio: '16 / 9' }}
      onPlay={(e) => (last.current = e.currentTarget.currentTime)}
      onTimeUpdate={(e) => {
        const now = e.currentTarget.currentTime;
        const step = last.current === null ? 0 : now - last.current;
        last.current = now;
        if (step > 0 && step < 2) pending.current += step;
        if (pending.current >= RECEIPT_EVERY) flush(RECEIPT_EVERY);
      }}
      onSeeking={() => (last.current = null)}
      onSeeked={(e) => (last.current = e.currentTarget.currentTime)}
      onPause={() => flush(1)}
      onEnded={() => flush(1)}
    />
  );
}
