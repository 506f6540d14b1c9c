import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, signUpFamily } from './browser.mjs';
import { phoneConnection } from './phone-connection.mjs';

// Game film over a phone connection: a video over 20 MB goes as a resumable (tus) upload; the
// connection drops mid-way and the upload goes on from where it stopped, ending as one media item
// whose original is the file byte for byte.
//
// The phone's connection is a proxy in front of the api: it passes everything through until told to
// cut the next PATCH after some bytes (both sockets destroyed, as when the signal goes), then refuses
// every connection for a few seconds (no signal), then passes everything again.

let browser;
let dir;
let film;
before(async () => {
  browser = await launch();
  dir = mkdtempSync(join(tmpdir(), 'll-e2e-resumable-'));
  film = join(dir, 'Semifinal full game.mp4');
  // Lossless noise keeps a 3-second clip large: about 28 MB.
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30:duration=3',
    '-vf', 'noise=alls=20:allf=t', '-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0', '-pix_fmt', 'yuv420p', film]);
  assert.ok(statSync(film).size > 20 * 1024 * 1024, 'the film is over the resumable threshold');
});
after(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

for (const [name, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 900 }],
]) {
  test(`a video upload cut off mid-way goes on from where it stopped (${name})`, async () => {
    const phone = await phoneConnection();
    const context = await browser.newContext({ baseURL: phone.url, viewport, serviceWorkers: 'block' });
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    await signUpFamily(page);
    await page.goto('/media');

    const patches = [];
    page.on('request', (req) => {
      if (req.method() === 'PATCH' && req.url().includes('/api/media/uploads/')) patches.push(Number(req.headers()['upload-offset']));
    });
    // The signal goes after 40% of the film, for 4 seconds.
    const size = statSync(film).size;
    phone.cut(Math.floor(size * 0.4), 4000);

    await page.getByRole('button', { name: 'Upload' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Choose files to upload').setInputFiles(film);
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    const bar = dialog.getByRole('progressbar', { name: 'Upload progress for Semifinal full game.mp4' });

    // The dialog says the upload will go on, and the bar keeps its place.
    await dialog.getByText('Connection lost. The upload will go on from where it stopped…').waitFor();
    const stoppedAt = Number(await bar.getAttribute('aria-valuenow'));
    await page.screenshot({ path: join(process.env.SCREENSHOT_DIR ?? dir, `upload-resuming-${name}.png`) });

    await page.getByText('Upload Successful').first().waitFor({ timeout: 120_000 });
    assert.equal(patches[0], 0);
    const resumedFrom = patches.at(-1);
    assert.ok(resumedFrom >= Math.floor(size * 0.3), `the last PATCH went on from byte ${resumedFrom} of ${size}, not from the start (${patches})`);
    assert.ok(stoppedAt >= 30, `the bar kept its place through the drop (${stoppedAt}%)`);

    const athlete = await (await page.request.get('/api/athletes/me')).json();
    const items = await (await page.request.get(`/api/athletes/${athlete.id}/media`)).json();
    assert.equal(items.length, 1, 'one media item');
    assert.equal(items[0].title, 'Semifinal full game');
    const original = await page.request.get(items[0].downloadUrl);
    assert.equal(original.status(), 200);
    assert.ok(Buffer.from(await original.body()).equals(readFileSync(film)), 'the stored original is the file byte for byte');

    if (name === 'desktop') {
      // The same film again (issue 33): hashed across the PATCHes either side of the cut, it is recognised
      // at its last byte; the dialog asks, and Skip keeps the library as it was.
      await dialog.getByRole('button', { name: 'Upload more' }).click();
      await dialog.getByLabel('Choose files to upload').setInputFiles(film);
      await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
      const question = dialog.getByRole('alert');
      await question.getByText(/^You uploaded this on [A-Z][a-z]{2} \d{1,2}: keep both\?$/).waitFor({ timeout: 120_000 });
      assert.equal(await page.getByText('Upload Failed').count(), 0, 'a duplicate is a question, not a failure');
      await question.getByRole('button', { name: 'Skip' }).click();
      await dialog.getByText('1 skipped: already in the library').waitFor();
      const after = await (await page.request.get(`/api/athletes/${athlete.id}/media`)).json();
      assert.equal(after.length, 1, 'Skip keeps no copy');
    }
    await context.close();
    await phone.close();
  });
}
