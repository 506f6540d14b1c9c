import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { BASE_URL, launch, newPage, signUpFamily, uniqueEmail } from './browser.mjs';

// Family members who can only look (viewer, limited) are offered nothing they cannot do: no writing
// tools, and empty sections say nothing is shared with them rather than inviting them to add to it.

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const headers = { Origin: BASE_URL };

/** The invitation token from the e-mail the worker kept (no SMTP here; see family.test.mjs). */
function invitationToken(to) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const body = execFileSync('psql', [process.env.DATABASE_URL, '-Atc',
      `SELECT body_text FROM outbound_emails WHERE kind = 'invitation' AND to_address = '${to}' ORDER BY id DESC LIMIT 1`]).toString();
    const token = body.match(/\/invite\/([A-Za-z0-9_-]+)/)?.[1];
    if (token) return token;
    execFileSync('sleep', ['0.3']);
  }
  throw new Error(`no invitation e-mail to ${to}`);
}

/** Invites a member at this access level and signs them in in a page of their own, accepted. */
async function invitedMember(owner, athleteId, accessLevel) {
  const email = uniqueEmail(accessLevel);
  const invited = await owner.request.post(`/api/athletes/${athleteId}/family-circle`, {
    data: { name: `Grandpa ${accessLevel}`, email, relationship: 'grandparent', accessLevel },
    headers,
  });
  assert.equal(invited.status(), 201, await invited.text());
  const token = invitationToken(email);

  const page = await newPage(browser);
  const register = await page.request.post('/api/register', {
    data: { firstName: 'Lou', lastName: 'Garcia', email, password: 'Grandpa2026' },
    headers,
  });
  assert.equal(register.status(), 201, await register.text());
  const accepted = await page.request.post(`/api/invitations/${token}/accept`, { headers });
  assert.equal(accepted.status(), 200, await accepted.text());
  return page;
}

const invitations = [
  'Capture a game, a practice or a proud moment while it is fresh.',
  'Photos, videos and documents you upload will appear here.',
  'Mark the firsts, records and turning points of the journey.',
  'Keep your bio and stats current so coaches see the latest.',
  'Complete your bio to help coaches get to know you',
  'Tags you add to entries will show here.',
];

async function assertNoneVisible(page, where, texts) {
  for (const text of texts) {
    assert.equal(await page.getByText(text).count(), 0, `${where} shows "${text}"`);
  }
}

test('a viewer and a limited member see no writing tools and no invitation to write or upload', async () => {
  const owner = await newPage(browser);
  const athlete = await signUpFamily(owner, { bio: 'Ace of the staff.' });

  for (const accessLevel of ['viewer', 'limited']) {
    const page = await invitedMember(owner, athlete.id, accessLevel);

    await page.goto('/dashboard');
    await page.getByRole('region', { name: 'Sofia Garcia' }).waitFor();
    // Journal and media load on their own; wait for both before looking for what must be absent.
    await page.getByText('No journal entries shared with you yet').waitFor();
    await page.getByText('Nothing shared with you yet').waitFor();
    await assertNoneVisible(page, `the ${accessLevel}'s dashboard`, invitations);
    for (const name of ['New Entry', 'Edit Profile']) {
      assert.equal(await page.getByRole('button', { name }).count(), 0, `the ${accessLevel}'s dashboard has ${name}`);
    }
    for (const name of ['Upload', 'Add Milestone']) {
      assert.equal(await page.getByRole('link', { name }).count(), 0, `the ${accessLevel}'s dashboard has ${name}`);
    }

    await page.goto('/journal');
    await page.getByText('No journal entries shared with you yet').waitFor();
    await page.getByText('The tags of entries shared with you will show here.').waitFor();
    await assertNoneVisible(page, `the ${accessLevel}'s journal`, invitations);
    assert.equal(await page.getByRole('region', { name: /Journaling Assistant/ }).count(), 0, `the ${accessLevel} sees the assistant`);
    assert.equal(await page.getByRole('switch').count(), 0, `the ${accessLevel} sees the reminders switch`);
    assert.equal(await page.getByRole('button', { name: 'New Entry' }).count(), 0);

    await page.goto('/media');
    await page.getByText('Nothing shared with you yet').waitFor();
    await assertNoneVisible(page, `the ${accessLevel}'s media`, invitations);
    assert.equal(await page.getByRole('button', { name: 'Upload' }).count(), 0, `the ${accessLevel} can upload`);

    await page.context().close();
  }
});
