import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { BASE_URL, confirmEmail, launch, newPage, signUpFamily, uniqueEmail } from './browser.mjs';

// Issue 30: a grandparent, on a phone, comments on a photo of the family's and reacts to it; the
// owner, on a laptop, sees her comment under the photo and her reaction counted.

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** A valid 1x1 PNG. */
function tinyPNG() {
  return Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
}

test('a grandparent comments on a photo on a phone and the owner sees it', async () => {
  const headers = { Origin: BASE_URL };
  const owner = await newPage(browser);
  const athlete = await signUpFamily(owner);
  const upload = await owner.request.post(`/api/athletes/${athlete.id}/media`, {
    multipart: { file: { name: 'swing.png', mimeType: 'image/png', buffer: tinyPNG() }, title: 'First swing' },
    headers,
  });
  assert.equal(upload.status(), 202, await upload.text());
  const photo = await upload.json();
  for (let i = 0; i < 100; i++) {
    const item = await (await owner.request.get(`/api/media/${photo.id}`)).json();
    if (item.status === 'ready') break;
    await owner.waitForTimeout(200);
  }

  // Grandma has her own account and is in the family's circle as a viewer.
  const rose = await newPage(browser, { width: 390, height: 844 });
  const email = uniqueEmail('grandma');
  const register = await rose.request.post('/api/register', { data: { firstName: 'Rose', lastName: 'Garcia', email, password: 'Grandma2026' }, headers });
  assert.equal(register.status(), 201, await register.text());
  await confirmEmail(rose, email);
  execFileSync('psql', [process.env.DATABASE_URL, '-Atc',
    `INSERT INTO family_members (athlete_id, user_id, name, email, relationship, access_level, status, accepted_at)
     SELECT ${athlete.id}, id, 'Grandma Rose', email, 'grandparent', 'viewer', 'active', now() FROM users WHERE email = '${email}'`]);

  await rose.goto('/media');
  await rose.getByRole('button', { name: 'Open First swing' }).first().click();
  const preview = rose.getByRole('dialog');
  await preview.getByRole('button', { name: 'React with ❤️' }).click();
  await preview.getByRole('button', { name: 'React with ❤️ (1)' }).waitFor();
  await preview.getByRole('button', { name: 'Comment', exact: true }).click();
  await preview.getByRole('textbox', { name: 'Write a comment' }).fill('So proud of you!\nLove, Grandma');
  await preview.getByRole('button', { name: 'Post' }).click();
  await preview.getByText('So proud of you!', { exact: false }).waitFor();
  await preview.getByRole('button', { name: '1 comment' }).waitFor();
  if (process.env.SCREENSHOT_DIR) await rose.screenshot({ path: join(process.env.SCREENSHOT_DIR, 'comments-phone.png') });

  // The owner sees it under the photo, by her name, with her reaction counted.
  await owner.goto('/media');
  await owner.getByRole('button', { name: 'Open First swing, 1 comment' }).first().click();
  const ownersView = owner.getByRole('dialog');
  await ownersView.getByRole('button', { name: 'React with ❤️ (1)' }).waitFor();
  await ownersView.getByRole('button', { name: '1 comment' }).click();
  const comments = ownersView.getByRole('list', { name: 'Comments' });
  await comments.getByText('So proud of you!', { exact: false }).waitFor();
  await comments.getByText('Rose Garcia').waitFor();
  // The owner may delete it, but not change her words.
  await comments.getByRole('button', { name: 'Delete comment by Rose Garcia' }).waitFor();
  assert.equal(await comments.getByRole('button', { name: 'Edit comment' }).count(), 0);
  if (process.env.SCREENSHOT_DIR) await owner.screenshot({ path: join(process.env.SCREENSHOT_DIR, 'comments-desktop.png') });

  // What's new tells the owner, with the count in the navigation until they look.
  await owner.goto('/dashboard');
  await owner.getByRole('link', { name: "What's new, 2 unread" }).click();
  await owner.getByText('Rose Garcia commented on “First swing”: So proud of you!', { exact: false }).waitFor();
  await owner.getByText('Rose Garcia reacted ❤️ to “First swing”').waitFor();
  await owner.getByRole('link', { name: "What's new" , exact: true }).waitFor();
  if (process.env.SCREENSHOT_DIR) await owner.screenshot({ path: join(process.env.SCREENSHOT_DIR, 'whats-new-desktop.png') });
  // Her own feed does not tell her of what she did: only the owner's photo.
  await rose.goto('/activity');
  await rose.getByText('New photo: “First swing”').waitFor();
  assert.equal(await rose.getByText('Rose Garcia commented', { exact: false }).count(), 0);
  if (process.env.SCREENSHOT_DIR) await rose.screenshot({ path: join(process.env.SCREENSHOT_DIR, 'whats-new-phone.png') });
});
