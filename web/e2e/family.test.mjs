import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { BASE_URL, launch, newPage, signUpFamily, uniqueEmail } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/**
 * The invitation e-mail as the worker wrote it: it keeps every e-mail (but a password reset link) in
 * outbound_emails; scripts/e2e.sh exports the database the api and worker use.
 */
function invitationLink(to) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const body = execFileSync('psql', [process.env.DATABASE_URL, '-Atc',
      `SELECT body_text FROM outbound_emails WHERE kind = 'invitation' AND to_address = '${to}' ORDER BY id DESC LIMIT 1`]).toString();
    const link = body.match(/https?:\/\/[^\s]+\/invite\/[A-Za-z0-9_-]+/)?.[0];
    if (link) return new URL(link).pathname;
    execFileSync('sleep', ['0.3']);
  }
  throw new Error(`no invitation e-mail to ${to}`);
}

test('the owner invites a grandparent as viewer, who accepts from the e-mail link and sees only what is shared, with no edit controls', async () => {
  const owner = await newPage(browser);
  const athlete = await signUpFamily(owner);
  const headers = { Origin: BASE_URL };
  const journal = `/api/athletes/${athlete.id}/journal`;
  const shared = await (await owner.request.post(journal, { data: { title: 'Shared win', content: 'We won the semifinal.', date: '2026-05-02', tags: [], enhanceWithAI: false }, headers })).json();
  await owner.request.put(`/api/journal/${shared.id}`, { data: { isPrivate: false }, headers });
  await owner.request.post(journal, { data: { title: 'Private thoughts', content: 'Just for me.', date: '2026-05-03', tags: [], enhanceWithAI: false }, headers });
  const photo = await owner.request.post(`/api/athletes/${athlete.id}/media`, {
    multipart: { file: { name: 'team.png', mimeType: 'image/png', buffer: tinyPNG() }, title: 'Team photo', isPrivate: 'true' },
    headers,
  });
  assert.equal(photo.status(), 202, await photo.text());

  const grandma = uniqueEmail('grandma');
  await owner.goto('/family');
  await owner.getByRole('button', { name: 'Add to The Loop' }).first().click();
  const dialog = owner.getByRole('dialog');
  await dialog.getByLabel(/^Name/).fill('Grandma Rose');
  await dialog.getByLabel(/^Email/).fill(grandma);
  await dialog.getByRole('combobox', { name: /^Relationship/ }).click();
  await owner.getByRole('option', { name: 'Grandparent' }).click();
  await dialog.getByRole('combobox', { name: /^Access Level/ }).click();
  await owner.getByRole('option', { name: 'Viewer' }).click();
  await dialog.getByRole('button', { name: 'Add to The Loop' }).click();
  await owner.getByText('Grandma Rose Added to The Loop').first().waitFor();

  const link = invitationLink(grandma);
  const rose = await newPage(browser, { width: 390, height: 844 });
  await rose.goto(link);
  await rose.getByText('Sofia Garcia').first().waitFor();
  // The invitation was mailed to her: her account takes that address, shown masked and not typed.
  const form = rose.getByRole('tabpanel', { name: 'Create Account' });
  await form.getByLabel(/^First Name/).fill('Rose');
  await form.getByLabel(/^Last Name/).fill('Garcia');
  const address = form.getByLabel(/^Email/);
  assert.equal(await address.inputValue(), `${grandma[0]}•••@example.com`);
  assert.equal(await address.getAttribute('readonly'), '');
  await form.getByLabel(/^Password/, { exact: false }).first().fill('Grandma2026');
  await form.getByLabel(/^Confirm Password/).fill('Grandma2026');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await rose.waitForURL('**/dashboard');
  await rose.getByText('Sofia Garcia').first().waitFor();
  const me = await (await rose.request.get('/api/user')).json();
  assert.equal(me.email, grandma, 'the invited address');
  assert.equal(me.emailVerified, true, 'confirmed by the link that reached it');

  await rose.goto('/journal');
  await rose.getByRole('article', { name: 'Shared win' }).waitFor();
  assert.equal(await rose.getByText('Private thoughts').count(), 0, 'a private entry is never shown to family');
  assert.equal(await rose.getByRole('button', { name: 'New Entry' }).count(), 0, 'a viewer cannot write entries');
  // The entry menu keeps what a viewer may do (copy the text) and nothing that changes the entry.
  await rose.getByRole('article', { name: 'Shared win' }).getByRole('button', { name: 'Entry actions' }).click();
  await rose.getByRole('menuitem', { name: 'Copy content' }).waitFor();
  for (const action of ['Edit', 'Delete', 'Make private', 'Make visible to family']) {
    assert.equal(await rose.getByRole('menuitem', { name: action, exact: true }).count(), 0, `a viewer has no ${action}`);
  }
  await rose.keyboard.press('Escape');

  await rose.goto('/media');
  await rose.getByRole('article', { name: 'Team photo' }).first().waitFor();
  assert.equal(await rose.getByRole('button', { name: 'Upload' }).count(), 0, 'a viewer cannot upload');
  // The tile menu keeps what a viewer may do (view, download) and nothing else.
  const tile = rose.getByRole('article', { name: 'Team photo' }).first();
  await tile.hover();
  await tile.getByRole('button', { name: 'Media actions' }).click();
  await rose.getByRole('menuitem', { name: 'Download' }).waitFor();
  for (const action of ['Edit', 'Delete', 'Share', 'Edit Video']) {
    assert.equal(await rose.getByRole('menuitem', { name: action, exact: true }).count(), 0, `a viewer has no ${action}`);
  }
  await rose.keyboard.press('Escape');

  // The server refuses a viewer's changes even without the controls.
  const refused = await rose.request.delete(`/api/journal/${shared.id}`, { headers });
  assert.equal(refused.status(), 403);
});

/** A valid 1x1 PNG. */
function tinyPNG() {
  return Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
}

test('a grandparent without e-mail joins through a link the owner copied, scanned or sent by message', async () => {
  const owner = await newPage(browser);
  const athlete = await signUpFamily(owner);
  const added = await owner.request.post(`/api/athletes/${athlete.id}/family-circle`, {
    data: { name: 'Grandpa Joe', relationship: 'grandparent', accessLevel: 'viewer' },
    headers: { Origin: BASE_URL },
  });
  assert.equal(added.status(), 201, await added.text());

  await owner.goto('/family?tab=pending');
  await owner.getByRole('row', { name: 'Grandpa Joe' }).getByRole('button', { name: 'Copy invitation link' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Invitation link for Grandpa Joe' });
  const link = await dialog.getByLabel('Copy invitation link').inputValue();
  assert.match(link, /\/invite\/[A-Za-z0-9_-]{43}$/);
  await dialog.getByRole('img', { name: 'QR code of the invitation link for Grandpa Joe' }).waitFor();
  if (process.env.SCREENSHOT_DIR) await owner.screenshot({ path: join(process.env.SCREENSHOT_DIR, 'invite-link-desktop.png') });

  const joe = await newPage(browser, { width: 390, height: 844 });
  await joe.goto(link);
  await joe.getByText('Sofia Garcia').first().waitFor();
  await joe.getByRole('tab', { name: 'Create Account' }).click();
  const form = joe.getByRole('tabpanel', { name: 'Create Account' });
  await form.getByLabel(/^First Name/).fill('Joe');
  await form.getByLabel(/^Last Name/).fill('Garcia');
  await form.getByLabel(/^Email/).fill(uniqueEmail('grandpa'));
  await form.getByLabel(/^Password/, { exact: false }).first().fill('Grandpa2026');
  await form.getByLabel(/^Confirm Password/).fill('Grandpa2026');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await joe.waitForURL('**/dashboard');
  await joe.getByText('Sofia Garcia').first().waitFor();

  const again = await newPage(browser);
  await again.goto(link);
  await again.getByText(/already been used/).first().waitFor();
});
