// Measurables and academics: a parent fills them in on the profile page on a phone, and a coach sees
// them through a link only when the link includes them (issue 31).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { BASE_URL, launch, newPage, signUpFamily } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const phone = { width: 390, height: 844 };

/** A one-page PDF the test writes itself. */
function transcriptPdf() {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    null,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const content = 'BT /F1 24 Tf 40 100 Td (Transcript) Tj ET';
  objects[3] = `<< /Length ${content.length} >>\nstream\n${content}\nendstream`;
  let body = '%PDF-1.4\n';
  const offsets = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

test('a parent adds measurables and academics on a phone; a coach sees them only on a link that includes them', async () => {
  const page = await newPage(browser, phone);
  const athlete = await signUpFamily(page, { gpa: 3.8 });
  const headers = { Origin: BASE_URL };
  const upload = await page.request.post(`/api/athletes/${athlete.id}/media`, {
    headers,
    multipart: { title: 'Junior transcript', isPrivate: 'false', file: { name: 'transcript.pdf', mimeType: 'application/pdf', buffer: transcriptPdf() } },
  });
  assert.equal(upload.status(), 202, await upload.text());
  const transcriptId = (await upload.json()).id;
  for (let i = 0; ; i++) {
    const item = await (await page.request.get(`/api/media/${transcriptId}`)).json();
    if (item.status === 'ready') break;
    assert.ok(i < 300, `the transcript is still ${item.status}`);
    await page.waitForTimeout(100);
  }

  // On the profile page, at 390 px: body and academics, then a measurable of softball.
  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Measurables & academics' });
  await card.getByText('No measurables yet', { exact: false }).waitFor();
  await card.getByRole('button', { name: 'Edit' }).click();
  let dialog = page.getByRole('dialog', { name: 'Body & academics' });
  await dialog.getByLabel('Height (ft)').fill('5');
  await dialog.getByLabel('Height (in)').fill('7');
  await dialog.getByLabel('Weight (lb)').fill('135');
  await dialog.getByRole('combobox', { name: 'Dominant hand' }).click();
  await page.getByRole('option', { name: 'Left' }).click();
  await dialog.getByLabel('SAT score').fill('1340');
  await dialog.getByLabel('NCAA Eligibility Center ID').fill('2109876543');
  await dialog.getByLabel('Intended major').fill('Kinesiology');
  await dialog.getByRole('combobox', { name: /^Transcript/ }).click();
  await page.getByRole('option', { name: 'Junior transcript' }).click();
  await shoot(page, 'measurables-profile-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await card.getByText('5′ 7″').waitFor();
  await card.getByText('Kinesiology').waitFor();

  await card.getByRole('button', { name: 'Add measurable' }).click();
  dialog = page.getByRole('dialog', { name: 'Add a measurable' });
  await dialog.getByRole('combobox', { name: /^Measurable/ }).click();
  await page.getByRole('option', { name: 'Home to First' }).click();
  await dialog.getByLabel(/^Value \(s\)/).fill('2.85');
  await dialog.getByLabel(/^Date measured/).fill('2026-02-01');
  await dialog.getByLabel(/^Verified by/).fill('Perfect Game showcase');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await card.getByText('Home to First · 2.85 s').waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `the profile page scrolls sideways at 390 px (${overflow} px)`);
  await shoot(page, 'measurables-card', () => card);

  // Two links: one with measurables and academics, one with neither.
  const college = await page.request.post(`/api/athletes/${athlete.id}/college-interests`, { headers, data: { name: 'State University', division: 'D1' } });
  assert.equal(college.status(), 201);
  const links = `/api/college-interests/${(await college.json()).id}/links`;
  const make = async (include) => {
    const res = await page.request.post(links, { headers, data: { coachName: 'Coach Diaz', include } });
    assert.equal(res.status(), 201, await res.text());
    return res.json();
  };
  const full = await make({ profile: true, academics: true, measurables: true });
  const bare = await make({ profile: true });

  const coach = await newPage(browser, phone);
  await coach.goto(new URL(full.url).pathname);
  const measurables = coach.getByRole('region', { name: 'Measurables' });
  await measurables.getByText('5′ 7″').waitFor();
  await measurables.getByText('2.85 s').waitFor();
  await measurables.getByText(/verified by Perfect Game showcase/).waitFor();
  const academics = coach.getByRole('region', { name: 'Academics' });
  await academics.getByText('1340').waitFor();
  await academics.getByText('Kinesiology').waitFor();
  const transcriptUrl = await academics.getByRole('link', { name: /Junior transcript/ }).getAttribute('href');
  const pdf = await coach.request.get(transcriptUrl);
  assert.equal(pdf.status(), 200);
  assert.equal(pdf.headers()['content-type'], 'application/pdf');
  await shoot(coach, 'measurables-coach-page', () => measurables);

  await coach.goto(new URL(bare.url).pathname);
  await coach.getByRole('heading', { name: 'Sofia Garcia' }).waitFor();
  assert.equal(await coach.getByRole('region', { name: 'Measurables' }).count(), 0);
  assert.equal(await coach.getByRole('region', { name: 'Academics' }).count(), 0);
  const refused = await coach.request.get(`/api/r/${bare.code}/media/${transcriptId}`);
  assert.equal(refused.status(), 404, 'the transcript is not served through a link without academics');
  await coach.close();
  await page.close();
});

/** A page at 1280 and 390 px wide, when SCREENSHOT_DIR is set. */
async function shoot(page, name, target) {
  if (!process.env.SCREENSHOT_DIR) return;
  const before = page.viewportSize();
  for (const [size, viewport] of [['desktop', { width: 1280, height: 900 }], ['phone', phone]]) {
    await page.setViewportSize(viewport);
    if (target) await target().scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(process.env.SCREENSHOT_DIR, `${name}-${size}.png`), fullPage: !!target });
  }
  await page.setViewportSize(before);
}
