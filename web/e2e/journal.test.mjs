import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, newPage, signUpFamily } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('write an entry, see it enhanced, toggle, search, favorite, share, make private and delete it', async () => {
  const page = await newPage(browser);
  await signUpFamily(page);
  await page.goto('/journal');

  await page.getByRole('button', { name: 'New Entry' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Title/).fill('Semifinal vs Central');
  await dialog.getByLabel(/^Content/).fill('we won 4-2 today.  i pitched five innings and struck out seven\ncoach said my changeup was working');
  await dialog.getByRole('combobox', { name: 'Tags' }).fill('game reflection,');
  // No AI service in the e2e run: the switch is named by what runs and says so, and the dialog says
  // who will see the entry.
  await dialog.getByText('AI is not set up', { exact: false }).waitFor();
  assert.equal(await dialog.getByRole('switch', { name: /Clean up offline/ }).isChecked(), true, 'the cleanup is on by default');
  assert.equal(await dialog.getByText('Enhance with AI').count(), 0, 'no AI is promised');
  assert.equal(await page.getByRole('region', { name: 'Journaling Assistant' }).getByRole('button', { name: 'New prompts' }).count(), 1);
  await dialog.getByText('Private until you share it: only you will see this entry.', { exact: false }).waitFor();
  const saved = page.waitForResponse((r) => r.url().endsWith('/journal') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Save Entry' }).click();
  const created = await (await saved).json();
  assert.equal(created.aiStatus, 'pending', 'the entry is stored at once, pending enhancement');
  await page.getByText('Entry Created').first().waitFor();

  // The worker's offline enhancer finishes it; the page polls until it does.
  const card = page.getByRole('article', { name: 'Semifinal vs Central' });
  await card.getByText('Cleaned up offline — no AI used').waitFor({ timeout: 30_000 });
  await card.getByText('We won 4-2 today. I pitched five innings').waitFor();

  await card.getByRole('button', { name: 'Show original' }).click();
  await card.getByText('we won 4-2 today.').waitFor();
  await card.getByRole('button', { name: 'Show enhanced' }).click();
  await card.getByText('We won 4-2 today. I pitched five innings').waitFor();

  // Offline work is named as such everywhere, never as AI.
  const stats = page.getByRole('region', { name: 'Journal Statistics' });
  await stats.getByText('Cleaned Up Offline').waitFor();
  assert.equal(await stats.getByText('AI Enhanced').count(), 0);
  await page.getByRole('tab', { name: 'Cleaned Up Offline' }).click();
  await card.waitFor();
  await page.getByRole('tab', { name: 'All Entries' }).click();

  const search = page.getByLabel('Search entries');
  await search.fill('pitch');
  await card.waitFor();
  await search.fill('zebra');
  await page.getByText('No entries match').waitFor();
  await search.fill('');
  await card.waitFor();

  // The star finds it again: Favorites Only lists nothing until the entry is a favorite.
  // The chip's checkbox is hidden behind its label, which takes the click.
  const favoritesOnly = page.getByText('Favorites Only', { exact: true });
  await favoritesOnly.click();
  await page.getByText('No entries match').waitFor();
  await favoritesOnly.click();
  await card.getByRole('button', { name: 'Add to favorites' }).click();
  await page.getByText('Added to favorites').first().waitFor();
  await favoritesOnly.click();
  await card.waitFor();
  await favoritesOnly.click();

  // Who sees it, in words on the card.
  await card.getByText('Only you').waitFor();
  await card.getByRole('button', { name: 'Entry actions' }).click();
  await page.getByRole('menuitem', { name: 'Make visible to family' }).click();
  await page.getByText('Entry is now public').first().waitFor();
  await card.getByText('Shared with family').waitFor();
  if (process.env.SCREENSHOT_DIR) {
    await page.screenshot({ path: join(process.env.SCREENSHOT_DIR, 'journal-shared-desktop.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(process.env.SCREENSHOT_DIR, 'journal-shared-phone.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  await card.getByRole('button', { name: 'Entry actions' }).click();
  await page.getByRole('menuitem', { name: 'Make private' }).click();
  await page.getByText('Entry is now private').first().waitFor();
  await card.getByText('Only you').waitFor();

  page.once('dialog', (d) => {
    assert.equal(d.message(), 'Are you sure you want to delete this journal entry?');
    d.accept();
  });
  await card.getByRole('button', { name: 'Entry actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByText('Entry deleted').first().waitFor();
  await page.getByText('No journal entries yet').first().waitFor();
});
