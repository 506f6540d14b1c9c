import { useCallback, useEffect, useRef, useState } from 'react';
import { recordText } from '../strings';
import { pickRecordingType, type RecordingKind } from '../uploadRules';

/** What this device can record with. unsupported: no getUserMedia or MediaRecorder (old browser, plain http). */
export type Devices =
  | { status: 'checking' }
  | { status: 'known'; camera: boolean; microphone: boolean; unsupported: boolean };

export type RecorderState =
  | { phase: 'idle'; error: string | null }
  | { phase: 'starting'; kind: RecordingKind }
  | { phase: 'recording'; kind: RecordingKind; stream: MediaStream; startedAt: number }
  | { phase: 'recorded'; kind: RecordingKind; blob: Blob; url: string; mimeType: string };

function canRecord(): boolean {
  return typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia && typeof MediaRecorder !== 'undefined';
}

async function listDevices(): Promise<Devices> {
  if (!canRecord()) return { status: 'known', camera: false, microphone: false, unsupported: true };
  try {
    const list = await navigator.mediaDevices.enumerateDevices();
    return {
      status: 'known',
      camera: list.some((d) => d.kind === 'videoinput'),
      microphone: list.some((d) => d.kind === 'audioinput'),
      unsupported: false,
    };
  } catch {
    // The list is unavailable: offer both and let getUserMedia say what is missing.
    return { status: 'known', camera: true, microphone: true, unsupported: false };
  }
}

/** The message for a getUserMedia refusal (spec'd wording for a missing or blocked device). */
function startError(err: unknown, kind: RecordingKind): string {
  const name = err instanceof Error || err instanceof DOMException ? err.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return recordText.blocked;
  if (name === 'NotFoundError' || name === 'OverconstrainedError') {
    return kind === 'video' ? recordText.noCamera : recordText.noMicrophone;
  }
  return recordText.startFailed;
}

/**
 * Records video or audio with getUserMedia and MediaRecorder. The camera and microphone are released
 * as soon as a recording stops, and when the component using this unmounts (the dialog closes).
 */
export function useRecorder() {
  const [devices, setDevices] = useState<Devices>({ status: 'checking' });
  const [state, setState] = useState<RecorderState>({ phase: 'idle', error: null });
  const [elapsed, setElapsed] = useState(0);
  const stream = useRef<MediaStream | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const recordingUrl = useRef<string | null>(null);
  const mounted = useRef(true);

  const releaseStream = useCallback(() => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
  }, []);

  const forgetRecording = useCallback(() => {
    if (recordingUrl.current) URL.revokeObjectURL(recordingUrl.current);
    recordingUrl.current = null;
  }, []);

  // What is plugged in, and again whenever that changes.
  useEffect(() => {
    let live = true;
    const check = () => void listDevices().then((d) => live && setDevices(d));
    check();
    const media = typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined;
    media?.addEventListener?.('devicechange', check);
    return () => {
      live = false;
      media?.removeEventListener?.('devicechange', check);
    };
  }, []);

  // Closing the dialog: stop recording without keeping the result, and release every track.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      const active = recorder.current;
      if (active && active.state !== 'inactive') {
        active.ondataavailable = null;
        active.onstop = null;
        active.stop();
      }
      recorder.current = null;
      releaseStream();
      forgetRecording();
    };
  }, [releaseStream, forgetRecording]);

  // The running time while recording.
  const startedAt = state.phase === 'recording' ? state.startedAt : null;
  useEffect(() => {
    if (startedAt === null) return;
    setElapsed(0);
    const timer = window.setInterval(() => setElapsed((Date.now() - startedAt) / 1000), 250);
    return () => window.clearInterval(timer);
  }, [startedAt]);

  const start = async (kind: RecordingKind) => {
    forgetRecording();
    setState({ phase: 'starting', kind });
    const withAudio = devices.status !== 'known' || devices.microphone;
    let media: MediaStream;
    try {
      media = await navigator.mediaDevices.getUserMedia(kind === 'video' ? { video: true, audio: withAudio } : { audio: true });
    } catch (err) {
      if (mounted.current) setState({ phase: 'idle', error: startError(err, kind) });
      return;
    }
    if (!mounted.current) {
      media.getTracks().forEach((track) => track.stop());
      return;
    }
    stream.current = media;
    const chosenType = pickRecordingType(kind, (type) => MediaRecorder.isTypeSupported(type));
    let rec: MediaRecorder;
    try {
      rec = new MediaRecorder(media, chosenType ? { mimeType: chosenType } : undefined);
    } catch {
      releaseStream();
      setState({ phase: 'idle', error: recordText.startFailed });
      return;
    }
    const chunks: Blob[] = [];
    rec.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    rec.onstop = () => {
      releaseStream();
      recorder.current = null;
      const mimeType = rec.mimeType || chosenType || `${kind}/webm`;
      const blob = new Blob(chunks, { type: mimeType });
      const url = URL.createObjectURL(blob);
      recordingUrl.current = url;
      setState({ phase: 'recorded', kind, blob, url, mimeType });
    };
    recorder.current = rec;
    // A timeslice hands over data every second, so a long recording is not one buffer at the end.
    rec.start(1000);
    setState({ phase: 'recording', kind, stream: media, startedAt: Date.now() });
  };

  const stop = () => {
    if (recorder.current && recorder.current.state !== 'inactive') recorder.current.stop();
  };

  const discard = () => {
    forgetRecording();
    setState({ phase: 'idle', error: null });
  };

  return { devices, state, elapsed, start: (kind: RecordingKind) => void start(kind), stop, discard };
}
