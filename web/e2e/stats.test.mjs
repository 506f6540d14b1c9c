import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, newPage, signUpFamily } from './browser.mjs';

// A family brings its numbers in as a new parent would: connect GameChanger, upload the season
// export (the file names the athlete by a name the connection does not match, so they choose the
// row), see the season; connect MaxPreps and upload two games' stat files; see the game cards and
// the Trends charts. The files are built here in the documented shapes.

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const seasonCSV =
  ',,,Batting,,,,,,,Pitching,,,\r\n' +
  'Number,Last,First,GP,AB,H,2B,HR,RBI,BB,IP,ER,SO\r\n' +
  '12,Garcia,Sofia,10,30,11,3,2,9,4,6.2,3,8\r\n' +
  '7,Smith,Jo,10,28,7,1,0,3,1,-,-,-\r\n' +
  'Totals,,,10,58,18,4,2,12,5,6.2,3,8\r\n' +
  ',,,,,,,,,,,,\r\n' +
  'Glossary,GP: games played,,,,,,,,,,,\r\n';

const maxPrepsGame = (hits, strikeouts) =>
  '3f2b8c1e-9d4a-4e7b-a1c2-5d6e7f8a9b0c\n' +
  'Jersey|AtBats|Runs|Hits|RunsBattedIn|BaseOnBalls|StruckOut|InningsPitched|PartialInningPitched|EarnedRuns\n' +
  `12|4|1|${hits}|2|1|${strikeouts}|5|1|2\n` +
  '7|3|0|0|0|0|2|||\n';

async function connect(page, platform, athleteId) {
  await page.getByRole('combobox', { name: 'Platform' }).click();
  await page.getByRole('option', { name: platform }).click();
  await page.getByRole('textbox', { name: /Athlete ID \/ Profile ID/ }).fill(athleteId);
  await page.getByRole('button', { name: 'Set Up Import' }).click();
  await page.getByText(`Import a file from ${platform} to bring in its games and seasons.`).first().waitFor();
  await page.getByLabel(platform, { exact: true }).waitFor();
}

async function upload(page, platform, name, contents, fields = {}) {
  await page.getByLabel(platform, { exact: true }).getByRole('button', { name: 'Import a file' }).click();
  const dialog = page.getByRole('dialog', { name: `Upload a ${platform} export` });
  await dialog.locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(contents) });
  for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(label, { exact: true }).fill(value);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  return dialog;
}

test('connect GameChanger and MaxPreps, import a season and games, see the trends', async () => {
  const page = await newPage(browser);
  await signUpFamily(page);
  await page.goto('/stats');
  await page.getByRole('heading', { name: 'Sports Statistics', exact: true }).waitFor();
  await page.getByText('No stats yet').waitFor();
  await page.getByRole('tab', { name: 'Platforms' }).click();
  await page.getByText('No platforms connected yet.').waitFor();

  // The connection names the athlete as the family writes it; the export spells it "Garcia, Sofia".
  await connect(page, 'GameChanger', 'Sofia G.');
  let dialog = await upload(page, 'GameChanger', 'season.csv', seasonCSV, { 'Season (e.g. 2026 Spring)': '2026 Spring', 'Team name': 'Roosevelt Varsity' });
  await dialog.getByText('Which player is this athlete?').waitFor();
  await dialog.getByRole('radio', { name: '#12 Garcia, Sofia' }).check();
  await dialog.getByRole('button', { name: 'Use this player' }).click();
  await dialog.getByText('Imported 0 games, 1 season').waitFor();
  await dialog.locator('button', { hasText: 'Close' }).click(); // the text button, not the "×" also named Close
  await page.getByLabel('GameChanger', { exact: true }).getByText(/^Last file imported: season\.csv, /).waitFor();

  await page.getByRole('tab', { name: 'Season Stats' }).click();
  const season = page.getByLabel('2026 Spring');
  await season.getByText('Roosevelt Varsity · Softball').waitFor();
  assert.match(await season.innerText(), /Batting Average:\s*\.367/);

  // MaxPreps files key rows by jersey; one file is one game.
  await page.getByRole('tab', { name: 'Connected Platforms' }).click();
  await connect(page, 'MaxPreps', '12');
  for (const [date, opponent, hits, k] of [['2026-04-11', 'North High', '2', '1'], ['2026-04-18', 'East High', '3', '0'], ['2026-04-25', 'West High', '0', '3']]) {
    dialog = await upload(page, 'MaxPreps', `${opponent}.txt`, maxPrepsGame(hits, k), { 'Game date': date, Opponent: opponent, Result: 'Win', Score: '5-3' });
    await dialog.getByText('Imported 1 game, 0 seasons').waitFor();
    await dialog.locator('button', { hasText: 'Close' }).click(); // the text button, not the "×" also named Close
  }
  await page.getByRole('tab', { name: 'Game Stats' }).click();
  const game = page.getByLabel('vs East High');
  await game.getByText('Win: 5-3').waitFor();
  assert.match(await game.innerText(), /Hits:\s*3/);
  assert.match(await game.innerText(), /Batting Average:\s*\.750/);

  await page.getByRole('tab', { name: 'Overview' }).click();
  await page.getByText('Current season: 2026 Spring').waitFor();
  await page.getByText('Best games').waitFor();

  await page.getByRole('tab', { name: 'Trends' }).click();
  const trend = page.getByLabel('Batting average (rolling 5 games)');
  await trend.locator('.recharts-line-curve').first().waitFor();
  assert.equal(await trend.locator('.recharts-line-curve').count(), 1);
  await page.getByLabel('Innings and ERA by game').waitFor();

  // The dashboard's Season Stats read the same numbers, a pitcher's led by her ERA over softball's
  // 7 innings (3 ER in 6.2 IP: 3.15).
  await page.goto('/dashboard');
  await page.getByText('3.15').first().waitFor();
  // Beside them, Sports Stats shows the newest games rather than the same numbers again.
  const sportsStats = page.getByRole('region', { name: 'Sports Stats' });
  await sportsStats.getByRole('article', { name: 'vs West High' }).waitFor();
  assert.equal(await sportsStats.getByRole('article').count(), 3);
  assert.equal(await sportsStats.getByText('3.15').count(), 0, 'the season line is the athlete card’s');
  if (process.env.SCREENSHOT_DIR) {
    await sportsStats.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(process.env.SCREENSHOT_DIR, 'dashboard-games-desktop.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await sportsStats.getByRole('article', { name: 'vs West High' }).waitFor();
    await sportsStats.screenshot({ path: join(process.env.SCREENSHOT_DIR, 'dashboard-games-phone.png') });
  }
  await page.close();
});
