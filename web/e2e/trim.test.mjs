// A smart-cut clip (re-encoded head, copied middle, re-encoded B-frame tail, one avcC holding
// every part's parameter sets) must play in the browser a family watches it in, not only in
// ffmpeg: Chromium decodes the clip and each frame around the joins is compared with the
// source's own frame, decoded by ffmpeg.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BASE_URL, launch, newPage, signUpFamily } from './browser.mjs';

const W = 320;
const H = 180;
const FPS = 30;
let browser;
let dir;
let source;
before(async () => {
  browser = await launch();
  dir = mkdtempSync(join(tmpdir(), 'll-e2e-trim-'));
  source = join(dir, 'Game film.mp4');
  // As a phone writes it: H.264 High with B-frames, a keyframe every second in closed GOPs, AAC.
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc2=size=${W}x${H}:rate=${FPS}:duration=6`, '-f', 'lavfi', '-i', 'sine=frequency=440:duration=6',
    '-c:v', 'libx264', '-profile:v', 'high', '-pix_fmt', 'yuv420p', '-bf', '3', '-g', String(FPS),
    '-x264-params', 'keyint=30:min-keyint=30:scenecut=0:open-gop=0', '-c:a', 'aac', '-shortest', source]);
});
after(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Frame n of the source as RGBA bytes, decoded by ffmpeg. */
function sourceFrame(n) {
  return execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-i', source,
    '-vf', `select=eq(n\\,${n})`, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgba', '-'], { maxBuffer: 16 << 20 });
}

/** Mean absolute difference of two RGBA pictures, over the colour channels. */
function difference(a, b) {
  assert.equal(a.length, b.length);
  let sum = 0;
  for (let i = 0; i < a.length; i += 4) sum += Math.abs(a[i] - b[i]) + Math.abs(a[i + 1] - b[i + 1]) + Math.abs(a[i + 2] - b[i + 2]);
  return sum / ((a.length / 4) * 3);
}

async function waitReady(page, id) {
  for (let i = 0; i < 600; i++) {
    const item = await (await page.request.get(`/api/media/${id}`)).json();
    if (item.status === 'ready') return item;
    assert.notEqual(item.status, 'failed', `media ${id} failed: ${item.statusReason}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`media ${id} did not become ready`);
}

test('a clip cut off a keyframe is smart-cut and plays in Chromium frame for frame across its joins', async () => {
  const page = await newPage(browser);
  const athlete = await signUpFamily(page);
  const headers = { Origin: BASE_URL };
  const upload = await page.request.post(`/api/athletes/${athlete.id}/media`, {
    headers,
    multipart: { title: 'Game film', file: { name: 'Game film.mp4', mimeType: 'video/mp4', buffer: readFileSync(source) } },
  });
  assert.equal(upload.status(), 202, await upload.text());
  const original = await waitReady(page, (await upload.json()).id);

  // 1.4 s is between the keyframes at 1 s and 2 s; 4.6 s ends inside a GOP (a B-frame tail).
  const startFrame = 42;
  const trim = await page.request.post(`/api/media/${original.id}/trim`, { headers, data: { startTime: startFrame / FPS, endTime: 4.6, title: 'The catch' } });
  assert.equal(trim.status(), 202, await trim.text());
  const clip = await waitReady(page, (await trim.json()).id);
  // River records the job's output as the job completes, a moment after the clip turned ready.
  let mode = '';
  for (let i = 0; i < 100 && !mode; i++) {
    mode = execFileSync('psql', [process.env.DATABASE_URL, '-XAtc',
      `SELECT metadata->'output'->>'mode' FROM river_job WHERE kind = 'media_trim' AND args->>'clip_id' = '${clip.id}' AND state = 'completed'`]).toString().trim();
    if (!mode) await new Promise((r) => setTimeout(r, 100));
  }
  assert.equal(mode, 'smartcut', 'the clip was smart-cut, not re-encoded whole');

  await page.goto('/404-for-a-blank-page');
  const frames = [0, 1, 17, 18, 19, 47, 48, 49, 80, 94];
  const played = await page.evaluate(async ({ url, frames, fps, w, h }) => {
    const video = document.createElement('video');
    video.muted = true;
    video.src = url;
    document.body.append(video);
    await new Promise((resolve, reject) => {
      video.onloadeddata = resolve;
      video.onerror = () => reject(new Error(`video error ${video.error?.code}: ${video.error?.message}`));
    });
    const canvas = document.createElement('canvas');
    canvas.width = w;
    canvas.height = h;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    const pictures = [];
    for (const n of frames) {
      // 'seeked' can fire before the sought frame is presented (seen on a loaded machine, which
      // then drew its neighbour); requestVideoFrameCallback waits for the presentation itself.
      const presented = new Promise((resolve) => {
        video.requestVideoFrameCallback(() => resolve());
        setTimeout(resolve, 2000);
      });
      await new Promise((resolve) => {
        video.onseeked = resolve;
        video.currentTime = (n + 0.5) / fps;
      });
      await presented;
      context.drawImage(video, 0, 0, w, h);
      pictures.push(Array.from(context.getImageData(0, 0, w, h).data));
    }
    // And it plays to the end without an error.
    video.currentTime = 0;
    video.playbackRate = 4;
    await video.play();
    await new Promise((resolve, reject) => {
      video.onended = resolve;
      video.onerror = () => reject(new Error(`video error ${video.error?.code}`));
    });
    const quality = video.getVideoPlaybackQuality();
    return { pictures, duration: video.duration, corrupted: quality.corruptedVideoFrames };
  }, { url: clip.mediaUrl, frames, fps: FPS, w: W, h: H });

  assert.ok(Math.abs(played.duration - (4.6 - startFrame / FPS)) < 0.1, `clip duration ${played.duration}`);
  assert.equal(played.corrupted, 0, 'no corrupted frames');
  frames.forEach((n, i) => {
    const shown = Uint8Array.from(played.pictures[i]);
    const same = difference(shown, sourceFrame(startFrame + n));
    const neighbour = difference(shown, sourceFrame(startFrame + n + 6));
    assert.ok(same < 5, `clip frame ${n} matches source frame ${startFrame + n} (mean difference ${same.toFixed(1)})`);
    assert.ok(same * 2 < neighbour, `clip frame ${n} is that frame and not a later one (${same.toFixed(1)} against ${neighbour.toFixed(1)})`);
  });
});
