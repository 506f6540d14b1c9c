import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BASE_URL, launch, newPage, signUpFamily } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const api = fileURLToPath(new URL('../../bin/api', import.meta.url));

async function addAthlete(page, name, sports) {
  await page.getByRole('button', { name: 'Add an athlete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Athlete Profile' });
  await dialog.getByLabel('Full Name').fill(name);
  await dialog.getByLabel('Sports').fill(sports);
  await dialog.getByLabel('School').fill('Roosevelt High School');
  await dialog.getByRole('button', { name: 'Create Profile' }).click();
  return dialog;
}

test('a second child: refused on Free in the plan\'s words, added on the Family plan, switched to, and links name the child', async () => {
  const page = await newPage(browser);
  const sofia = await signUpFamily(page);
  const { email } = await (await page.request.get('/api/user')).json();
  const entry = await page.request.post(`/api/athletes/${sofia.id}/journal`, {
    data: { title: 'Sofia threw a no-hitter', content: 'Seven innings, nobody reached second.', date: '2026-05-02', tags: [] },
    headers: { Origin: BASE_URL },
  });
  assert.equal(entry.status(), 201);

  await page.goto('/profile');
  const athletes = page.getByRole('region', { name: 'Your athletes' });
  await athletes.getByText('Sofia Garcia').waitFor();
  await addAthlete(page, 'Mateo Garcia', 'Basketball');
  await page.getByText('Your Free plan holds 1 athlete. The Basic plan holds 2 athletes.').waitFor();
  await page.keyboard.press('Escape');

  execFileSync(api, ['plan', 'grant', email, 'family'], { env: process.env, stdio: 'ignore' });
  const dialog = await addAthlete(page, 'Mateo Garcia', 'Basketball');
  await dialog.waitFor({ state: 'hidden' });
  await athletes.getByText('Mateo Garcia').waitFor();
  const mine = await (await page.request.get('/api/athletes')).json();
  const mateo = mine.find((a) => a.name === 'Mateo Garcia');
  assert.ok(mateo, 'the second child is the account\'s');

  // The new child is the one shown, and the address says so.
  await page.goto('/journal');
  await page.waitForURL(`**/journal?athlete=${mateo.id}`);
  await page.getByText("Mateo Garcia's reflections, games and milestones.").waitFor();
  assert.equal(await page.getByText('Sofia threw a no-hitter').count(), 0, "Sofia's entry is not in Mateo's journal");

  // The switcher, an owner's now, moves every page and the address to the other child.
  const switcher = page.getByRole('combobox', { name: 'Athlete' });
  await switcher.click();
  await page.getByRole('option', { name: 'Sofia Garcia' }).click();
  await page.getByText('Sofia threw a no-hitter').waitFor();
  await page.waitForURL(`**/journal?athlete=${sofia.id}`);

  // A link to Mateo's journal opens Mateo's, whatever the switcher chose last.
  const link = await newPage(browser);
  await link.context().addCookies(await page.context().cookies());
  await link.goto('/dashboard');
  await link.evaluate((id) => localStorage.setItem('currentAthleteId', String(id)), sofia.id);
  await link.goto(`/journal?athlete=${mateo.id}`);
  await link.getByText("Mateo Garcia's reflections, games and milestones.").waitFor();
  assert.equal(await link.getByText('Sofia threw a no-hitter').count(), 0);
  // And a link to a child who is not the family's opens nothing of anyone.
  await link.goto('/journal?athlete=999999999');
  await link.getByText('This page is about an athlete who is not in your account').waitFor();
  assert.equal(await link.getByText('Sofia threw a no-hitter').count(), 0);
  await link.context().close();
  await page.context().close();
});
