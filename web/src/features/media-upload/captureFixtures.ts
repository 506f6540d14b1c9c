// Bytes a phone writes, built small for tests of readCaptureDate and the upload dialog: the reader needs
// the headers and the metadata, not a picture.
import { Blob as NodeBlob } from 'node:buffer';

/** Node's Blob, which has arrayBuffer() as a browser's does (jsdom's has not): the reader slices it. */
export const fileOf = (...parts: (Uint8Array | string)[]) => new NodeBlob(parts) as unknown as Blob;

export const text = (s: string) => Array.from(s, (c) => c.charCodeAt(0));
export const be16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
export const be32 = (n: number) => [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
export const le16 = (n: number) => [n & 0xff, (n >> 8) & 0xff];
export const le32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff];

/** A TIFF block: IFD0 pointing to an Exif IFD with DateTimeOriginal (little- or big-endian). */
export function tiff(dateTimeOriginal: string, little: boolean): number[] {
  const u16 = little ? le16 : be16;
  const u32 = little ? le32 : be32;
  const value = [...text(dateTimeOriginal), 0];
  const exifAt = 8 + 2 + 12 + 4;
  const valueAt = exifAt + 2 + 12 + 4;
  return [
    ...text(little ? 'II*\0' : 'MM\0*'),
    ...u32(8),
    ...u16(1),
    ...u16(0x8769),
    ...u16(4),
    ...u32(1),
    ...u32(exifAt),
    ...u32(0),
    ...u16(1),
    ...u16(0x9003),
    ...u16(2),
    ...u32(value.length),
    ...u32(valueAt),
    ...u32(0),
    ...value,
  ];
}

export function jpeg(exif: number[] | null): Blob {
  const app0 = [0xff, 0xe0, ...be16(16), ...text('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const app1 = exif ? [0xff, 0xe1, ...be16(exif.length + 8), ...text('Exif\0\0'), ...exif] : [];
  const scan = [0xff, 0xda, ...be16(8), 1, 1, 0, 0, 0x3f, 0, 0x12, 0x34, 0xff, 0xd9];
  return fileOf(new Uint8Array([0xff, 0xd8, ...app0, ...app1, ...scan]));
}

export const box = (type: string, ...payload: number[][]) => {
  const body = payload.flat();
  return [...be32(body.length + 8), ...text(type), ...body];
};
export const fullBox = (type: string, version: number, ...payload: number[][]) => box(type, [version, 0, 0, 0], ...payload);
export const ftyp = (brand: string) => box('ftyp', text(brand), be32(0), text(brand));

/** mvhd (version 0) with its creation time in seconds since 1904. */
export function mvhd(utc: Date): number[] {
  const seconds = Math.round((utc.getTime() - Date.UTC(1904, 0, 1)) / 1000);
  return fullBox('mvhd', 0, be32(seconds), be32(seconds), be32(1000), be32(1000), new Array(80).fill(0));
}

/** QuickTime's moov/meta: hdlr, keys and ilst with UTF-8 values, as an iPhone writes. */
export function appleMeta(values: Record<string, string>): number[] {
  const names = Object.keys(values);
  const keys = fullBox('keys', 0, be32(names.length), ...names.map((k) => [...be32(k.length + 8), ...text('mdta'), ...text(k)]));
  const items = names.map((k, i) => {
    const data = box('data', be32(1), be32(0), text(values[k]));
    return [...be32(data.length + 8), ...be32(i + 1), ...data];
  });
  return box('meta', fullBox('hdlr', 0, be32(0), text('mdta'), new Array(12).fill(0), [0]), keys, box('ilst', ...items));
}

/** A HEIF file: ftyp, meta (iinf with an Exif item, iloc placing it in mdat), mdat. */
export function heic(exif: number[]): Blob {
  const exifItem = [...be32(6), ...text('Exif\0\0'), ...exif];
  const infe = fullBox('infe', 2, be16(1), be16(0), text('Exif'), [0]);
  const iinf = fullBox('iinf', 0, be16(1), infe);
  const head = ftyp('heic');
  // iloc v0: offset, length 4 bytes each, no base offset; mdat's payload follows meta.
  const ilocSize = 8 + 4 + 2 + 2 + 2 + 2 + 2 + 4 + 4;
  const hdlr = fullBox('hdlr', 0, be32(0), text('pict'), new Array(12).fill(0), [0]);
  const metaSize = 8 + 4 + hdlr.length + iinf.length + ilocSize;
  const exifAt = head.length + metaSize + 8;
  const iloc = fullBox('iloc', 0, [0x44, 0x00], be16(1), be16(1), be16(0), be16(1), be32(exifAt), be32(exifItem.length));
  const meta = fullBox('meta', 0, hdlr, iinf, iloc);
  if (meta.length !== metaSize) throw new Error('the HEIF meta box is not the size iloc counted on');
  return fileOf(new Uint8Array([...head, ...meta, ...box('mdat', exifItem)]));
}


/**
 * A jsdom File of these bytes whose slices are Node's Blobs, so readCaptureDate reads it as a browser
 * would (jsdom's Blob has no arrayBuffer()).
 */
export function readableFile(bytes: Blob, name: string, type: string): File {
  const file = new File(['x'.repeat(bytes.size)], name, { type });
  Object.defineProperty(file, 'slice', { value: (start?: number, end?: number) => bytes.slice(start, end) });
  return file;
}
