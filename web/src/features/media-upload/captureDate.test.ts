import { describe, expect, it } from 'vitest';
import { readCaptureDate } from './captureDate';
import { appleMeta, be32, box, fileOf, ftyp, heic, jpeg, mvhd, text, tiff } from './captureFixtures';

describe('readCaptureDate', () => {
  it('reads a JPEG’s DateTimeOriginal as its own local date, in either byte order', async () => {
    expect(await readCaptureDate(jpeg(tiff('2024:05:04 23:50:00', true)))).toBe('2024-05-04');
    expect(await readCaptureDate(jpeg(tiff('2023:10:14 09:05:00', false)))).toBe('2023-10-14');
  });

  it('answers null for a photo without EXIF, an unset date, and what is not a photo or video', async () => {
    expect(await readCaptureDate(jpeg(null))).toBeNull();
    expect(await readCaptureDate(jpeg(tiff('0000:00:00 00:00:00', true)))).toBeNull();
    expect(await readCaptureDate(fileOf('just some text, long enough'))).toBeNull();
    expect(await readCaptureDate(fileOf())).toBeNull();
  });

  it('reads the Exif item of a HEIC photo', async () => {
    expect(await readCaptureDate(heic(tiff('2022:07:01 12:00:00', false)))).toBe('2022-07-01');
  });

  it('reads an MP4’s mvhd time in this browser’s zone, with the moov after the film', async () => {
    const taken = new Date(Date.UTC(2024, 4, 5, 1, 30));
    const file = fileOf(new Uint8Array([...ftyp('isom'), ...box('mdat', new Array(5000).fill(7)), ...box('moov', mvhd(taken))]));
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${taken.getFullYear()}-${pad(taken.getMonth() + 1)}-${pad(taken.getDate())}`;
    expect(await readCaptureDate(file)).toBe(local);
  });

  it('prefers an iPhone’s creation date, whose clock is the local one', async () => {
    const moov = box(
      'moov',
      mvhd(new Date(Date.UTC(2024, 4, 5, 1, 30))),
      appleMeta({ 'com.apple.quicktime.creationdate': '2024-05-04T18:30:00-0700' }),
    );
    const file = fileOf(new Uint8Array([...ftyp('qt  '), ...moov, ...box('mdat', [1, 2, 3])]));
    expect(await readCaptureDate(file)).toBe('2024-05-04');
  });

  it('answers null, never throws, for a video cut short or a box that lies about its size', async () => {
    const whole = [...ftyp('isom'), ...box('moov', mvhd(new Date(Date.UTC(2024, 0, 2))))];
    for (let n = 0; n < whole.length; n++) {
      const date = await readCaptureDate(fileOf(new Uint8Array(whole.slice(0, n))));
      expect(date === null || date.startsWith('2024-01-0')).toBe(true);
    }
    const lying = [...ftyp('isom'), ...be32(0xffffff), ...text('moov'), 0, 0];
    expect(await readCaptureDate(fileOf(new Uint8Array(lying)))).toBeNull();
  });
});
