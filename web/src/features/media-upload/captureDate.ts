// When a photo or video was taken, read in the browser so the upload dialog's date starts at the
// file's own (the server reads it the same way when no date is sent: media/capture.go). Only the few
// bytes that hold it are read, through Blob.slice: a 2 GB game film costs a handful of small reads.
// The date is the one on the clock where it was taken (EXIF DateTimeOriginal, whose offset changes
// nothing to its own date; an iPhone video's creation date with its offset); an MP4's mvhd time is a
// bare UTC instant, read in this browser's zone.

/** YYYY-MM-DD of when file was taken, or null when it does not say (or cannot be read). */
export async function readCaptureDate(file: Blob): Promise<string | null> {
  try {
    const head = await bytesAt(file, 0, 12);
    if (head.length < 12) return null;
    if (head[0] === 0xff && head[1] === 0xd8) return await jpegDate(file);
    if (ascii(head, 4, 4) === 'ftyp') return await isoDate(file);
    return null;
  } catch {
    return null; // a damaged file or a failed read: the family chooses the date
  }
}

const MAX_JPEG_SCAN = 1 << 20;
const MAX_META_BOX = 4 << 20;
const MAX_BOXES = 10000;

async function bytesAt(file: Blob, start: number, length: number): Promise<Uint8Array> {
  if (start >= file.size || length <= 0) return new Uint8Array(0);
  return new Uint8Array(await file.slice(start, Math.min(file.size, start + length)).arrayBuffer());
}

function ascii(b: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...b.subarray(at, at + length));
}

function u16(b: Uint8Array, at: number, little = false): number {
  return little ? b[at] | (b[at + 1] << 8) : (b[at] << 8) | b[at + 1];
}

function u32(b: Uint8Array, at: number, little = false): number {
  return little
    ? (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0
    : ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;
}

async function jpegDate(file: Blob): Promise<string | null> {
  let at = 2;
  const end = Math.min(file.size, MAX_JPEG_SCAN);
  while (at + 4 <= end) {
    const marker = await bytesAt(file, at, 4);
    if (marker.length < 4 || marker[0] !== 0xff) return null;
    if (marker[1] === 0xff) {
      at++;
      continue;
    }
    if (marker[1] === 0xda || marker[1] === 0xd9) return null; // the image data: no metadata after
    const length = u16(marker, 2);
    if (length < 2) return null;
    if (marker[1] === 0xe1) {
      const payload = await bytesAt(file, at + 4, length - 2);
      if (ascii(payload, 0, 6) === 'Exif\0\0') return exifDate(payload.subarray(6));
    }
    at += 2 + length;
  }
  return null;
}

/** Reads DateTimeOriginal (then DateTimeDigitized, then IFD0's DateTime) from a TIFF block. */
export function exifDate(tiff: Uint8Array): string | null {
  if (tiff.length < 8) return null;
  const order = ascii(tiff, 0, 4);
  if (order !== 'II*\0' && order !== 'MM\0*') return null;
  const little = order === 'II*\0';
  const ifd = (offset: number): Map<number, string | number> => {
    const tags = new Map<number, string | number>();
    if (offset + 2 > tiff.length) return tags;
    const count = u16(tiff, offset, little);
    for (let i = 0; i < count && i < 1000; i++) {
      const e = offset + 2 + i * 12;
      if (e + 12 > tiff.length) break;
      const tag = u16(tiff, e, little);
      const type = u16(tiff, e + 2, little);
      const n = u32(tiff, e + 4, little);
      if (type === 2) {
        const at = n <= 4 ? e + 8 : u32(tiff, e + 8, little);
        if (at + n <= tiff.length) tags.set(tag, ascii(tiff, at, n).replace(/\0+$/, '').trim());
      } else if (type === 4 && n === 1) {
        tags.set(tag, u32(tiff, e + 8, little));
      }
    }
    return tags;
  };
  const ifd0 = ifd(u32(tiff, 4, little));
  const exifAt = ifd0.get(0x8769);
  const exif = typeof exifAt === 'number' ? ifd(exifAt) : new Map<number, string | number>();
  for (const value of [exif.get(0x9003), exif.get(0x9004), ifd0.get(0x0132)]) {
    const m = typeof value === 'string' ? /^(\d{4}):(\d{2}):(\d{2}) \d{2}:\d{2}:\d{2}/.exec(value) : null;
    if (m && m[1] !== '0000' && Number(m[1]) >= 1900) return `${m[1]}-${m[2]}-${m[3]}`;
  }
  return null;
}

interface Box {
  type: string;
  payload: number;
  end: number;
}

/** The boxes in [from, to) of an ISO base media file, by their headers. */
async function boxesIn(read: (at: number, n: number) => Promise<Uint8Array>, from: number, to: number): Promise<Box[]> {
  const boxes: Box[] = [];
  let at = from;
  while (at + 8 <= to && boxes.length < MAX_BOXES) {
    const head = await read(at, 16);
    if (head.length < 8) break;
    let size = u32(head, 0);
    let header = 8;
    if (size === 0) size = to - at;
    else if (size === 1) {
      if (head.length < 16) break;
      size = u32(head, 8) * 2 ** 32 + u32(head, 12);
      header = 16;
    }
    if (size < header || at + size > to) break;
    boxes.push({ type: ascii(head, 4, 4), payload: at + header, end: at + size });
    at += size;
  }
  return boxes;
}

function inMemory(b: Uint8Array) {
  return (at: number, n: number) => Promise.resolve(b.subarray(at, Math.min(b.length, at + n)));
}

async function isoDate(file: Blob): Promise<string | null> {
  const fromFile = (at: number, n: number) => bytesAt(file, at, n);
  const top = await boxesIn(fromFile, 0, file.size);
  const meta = top.find((b) => b.type === 'meta');
  if (meta && meta.end - meta.payload <= MAX_META_BOX) {
    const date = await heifExifDate(file, await bytesAt(file, meta.payload, meta.end - meta.payload));
    if (date) return date;
  }
  const moov = top.find((b) => b.type === 'moov');
  return moov ? moovDate(file, moov) : null;
}

/** The Exif item of a HEIF meta box (b is its payload), where iloc says it lies. */
async function heifExifDate(file: Blob, b: Uint8Array): Promise<string | null> {
  const children = await boxesIn(inMemory(b), 4, b.length);
  const iinf = children.find((c) => c.type === 'iinf');
  const iloc = children.find((c) => c.type === 'iloc');
  if (!iinf || !iloc) return null;
  const id = await exifItemId(b.subarray(iinf.payload, iinf.end));
  if (id === null) return null;
  const extent = itemExtent(b.subarray(iloc.payload, iloc.end), id);
  if (!extent || extent.length < 8 || extent.length > 1 << 20) return null;
  let payload: Uint8Array;
  if (extent.method === 0) payload = await bytesAt(file, extent.offset, extent.length);
  else if (extent.method === 1) {
    const idat = children.find((c) => c.type === 'idat');
    if (!idat) return null;
    payload = b.subarray(idat.payload + extent.offset, idat.payload + extent.offset + extent.length);
  } else return null;
  const skip = u32(payload, 0);
  return 4 + skip < payload.length ? exifDate(payload.subarray(4 + skip)) : null;
}

async function exifItemId(b: Uint8Array): Promise<number | null> {
  const start = b[0] === 0 ? 6 : 8;
  for (const infe of await boxesIn(inMemory(b), start, b.length)) {
    const p = b.subarray(infe.payload, infe.end);
    if (infe.type !== 'infe' || p.length < 12 || p[0] < 2) continue;
    const [id, typeAt] = p[0] === 2 ? [u16(p, 4), 8] : [u32(p, 4), 10];
    if (typeAt + 4 <= p.length && ascii(p, typeAt, 4) === 'Exif') return id;
  }
  return null;
}

/** iloc's one extent of item id (ISO/IEC 14496-12, 8.11.3). */
function itemExtent(b: Uint8Array, id: number): { method: number; offset: number; length: number } | null {
  let at = 0;
  const need = (n: number) => {
    if (at + n > b.length) throw new RangeError('iloc overruns its box');
  };
  const uint = (size: number): number => {
    need(size);
    let v = 0;
    for (let i = 0; i < size; i++) v = v * 256 + b[at + i];
    at += size;
    return v;
  };
  const version = uint(1);
  at += 3;
  const sizes = uint(2);
  const offsetSize = sizes >> 12;
  const lengthSize = (sizes >> 8) & 0xf;
  const baseSize = (sizes >> 4) & 0xf;
  const indexSize = version === 0 ? 0 : sizes & 0xf;
  const count = version === 2 ? uint(4) : uint(2);
  for (let i = 0; i < count; i++) {
    const itemId = version === 2 ? uint(4) : uint(2);
    const method = version === 1 || version === 2 ? uint(2) & 0xf : 0;
    at += 2;
    const base = uint(baseSize);
    // Extents of no bytes say nothing, and would not move the reader on.
    const extents = indexSize + offsetSize + lengthSize === 0 ? Math.min(uint(2), 1) : uint(2);
    let found = { method, offset: 0, length: 0 };
    for (let e = 0; e < extents; e++) {
      uint(indexSize);
      found = { method, offset: base + uint(offsetSize), length: uint(lengthSize) };
    }
    if (itemId === id) return extents === 1 ? found : null;
  }
  return null;
}

const MP4_EPOCH_MS = Date.UTC(1904, 0, 1);

async function moovDate(file: Blob, moov: Box): Promise<string | null> {
  const children = await boxesIn((at, n) => bytesAt(file, at, n), moov.payload, moov.end);
  const read = (box: Box) => (box.end - box.payload <= MAX_META_BOX ? bytesAt(file, box.payload, box.end - box.payload) : null);
  const keys = new Map<string, string>();
  let utc: Date | null = null;
  for (const child of children) {
    const b = await read(child);
    if (!b) continue;
    if (child.type === 'mvhd') utc = mvhdCreation(b);
    else if (child.type === 'meta') await quickTimeKeys(b, keys);
    else if (child.type === 'udta') {
      for (const u of await boxesIn(inMemory(b), 0, b.length)) {
        if (u.type === 'meta') await quickTimeKeys(b.subarray(u.payload, u.end), keys);
      }
    }
  }
  // An iPhone writes its local time with the offset: that clock's date is the one meant.
  const m = /^(\d{4})-(\d{2})-(\d{2})T/.exec(keys.get('com.apple.quicktime.creationdate') ?? '');
  if (m && Number(m[1]) >= 1970) return `${m[1]}-${m[2]}-${m[3]}`;
  return utc ? localIsoDate(utc) : null;
}

function mvhdCreation(b: Uint8Array): Date | null {
  let seconds: number;
  if (b.length >= 8 && b[0] === 0) seconds = u32(b, 4);
  else if (b.length >= 12 && b[0] === 1) seconds = u32(b, 4) * 2 ** 32 + u32(b, 8);
  else return null;
  const t = new Date(MP4_EPOCH_MS + seconds * 1000);
  return t.getUTCFullYear() >= 1970 && !Number.isNaN(t.getTime()) ? t : null;
}

/** A metadata box's keys and ilst (UTF-8 values): a full box in MP4's udta, a plain one in QuickTime's moov. */
async function quickTimeKeys(b: Uint8Array, keys: Map<string, string>) {
  const start = b.length >= 8 && ascii(b, 4, 4) === 'hdlr' ? 0 : 4;
  const children = await boxesIn(inMemory(b), start, b.length);
  const names: string[] = [];
  const k = children.find((c) => c.type === 'keys');
  if (k) {
    let at = k.payload + 8;
    const n = u32(b, k.payload + 4);
    for (let i = 0; i < n && at + 8 <= k.end; i++) {
      const size = u32(b, at);
      if (size < 8) break;
      names.push(new TextDecoder().decode(b.subarray(at + 8, Math.min(k.end, at + size))));
      at += size;
    }
  }
  const ilst = children.find((c) => c.type === 'ilst');
  if (!ilst) return;
  for (const item of await boxesIn(inMemory(b), ilst.payload, ilst.end)) {
    const index = u32(b, item.payload - 4);
    if (index < 1 || index > names.length) continue;
    const data = (await boxesIn(inMemory(b), item.payload, item.end)).find((d) => d.type === 'data');
    if (data && data.end - data.payload >= 8 && (u32(b, data.payload) & 0xffffff) === 1) {
      keys.set(names[index - 1], new TextDecoder().decode(b.subarray(data.payload + 8, data.end)));
    }
  }
}

function localIsoDate(t: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}`;
}
