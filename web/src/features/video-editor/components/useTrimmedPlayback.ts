import { useCallback, useEffect, useRef, useState } from 'react';
import { playStartTime, reachedTrimEnd, type TrimRange } from '../playback';

/**
 * Plays a <video> inside a trim: Play starts from the trim start when the video is outside the
 * trim, and reaching the trim end pauses and goes back to the trim start (spec section 4). The end
 * is watched every animation frame while playing (timeupdate alone comes only ~4 times a second, so
 * a clip would overrun by up to a quarter second). `trim` null: no trim to keep to (yet).
 */
export function useTrimmedPlayback(trim: TrimRange | null, onDuration: (seconds: number) => void) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [currentTime, setCurrentTime] = useState(0);
  const [mediaDuration, setMediaDuration] = useState<number | null>(null);
  // The position at the last check: reaching the end means crossing it since then.
  const lastTime = useRef(0);
  const trimRef = useRef(trim);
  useEffect(() => {
    trimRef.current = trim;
  }, [trim]);

  const seek = useCallback((seconds: number) => {
    const video = videoRef.current;
    if (!video || !Number.isFinite(seconds)) return;
    video.currentTime = seconds;
    lastTime.current = seconds;
    setCurrentTime(seconds);
  }, []);

  const checkTrimEnd = useCallback(() => {
    const video = videoRef.current;
    const range = trimRef.current;
    if (!video) return;
    const now = video.currentTime;
    if (range && !video.paused && reachedTrimEnd(lastTime.current, now, range)) {
      video.pause();
      seek(range.start);
      return;
    }
    lastTime.current = now;
  }, [seek]);

  useEffect(() => {
    if (!playing) return;
    let frame = requestAnimationFrame(function tick() {
      checkTrimEnd();
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing, checkTrimEnd]);

  const play = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    const range = trimRef.current;
    if (range) {
      const from = playStartTime(video.currentTime, range);
      if (from !== video.currentTime) seek(from);
    }
    lastTime.current = video.currentTime;
    // A refused play (autoplay rules, a source that will not load) leaves the video paused; the
    // button follows the element's own play/pause events, so there is nothing to undo.
    video.play()?.catch(() => {});
  }, [seek]);

  const toggle = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused) play();
    else video.pause();
  }, [play]);

  const videoProps = {
    ref: videoRef,
    onPlay: () => setPlaying(true),
    onPause: () => setPlaying(false),
    onEnded: () => {
      // A trim that ends at the very end of the video: the element stops before any frame crosses it.
      setPlaying(false);
      if (trimRef.current) seek(trimRef.current.start);
    },
    onTimeUpdate: () => {
      if (videoRef.current) setCurrentTime(videoRef.current.currentTime);
      checkTrimEnd();
    },
    onLoadedMetadata: () => {
      const seconds = videoRef.current?.duration ?? Number.NaN;
      if (Number.isFinite(seconds) && seconds > 0) {
        setMediaDuration(seconds);
        onDuration(seconds);
      }
    },
  };

  return { videoProps, playing, currentTime, mediaDuration, play, toggle, seek };
}
