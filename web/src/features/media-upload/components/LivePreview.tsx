import { useEffect, useRef } from 'react';

/** The camera's live picture while recording; muted so the microphone does not echo. */
export function LivePreview({ stream, label }: { stream: MediaStream; label: string }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const el = video.current;
    if (!el) return;
    el.srcObject = stream;
    return () => {
      el.srcObject = null;
    };
  }, [stream]);
  return (
    <video
      ref={video}
      aria-label={label}
      autoPlay
      muted
      playsInline
      style={{ width: '100%', maxHeight: 320, borderRadius: 'var(--mantine-radius-md)', background: 'black' }}
    />
  );
}
