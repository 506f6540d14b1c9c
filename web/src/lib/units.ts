// The one rounding rule for file sizes and the one for durations, wherever the app shows them
// (media tiles and list, the preview, the upload dialog, the video editor).

const KB = 1024;
const MB = 1024 * 1024;
const GB = 1024 * MB;

/**
 * A file's size: bytes under 1 KB, whole KB under 1 MB, whole MB under 1 GB, GB to a tenth above
 * (binary units, as the server's limits are: "50 MB" is 50 × 1024 × 1024 bytes, "250 GB" a plan's
 * storage). Never "0" of anything for a real file.
 */
export function fileSizeLabel(bytes: number): string {
  if (!(bytes > 0)) return '0 B';
  if (bytes < KB) return `${Math.round(bytes)} B`;
  if (bytes < MB) return `${Math.min(1023, Math.max(1, Math.round(bytes / KB)))} KB`;
  if (bytes < GB) return `${Math.min(1023, Math.round(bytes / MB))} MB`;
  return `${Number((bytes / GB).toFixed(1))} GB`;
}

/**
 * Whole seconds of a duration, rounded down as the browser's own player counts them, so a 3.5 s clip
 * reads 0:03 on its tile and in the player alike.
 */
export function wholeSeconds(seconds: number): number {
  return Math.floor(Math.max(0, seconds));
}
