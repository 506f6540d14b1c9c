import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, newPage, signUpFamily } from './browser.mjs';

// A basketball family with no stats platform types two games by hand, in the basketball form (no
// batting or pitching in sight), and reads the season they add up to: points summed, points per
// game and field-goal percentage worked out again from the totals, the season named for the
// winter it was played in.

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

async function typeGame(page, { date, opponent, points, made, attempted }) {
  await page.getByRole('button', { name: 'Add game' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add game' });
  await dialog.getByRole('textbox', { name: 'Opponent' }).fill(opponent);
  await dialog.getByLabel('Game date').fill(date);
  await dialog.getByRole('textbox', { name: 'Points', exact: true }).fill(points);
  await dialog.getByRole('textbox', { name: 'Field Goals Made' }).fill(made);
  await dialog.getByRole('textbox', { name: 'Field Goals Attempted' }).fill(attempted);
  await dialog.getByRole('button', { name: 'Save game' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

test('a basketball family types two games and reads the season line', async () => {
  const page = await newPage(browser);
  await signUpFamily(page, { name: 'Maya Brooks', sports: 'Basketball', position: 'Point Guard' });
  await page.goto('/stats');
  await page.getByRole('tab', { name: 'Platforms' }).click();
  await page.getByRole('tab', { name: 'Game Stats' }).click();

  await page.getByRole('button', { name: 'Add game' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add game' });
  await dialog.getByRole('textbox', { name: 'Points', exact: true }).waitFor();
  assert.equal(await dialog.getByRole('textbox', { name: 'At Bats' }).count(), 0, 'no baseball fields on a basketball form');
  assert.equal(await dialog.getByRole('textbox', { name: 'Points per Game' }).count(), 0, 'rates are worked out, never typed');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'hidden' });

  await typeGame(page, { date: '2025-12-05', opponent: 'Central', points: '18', made: '7', attempted: '14' });
  await typeGame(page, { date: '2026-01-09', opponent: 'North', points: '12', made: '5', attempted: '11' });
  const game = page.getByLabel('vs North');
  await game.getByText('12', { exact: true }).first().waitFor();

  await page.getByRole('tab', { name: 'Season Stats' }).click();
  const season = page.getByLabel('Basketball 2025–26 Winter');
  await season.getByText('Basketball · 2 games').waitFor();
  const text = await season.innerText();
  assert.match(text, /Points:\s*30/);
  assert.match(text, /Points per Game:\s*15\.0/);
  assert.match(text, /Field Goal Percentage:\s*48\.0%/);
  await page.getByLabel('Basketball career').waitFor();

  // The Overview and Trends are basketball's: the season added up, and the point guard's lead stats game by game.
  await page.getByRole('tab', { name: 'Overview' }).click();
  await page.getByText('Current season: 2025–26 Winter').waitFor();
  await page.getByText('Points per Game', { exact: true }).first().waitFor();
  assert.equal(await page.getByText('AVG', { exact: true }).count(), 0, 'no batting average on a basketball overview');
  await page.getByRole('tab', { name: 'Trends' }).click();
  await page.getByLabel('Points by game').locator('.recharts-line-curve').first().waitFor();

  // A baseball stat typed for a basketball player is refused, naming what basketball keeps.
  const refused = await page.request.post(`/api/stats/games/${await athleteId(page)}`, {
    data: { sport: 'basketball', gameDate: '2026-01-16', stats: { hits: 2 } },
    headers: { Origin: new URL(page.url()).origin },
  });
  assert.equal(refused.status(), 400);
  assert.match((await refused.json()).message, /"hits" is not a basketball stat\. Basketball keeps: points, /);
});

async function athleteId(page) {
  const res = await page.request.get('/api/athletes');
  return (await res.json())[0].id;
}
