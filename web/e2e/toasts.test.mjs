// Toasts never cover a dialog's primary action: with the video editor open, the "Highlights generated!"
// toast and the 10 s share toast leave Save Clip (the editor's sticky footer) and the dialog's header (title, close button) clear, on a phone
// (390 px, the editor full screen) and on a desktop (1280 px). And toasts keep up with clicks
// (issue 11): clicking Save Clip three times on a bad range shows one "Invalid time range" toast, not
// three in a row, and that error shows at once even while the 10 s share toast is up.
// Screenshots: web/e2e/artifacts/.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BASE_URL, launch, newPage, signUpFamily } from './browser.mjs';

const artifacts = new URL('./artifacts/', import.meta.url).pathname;
let browser;
let dir;
before(async () => {
  browser = await launch();
  mkdirSync(artifacts, { recursive: true });
  dir = mkdtempSync(join(tmpdir(), 'll-e2e-toasts-'));
  // A clip with a loud burst and a scene change, so detection finds a highlight.
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=4', '-f', 'lavfi', '-i', 'sine=frequency=500:duration=4',
    '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', join(dir, 'Walk-off.mp4')]);
});
after(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const intersects = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Every toast on screen now: each within the window (a container without its stylesheet lays toasts out
 * at the foot of the page, where nobody sees them), and none over Save Clip or the dialog's header (its
 * close button).
 */
async function assertSaveClipClear(page, label) {
  const view = page.viewportSize();
  const save = await page.getByRole('dialog').getByRole('button', { name: 'Save Clip' }).boundingBox();
  assert.ok(save, 'Save Clip is on screen');
  const header = await page.getByRole('dialog').locator('.mantine-Modal-header').boundingBox();
  assert.ok(header, 'the dialog has its header');
  const toasts = await page.locator('.mantine-Notification-root').evaluateAll((els) =>
    els.map((el) => { const r = el.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height, text: el.textContent }; }));
  assert.ok(toasts.length > 0, `${label}: a toast is showing`);
  for (const toast of toasts) {
    assert.ok(toast.x >= 0 && toast.y >= 0 && toast.x + toast.width <= view.width && toast.y + toast.height <= view.height,
      `${label}: the toast "${toast.text}" ${JSON.stringify(toast)} is outside the window ${JSON.stringify(view)}`);
    assert.ok(!intersects(save, toast), `${label}: the toast "${toast.text}" ${JSON.stringify(toast)} covers Save Clip ${JSON.stringify(save)}`);
    assert.ok(!intersects(header, toast), `${label}: the toast "${toast.text}" ${JSON.stringify(toast)} covers the dialog's header ${JSON.stringify(header)}`);
  }
}

for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
  test(`at ${viewport.width} px, toasts shown while the video editor is open leave Save Clip clear`, async () => {
    const page = await newPage(browser, viewport);
    const athlete = await signUpFamily(page);
    const upload = await page.request.post(`/api/athletes/${athlete.id}/media`, {
      headers: { Origin: BASE_URL },
      multipart: {
        file: { name: 'Walk-off.mp4', mimeType: 'video/mp4', buffer: readFileSync(join(dir, 'Walk-off.mp4')) },
        title: 'Walk-off', description: '', date: new Date().toISOString().slice(0, 10), isPrivate: 'true', tags: '[]',
      },
    });
    assert.ok(upload.ok(), `upload: ${upload.status()} ${await upload.text()}`);
    for (let i = 0; ; i++) {
      const items = await (await page.request.get(`/api/athletes/${athlete.id}/media`)).json();
      const list = Array.isArray(items) ? items : (items.items ?? items.media ?? []);
      if (list.some((m) => m.status === 'ready')) break;
      assert.ok(i < 120, 'the video is processed');
      await new Promise((r) => setTimeout(r, 500));
    }

    await page.goto('/media');
    // The tile's menu button sits over the picture (shown on hover): reached by keyboard, as on a phone.
    const actions = page.getByRole('article', { name: 'Walk-off' }).first().getByRole('button', { name: 'Media actions' });
    await actions.focus();
    await actions.press('Enter');
    await page.getByRole('menuitem', { name: 'Edit Video' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Save Clip' }).waitFor();

    await dialog.getByRole('button', { name: 'Detect Highlights' }).click();
    await page.locator('.mantine-Notification-root').filter({ hasText: /Highlights generated!|Highlight generation failed/ }).waitFor({ timeout: 60_000 });
    await page.waitForTimeout(400); // the toast's entry transition
    await assertSaveClipClear(page, `${viewport.width} px, highlights toast`);
    await page.screenshot({ path: `${artifacts}toast-highlights-${viewport.width}.png` });

    // The upload is family only: the question (our own dialog, over the editor) makes it shareable.
    await dialog.getByRole('button', { name: 'Share to Social' }).click();
    const question = page.getByRole('dialog', { name: 'Share link: Walk-off' });
    await question.getByRole('button', { name: 'Create link' }).click();
    await question.waitFor({ state: 'hidden' });
    await page.locator('.mantine-Notification-root').filter({ hasText: 'Share link created!' }).waitFor();
    await page.waitForTimeout(800); // the share panel scrolls into view
    await assertSaveClipClear(page, `${viewport.width} px, share toast`);
    await page.screenshot({ path: `${artifacts}toast-share-${viewport.width}.png` });

    // A bad range (start after end), then Save Clip three times, quickly, with the share toast still up.
    await dialog.getByLabel('Start (s)').fill('3');
    await dialog.getByLabel('End (s)').fill('1');
    await dialog.getByLabel('End (s)').blur();
    const saveClip = dialog.getByRole('button', { name: 'Save Clip' });
    for (let i = 0; i < 3; i++) await saveClip.click();
    const invalid = page.locator('.mantine-Notification-root').filter({ hasText: 'Invalid time range' });
    // At once: well inside the share toast's 10 s, which it used to wait behind.
    await invalid.first().waitFor({ timeout: 2_000 });
    await page.waitForTimeout(400);
    assert.equal(await invalid.count(), 1, 'one "Invalid time range" toast, the clicks did not queue three');
    await assertSaveClipClear(page, `${viewport.width} px, invalid range toast`);
    await page.screenshot({ path: `${artifacts}toast-invalid-range-${viewport.width}.png` });
    // Nothing is left queued behind it: once it closes (5 s) no second copy follows.
    await invalid.first().waitFor({ state: 'detached', timeout: 8_000 });
    await page.waitForTimeout(1_000);
    assert.equal(await invalid.count(), 0, 'no queued copy of the error shows after it');
    await page.context().close();
  });
}
