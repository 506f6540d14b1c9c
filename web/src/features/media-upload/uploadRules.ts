import dayjs from 'dayjs';
import type { DropzoneProps } from '@mantine/dropzone';
import { fileSizeLabel } from '../../lib/units';

// The upload dialog's small rules (spec sections 5 and 9), kept apart from the components so they can
// be tested on their own.

/** Spec: the stated upload limit, shown until the server's own (GET …/media/usage) has loaded. */
export const DEFAULT_MAX_FILE_MB = 50;

/**
 * What the picker offers: images, video, audio and PDF by MIME family. The server sniffs the content
 * and has the last word (415 Unsupported file type), so this only steers the file dialog.
 */
export const ACCEPTED_TYPES: NonNullable<DropzoneProps['accept']> = {
  'image/*': [],
  'video/*': [],
  'audio/*': [],
  'application/pdf': ['.pdf'],
};

const MB = 1024 * 1024;

/**
 * Video above this size goes as a resumable upload (tus): game film from a phone, where a dropped
 * connection would otherwise start the whole file over. Smaller files and other types go in one request.
 */
export const RESUMABLE_MIN_BYTES = 20 * MB;

export function usesResumableUpload(file: Blob): boolean {
  return file.type.startsWith('video/') && file.size > RESUMABLE_MIN_BYTES;
}

/** Sizes are shown in whole MB (spec). */
export function wholeMb(bytes: number): number {
  return Math.round(bytes / MB);
}

/** A file's size: lib/units' one rule, the same as the library's (KB under 1 MB). */
export const formatSize = fileSizeLabel;

/** Spec: the title defaults to the file name without its extension ("game.final.mp4" → "game.final"). */
export function titleFromFileName(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/** Whole percent of an upload's bytes sent, 0 when the total is not known. */
export function uploadPercent(loaded: number, total: number): number {
  if (!total) return 0;
  return Math.min(100, Math.max(0, Math.round((loaded / total) * 100)));
}

export type RecordingKind = 'video' | 'audio';

/** Best first: WebM where the browser records it (Chrome, Firefox), MP4 otherwise (Safari). */
const RECORDING_TYPES: Record<RecordingKind, string[]> = {
  video: ['video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4'],
  audio: ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4'],
};

/** The first container the browser's MediaRecorder supports; '' lets the browser choose. */
export function pickRecordingType(kind: RecordingKind, isTypeSupported: (type: string) => boolean): string {
  return RECORDING_TYPES[kind].find((type) => isTypeSupported(type)) ?? '';
}

/** The name the recording is uploaded under; its extension follows the container. */
export function recordingFileName(mimeType: string): string {
  return mimeType.includes('mp4') ? 'recording.mp4' : 'recording.webm';
}

/** The stamp in a recording's default title: "Recording Apr 12, 2026 3:42 PM". */
export function recordingStamp(now: Date = new Date()): string {
  return dayjs(now).format('MMM D, YYYY h:mm A');
}

/** A recording's running time as m:ss. */
export function formatElapsed(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
