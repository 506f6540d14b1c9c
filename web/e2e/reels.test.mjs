// Issue 32: a family makes a highlight reel from three clips in the media library (Make a reel: the
// clips ticked in order, the title slide prefilled from the profile, a spotlight placed on one), follows its progress, and plays the
// reel in the browser; it is then a video of the library and listed in Reels and films, where it is opened, edited (a contact
// slide added, rendered again) and deleted (its video leaves the library). Then the season's one-minute film of the starred
// clips. Screenshots (1280 and 390 px): SCREENSHOT_DIR, else web/e2e/artifacts/.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BASE_URL, launch, newPage, signUpFamily } from './browser.mjs';

const shots = process.env.SCREENSHOT_DIR ?? fileURLToPath(new URL('./artifacts/', import.meta.url));
const sizes = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } };
const plays = [
  ['Double to left', 'testsrc2'],
  ['Diving stop', 'smptebars'],
  ['Strikeout', 'testsrc'],
];

let browser;
let dir;
before(async () => {
  browser = await launch();
  mkdirSync(shots, { recursive: true });
  dir = mkdtempSync(join(tmpdir(), 'll-e2e-reels-'));
  for (const [title, pattern] of plays) {
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `${pattern}=size=320x240:rate=30:duration=2`,
      '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac',
      join(dir, `${title}.mp4`)]);
  }
});
after(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function waitReady(page, id) {
  for (let i = 0; i < 600; i++) {
    const item = await (await page.request.get(`/api/media/${id}`)).json();
    if (item.status === 'ready') return item;
    assert.notEqual(item.status, 'failed', `media ${id} failed: ${item.statusReason}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`media ${id} did not become ready`);
}

/** Plays the video past its first second, muted as a browser allows without a gesture, and answers what it played. */
function play(player) {
  return player.evaluate(async (video) => {
    video.muted = true;
    if (video.readyState < 1) await new Promise((resolve) => (video.onloadedmetadata = resolve));
    await video.play();
    await new Promise((resolve, reject) => {
      video.ontimeupdate = () => video.currentTime > 1 && resolve();
      video.onerror = () => reject(new Error(`video error ${video.error?.code}`));
    });
    video.pause();
    return { duration: video.duration, width: video.videoWidth, height: video.videoHeight, error: video.error };
  });
}

for (const [size, viewport] of Object.entries(sizes)) {
  test(`Make a reel from three clips and play it (${size})`, { timeout: 420_000 }, async () => {
    const page = await newPage(browser, viewport);
    const athlete = await signUpFamily(page);
    for (const [title] of plays) {
      const upload = await page.request.post(`/api/athletes/${athlete.id}/media`, {
        headers: { Origin: BASE_URL },
        multipart: { title, file: { name: `${title}.mp4`, mimeType: 'video/mp4', buffer: readFileSync(join(dir, `${title}.mp4`)) } },
      });
      assert.equal(upload.status(), 202, await upload.text());
      await waitReady(page, (await upload.json()).id);
    }

    await page.goto('/media');
    await page.getByRole('button', { name: 'Make a reel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make a highlight reel' });
    await dialog.getByRole('checkbox', { name: 'Strikeout' }).check();
    await dialog.getByRole('checkbox', { name: 'Double to left' }).check();
    await dialog.getByRole('checkbox', { name: 'Diving stop' }).check();
    assert.equal(await dialog.getByLabel('Name', { exact: true }).inputValue(), 'Sofia Garcia', 'prefilled from the profile');
    assert.equal(await dialog.getByLabel('School').inputValue(), 'Roosevelt High School');
    await dialog.getByLabel('Jersey number').fill('12');
    // A spotlight on the diving stop: the ring where the athlete was tapped.
    await dialog.getByRole('button', { name: 'Spotlight the athlete in Diving stop' }).click();
    await dialog.getByRole('button', { name: 'Place the spotlight on Diving stop' }).click({ position: { x: 60, y: 40 } });
    // One format keeps the run short; the render tests cover the vertical one.
    await dialog.getByRole('checkbox', { name: 'Vertical 9:16 (for phones)' }).uncheck();
    const order = await dialog.getByTestId('reel-order').getByRole('button', { name: /^Remove / }).evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
    assert.deepEqual(order, ['Remove Strikeout', 'Remove Double to left', 'Remove Diving stop'], 'the order they were ticked in');
    await page.screenshot({ path: join(shots, `reel-builder-${size}.png`) });
    await dialog.getByRole('button', { name: 'Make reel' }).click();
    await dialog.getByTestId('reel-progress').waitFor();
    const player = dialog.getByTestId('reel-video');
    await player.waitFor({ timeout: 180_000 });

    const played = await play(player);
    assert.equal(played.error, null);
    assert.ok(Math.abs(played.duration - 9) < 0.3, `three 2 s clips and the 3 s title slide: ${played.duration}`);
    assert.deepEqual([played.width, played.height], [320, 240]);
    await page.screenshot({ path: join(shots, `reel-ready-${size}.png`) });

    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('article', { name: 'Sofia Garcia highlights' }).waitFor();
    await page.screenshot({ path: join(shots, `reel-library-${size}.png`) });

    // Reels and films: the reel's video opens in the library's preview.
    const reels = page.getByRole('region', { name: 'Reels and films' });
    await reels.getByRole('button', { name: 'Open the landscape video of Sofia Garcia highlights' }).click();
    const preview = page.getByRole('dialog', { name: 'Sofia Garcia highlights' });
    await preview.locator('video').waitFor();
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'hidden' });

    // Edit: the builder as the reel was made; a contact slide at the end (its lines start as the title slide's) adds 3 s.
    await reels.getByRole('button', { name: 'Edit Sofia Garcia highlights', exact: true }).click();
    const editor = page.getByRole('dialog', { name: 'Edit highlight reel' });
    assert.equal(await editor.getByLabel('Reel title').inputValue(), 'Sofia Garcia highlights');
    await editor.getByRole('switch', { name: /^End with a contact slide/ }).click({ force: true });
    const contact = editor.getByRole('group', { name: 'Contact slide lines' });
    assert.equal(await contact.getByLabel('Jersey number').inputValue(), '12', 'the title slide’s lines');
    await contact.getByLabel('Contact (e-mail or phone)').fill('sofia@example.com');
    await page.screenshot({ path: join(shots, `reel-edit-${size}.png`) });
    await editor.getByRole('button', { name: 'Save and make again' }).click();
    const edited = editor.getByTestId('reel-video');
    await edited.waitFor({ timeout: 180_000 });
    const duration = await edited.evaluate(async (video) => {
      if (video.readyState < 1) await new Promise((resolve) => (video.onloadedmetadata = resolve));
      return video.duration;
    });
    assert.ok(Math.abs(duration - 12) < 0.3, `the reel and its 3 s contact slide: ${duration}`);
    await editor.getByRole('button', { name: 'Done' }).click();
    await editor.waitFor({ state: 'hidden' });
    await page.screenshot({ path: join(shots, `reel-list-${size}.png`) });

    // Delete, after the browser's question: the reel's video leaves the library, the clips stay.
    page.once('dialog', (question) => void question.accept());
    await reels.getByRole('button', { name: 'Delete Sofia Garcia highlights', exact: true }).click();
    await reels.waitFor({ state: 'detached' });
    await page.getByRole('article', { name: 'Sofia Garcia highlights' }).waitFor({ state: 'detached' });
    await page.getByRole('article', { name: 'Strikeout' }).waitFor();
    await page.close();
  });
}

// The one-minute film: the season's starred clips cut together between a title and an end slide, made from the media
// page and played; a season with no videos says so in the dialog.
for (const [size, viewport] of Object.entries(sizes)) {
  test(`Make a one-minute film of the season's starred clips and play it (${size})`, { timeout: 240_000 }, async () => {
    const page = await newPage(browser, viewport);
    const athlete = await signUpFamily(page);
    for (const [title] of plays) {
      const upload = await page.request.post(`/api/athletes/${athlete.id}/media`, {
        headers: { Origin: BASE_URL },
        multipart: { title, date: '2026-04-11', file: { name: `${title}.mp4`, mimeType: 'video/mp4', buffer: readFileSync(join(dir, `${title}.mp4`)) } },
      });
      assert.equal(upload.status(), 202, await upload.text());
      const item = await waitReady(page, (await upload.json()).id);
      if (title !== 'Strikeout') {
        const star = await page.request.patch(`/api/media/${item.id}/favorite`, { headers: { Origin: BASE_URL } });
        assert.equal(star.status(), 200, await star.text());
      }
    }

    await page.goto('/media');
    await page.getByRole('button', { name: 'One-minute film' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make a one-minute film' });
    assert.match(await dialog.getByLabel('Film title').inputValue(), /film$/, 'prefilled');
    await dialog.getByLabel('From').fill('2020-01-01');
    await dialog.getByLabel('To').fill('2020-06-30');
    await dialog.getByRole('button', { name: 'Make film' }).click();
    await dialog.getByText('There are no videos in these dates to make a film from.').waitFor();

    await dialog.getByLabel('From').fill('2026-02-01');
    await dialog.getByLabel('To').fill('2026-06-30');
    await dialog.getByRole('checkbox', { name: 'Vertical 9:16 (for phones)' }).uncheck();
    await page.screenshot({ path: join(shots, `film-dialog-${size}.png`) });
    await dialog.getByRole('button', { name: 'Make film' }).click();
    const player = dialog.getByTestId('reel-video');
    await player.waitFor({ timeout: 180_000 });
    const played = await play(player);
    assert.equal(played.error, null);
    assert.ok(Math.abs(played.duration - 10) < 0.3, `the two starred 2 s clips between 3 s slides: ${played.duration}`);
    await page.screenshot({ path: join(shots, `film-ready-${size}.png`) });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const reels = page.getByRole('region', { name: 'Reels and films' });
    await reels.getByText('Film', { exact: true }).waitFor();
    await page.screenshot({ path: join(shots, `film-list-${size}.png`) });
    await page.close();
  });
}
