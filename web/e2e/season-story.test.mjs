// The Season Story from the journal page: a parent opens the dialog (the athlete's season already
// chosen), makes the book, watches it being drawn and opens the PDF, which holds the season's entries
// and no others; the book is then listed under the form, and deleted from there.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { BASE_URL, launch, newPage, signUpFamily } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const headers = { Origin: BASE_URL };

/** Writes an entry the family shares (entries start private, the owner's alone). */
async function sharedEntry(page, athleteId, title, content, date) {
  const made = await page.request.post(`/api/athletes/${athleteId}/journal`, { data: { title, content, date, tags: [], enhanceWithAI: false }, headers });
  assert.equal(made.status(), 201, await made.text());
  const entry = await made.json();
  const shared = await page.request.put(`/api/journal/${entry.id}`, { data: { isPrivate: false }, headers });
  assert.equal(shared.status(), 200, await shared.text());
}

for (const [size, viewport] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1280, height: 900 }]]) {
  test(`a Season Story made from the journal page (${size})`, async () => {
    const page = await newPage(browser, viewport);
    const athlete = await signUpFamily(page);
    const year = new Date().getFullYear();
    // A softball player's season is the spring: this year's once it has begun.
    const season = new Date() >= new Date(`${year}-02-01`) ? year : year - 1;
    await sharedEntry(page, athlete.id, 'Opening day', 'First pitch of the spring.', `${season}-03-05`);
    await sharedEntry(page, athlete.id, 'Fall ball', 'A different season.', `${season}-09-20`);

    await page.goto('/journal');
    const button = page.getByRole('button', { name: 'Season Story' });
    await button.waitFor();
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: join(process.env.SCREENSHOT_DIR, `season-story-journal-${size}.png`) });
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Make a Season Story' });
    await dialog.getByRole('button', { name: 'Make the book' }).waitFor();
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished))); // the dialog's fade-in, for the screenshot
    assert.equal(await dialog.getByRole('textbox', { name: 'Title' }).inputValue(), `Sofia's ${season} Spring`);
    assert.equal(await dialog.getByRole('textbox', { name: 'From' }).inputValue(), `${season}-02-01`);
    assert.equal(await dialog.getByRole('textbox', { name: 'To' }).inputValue(), `${season}-06-30`);
    assert.ok(await dialog.getByLabel('Include private entries and clips').isVisible(), 'the owner is asked');
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: join(process.env.SCREENSHOT_DIR, `season-story-dialog-${size}.png`) });

    await dialog.getByRole('button', { name: 'Make the book' }).click();
    const open = dialog.getByRole('link', { name: 'Open the PDF' });
    await open.waitFor({ timeout: 30_000 });
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: join(process.env.SCREENSHOT_DIR, `season-story-ready-${size}.png`) });

    const pdf = await page.request.get(await open.getAttribute('href'));
    assert.equal(pdf.headers()['content-type'], 'application/pdf');
    const text = execFileSync('pdftotext', ['-', '-'], { input: await pdf.body() }).toString();
    assert.match(text, /Opening day/);
    assert.match(text, /First pitch of the spring\./);
    assert.doesNotMatch(text, /Fall ball/, 'an entry of another season');

    // Back to the form: the book is listed under it, and deleting it (after the browser's question) takes it away.
    const title = `Sofia's ${season} Spring`;
    await dialog.getByRole('button', { name: 'Make another' }).click();
    const books = dialog.getByRole('region', { name: 'Your Season Story books' });
    const book = books.getByRole('listitem', { name: title });
    await book.getByRole('link', { name: `Open the PDF of ${title}` }).waitFor();
    page.once('dialog', (question) => void question.accept());
    await book.getByRole('button', { name: `Delete ${title}`, exact: true }).click();
    await books.waitFor({ state: 'detached' });
    const gone = await page.request.get(`/api/athletes/${athlete.id}/season-books`);
    assert.deepEqual(await gone.json(), []);
    await page.close();
  });
}
