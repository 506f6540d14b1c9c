// A large media library for the browser tests and bench/media-scroll.mjs: one real photo uploaded and
// processed by the worker, then thousands of rows written straight into the database, each with files of
// its own (hard links to that photo's original and thumbnail in the storage directory, so every tile
// loads its own URL as in a real library, at no cost in disk). Needs what scripts/e2e.sh exports:
// DATABASE_URL and MEDIA_DIR (local storage).
import { execFileSync } from 'node:child_process';
import { linkSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { join } from 'node:path';
import { BASE_URL } from './browser.mjs';

/** CRC-32 of a PNG chunk's type and data. */
function crc32(bytes) {
  let c = ~0;
  for (const byte of bytes) {
    c ^= byte;
    for (let k = 0; k < 8; k += 1) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** A 96×96 photo the test draws itself (an evening sky over a green field), which the worker thumbnails like any photo. */
function fieldPhoto(size = 96) {
  const rows = [];
  for (let y = 0; y < size; y += 1) {
    const row = [0];
    for (let x = 0; x < size; x += 1) {
      const sky = y < size * 0.6;
      const t = y / size;
      row.push(...(sky ? [40 + 180 * t, 90 + 100 * t, 200 - 40 * t] : [40 + (x % 12), 140 - 40 * t, 60]).map(Math.round));
    }
    rows.push(Buffer.from(row));
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'binary'), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

const PNG = fieldPhoto();

export const sql = (query) => execFileSync('psql', [process.env.DATABASE_URL, '-XAtqc', query]).toString().trim();

const keyOf = (url) => decodeURIComponent(url.replace(/^\/api\/uploads\//, '').replace(/\?.*$/, ''));

/** Uploads one photo and waits until the worker has made its thumbnail; answers the item. */
async function uploadProcessedPhoto(page, athleteId) {
  const res = await page.request.post(`/api/athletes/${athleteId}/media`, {
    headers: { Origin: BASE_URL },
    multipart: { title: 'First photo', date: '1990-01-01', file: { name: 'first.png', mimeType: 'image/png', buffer: PNG } },
  });
  if (res.status() !== 202) throw new Error(`upload: ${res.status()} ${await res.text()}`);
  const { id } = await res.json();
  const deadline = Date.now() + 60_000;
  for (;;) {
    const item = await (await page.request.get(`/api/media/${id}`)).json();
    if (item.status === 'ready' && item.thumbnailUrl) return item;
    if (item.status === 'failed' || Date.now() > deadline) throw new Error(`the photo did not process: ${JSON.stringify(item)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Gives the athlete `count` more photos, newest first by date: `perDay` a day back from 2025-12-31,
 * titled "Photo 1" (the newest) to "Photo {count}". Answers the ids in the list's order.
 */
export async function seedLibrary(page, athleteId, count, perDay = 10) {
  const photo = await uploadProcessedPhoto(page, athleteId);
  const original = keyOf(photo.downloadUrl);
  const thumbnail = keyOf(photo.thumbnailUrl);
  const dir = process.env.MEDIA_DIR;
  if (!dir) throw new Error('MEDIA_DIR is not set: run this through scripts/e2e.sh');
  const prefix = `seed-${athleteId}`;
  for (let g = 1; g <= count; g += 1) {
    linkSync(join(dir, original), join(dir, `${prefix}-${g}.png`));
    linkSync(join(dir, thumbnail), join(dir, `${prefix}-${g}-thumb.jpg`));
  }
  sql(`INSERT INTO media_items (athlete_id, title, media_date, media_type, mime_type, original_key, thumbnail_key,
                                file_size, width, height, is_favorite, status)
       SELECT ${athleteId}, 'Photo ' || g, date '2025-12-31' - ((g - 1) / ${perDay}), 'image', 'image/png',
              '${prefix}-' || g || '.png', '${prefix}-' || g || '-thumb.jpg', ${PNG.length}, 96, 96, g % 50 = 0, 'ready'
       FROM generate_series(1, ${count}) AS g`);
  return sql(`SELECT id FROM media_items WHERE athlete_id = ${athleteId} ORDER BY media_date DESC, id DESC`).split('\n').map(Number);
}
