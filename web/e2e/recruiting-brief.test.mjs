import { after, before, test } from 'node:test';
import { launch, newPage, signUpFamily, BASE_URL } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

// The owner's dashboard carries the weekly recruiting brief once the family has colleges on its list:
// each school's NCAA period today, said for its own division, on a phone as on a desktop.
for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 900 }]) {
  test(`the dashboard's Recruiting Brief names each college's period (${viewport.width} px)`, async () => {
    const page = await newPage(browser, viewport);
    const athlete = await signUpFamily(page, { sports: 'Softball', graduationYear: new Date().getFullYear() + 1 });
    await page.goto('/dashboard');
    await page.getByRole('region', { name: 'Recruiting Events' }).waitFor();
    // No colleges yet: no brief.
    await page.getByRole('region', { name: 'Recruiting Brief' }).waitFor({ state: 'detached' });

    for (const [name, division, interest] of [['State University', 'D1', 5], ['Valley College', 'D2', 4]]) {
      const res = await page.request.post(`/api/athletes/${athlete.id}/college-interests`, { data: { name, division, interest }, headers: { Origin: BASE_URL } });
      if (res.status() !== 201) throw new Error(`college: ${res.status()} ${await res.text()}`);
    }
    await page.reload();
    const card = page.getByRole('region', { name: 'Recruiting Brief' });
    const schools = card.getByRole('region', { name: 'Your schools today' });
    await schools.getByText(/^State University \(D1 softball\) is in /).waitFor();
    await schools.getByText(/^Valley College \(D2 softball\) is in /).waitFor();
    await card.scrollIntoViewIfNeeded();
    if (process.env.E2E_SHOTS) await card.screenshot({ path: `${process.env.E2E_SHOTS}/recruiting-brief-${viewport.width}.png` });
    await page.context().close();
  });
}
