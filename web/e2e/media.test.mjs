import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, newPage, signUpFamily } from './browser.mjs';

let browser;
let dir;
before(async () => {
  browser = await launch();
  dir = mkdtempSync(join(tmpdir(), 'll-e2e-media-'));
  const ffmpeg = (...args) => execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
  // A photo and a short game clip, made here with real ffmpeg.
  ffmpeg('-f', 'lavfi', '-i', 'testsrc2=size=1280x720:duration=1', '-frames:v', '1', '-q:v', '3', join(dir, 'Opening pitch.jpg'));
  ffmpeg('-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=3', '-f', 'lavfi', '-i', 'sine=frequency=500:duration=3',
    '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-b:v', '1500k', '-c:a', 'aac', '-shortest', join(dir, 'Diving catch.mp4'));
});
after(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('upload a photo and a video with progress, see thumbnails, preview and play, share, open the share page signed out, delete', async () => {
  const page = await newPage(browser);
  await signUpFamily(page);
  await page.goto('/media');

  // A slow uplink, as at the ballpark, so the progress is really seen.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 400 * 1024 });

  await page.getByRole('button', { name: 'Upload' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Choose files to upload').setInputFiles([join(dir, 'Opening pitch.jpg'), join(dir, 'Diving catch.mp4')]);
  const titles = await dialog.getByLabel(/^Title/).evaluateAll((inputs) => inputs.map((i) => i.value));
  assert.deepEqual(titles, ['Opening pitch', 'Diving catch'], 'titles default to the file names without extension');
  await dialog.getByRole('button', { name: 'Upload 2 files' }).click();
  await dialog.getByRole('progressbar').first().waitFor();
  await page.getByText('Upload Successful').first().waitFor({ timeout: 60_000 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await page.keyboard.press('Escape');

  // The worker makes a thumbnail and a poster; the library refreshes by itself while processing.
  for (const title of ['Opening pitch', 'Diving catch']) {
    await page.getByRole('article', { name: title }).first().locator('img[src*="-thumb.jpg"]').waitFor({ timeout: 60_000 });
  }

  await page.getByRole('button', { name: 'Open Diving catch' }).first().click();
  const preview = page.getByRole('dialog');
  const video = preview.locator('video');
  await video.waitFor();
  const played = await video.evaluate(async (v) => {
    v.muted = true;
    await v.play();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    return { time: v.currentTime, poster: v.poster };
  });
  assert.ok(played.time > 0.3, `the video plays (currentTime ${played.time})`);
  assert.match(played.poster, /-thumb\.jpg$/);
  await page.keyboard.press('Escape');

  const tile = page.getByRole('article', { name: 'Diving catch' }).first();
  // Uploads are private: sharing asks to make the video shareable first.
  page.once('dialog', (d) => {
    assert.match(d.message(), /^This file is family only\. Sharing makes it shareable/);
    d.accept();
  });
  await tile.getByRole('button', { name: 'Media actions' }).click();
  await page.getByRole('menuitem', { name: 'Share' }).click();
  await page.getByText('Share link created!').first().waitFor();
  const shareDialog = page.getByRole('dialog');
  const shown = [await shareDialog.textContent(), ...(await shareDialog.locator('input').evaluateAll((inputs) => inputs.map((i) => i.value)))];
  const shareUrl = shown.join(' ').match(/https?:\/\/[^\s"]+\/share\/[A-Za-z0-9]{8,}/)?.[0];
  assert.ok(shareUrl, 'the share dialog shows the link');
  await page.keyboard.press('Escape');

  const visitor = await newPage(browser);
  await visitor.goto(new URL(shareUrl).pathname);
  await visitor.getByText('Diving catch').first().waitFor();
  await visitor.getByText('Sofia Garcia').first().waitFor();
  assert.equal(await visitor.locator('video').count(), 1, 'the shared video plays on the public page');
  assert.equal((await visitor.request.get('/api/user')).status(), 401, 'the visitor is signed out');

  page.once('dialog', (d) => {
    assert.equal(d.message(), 'Are you sure you want to delete this media file?');
    d.accept();
  });
  await tile.getByRole('button', { name: 'Media actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByText('Media deleted').first().waitFor();
  await page.getByRole('article', { name: 'Diving catch' }).waitFor({ state: 'detached' });
  await page.getByRole('article', { name: 'Opening pitch' }).first().waitFor();
});
