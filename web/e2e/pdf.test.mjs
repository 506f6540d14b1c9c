// A PDF previews inside the app: the preview embeds the stored file, and the browser is allowed to
// frame it (the api answers it with frame-ancestors 'self', not X-Frame-Options: DENY, which made
// Chromium block it with ERR_BLOCKED_BY_RESPONSE and always show the fallback).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, launch, newPage, signUpFamily } from './browser.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

/** A one-page PDF the test writes itself: "Report card" in Helvetica. */
function onePagePdf() {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    null, // the content stream, below
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const content = 'BT /F1 24 Tf 40 100 Td (Report card) Tj ET';
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

test('a PDF opens in the preview, framed by the app, not blocked', async () => {
  const page = await newPage(browser);
  const athlete = await signUpFamily(page);
  const uploaded = await page.request.post(`/api/athletes/${athlete.id}/media`, {
    headers: { Origin: BASE_URL },
    multipart: {
      title: 'Report card',
      date: '2026-05-01',
      file: { name: 'report-card.pdf', mimeType: 'application/pdf', buffer: onePagePdf() },
    },
  });
  assert.equal(uploaded.status(), 202, await uploaded.text());
  const item = await uploaded.json();

  const refused = [];
  page.on('console', (message) => {
    if (message.type() === 'error') refused.push(message.text());
  });
  page.on('requestfailed', (request) => refused.push(`${request.url()} ${request.failure()?.errorText}`));
  await page.goto('/media');
  await page.getByRole('button', { name: 'Open Report card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report card' });
  const embedded = dialog.locator(`object[data="${item.mediaUrl}"]`);
  await embedded.waitFor();
  // The browser's PDF viewer replaces the object's fallback; a blocked or refused PDF shows it.
  await page.waitForTimeout(1500);
  assert.equal(await dialog.getByText("This browser can't show the PDF here.").isVisible(), false, 'the preview fell back');
  const box = await embedded.boundingBox();
  assert.ok(box && box.height > 200, `the PDF is shown in the dialog (${JSON.stringify(box)})`);
  assert.deepEqual(refused.filter((r) => /BLOCKED_BY_RESPONSE|Content Security Policy|object-src/.test(r)), [], 'the PDF was refused');

  const file = await page.request.get(item.mediaUrl);
  assert.equal(file.headers()['content-type'], 'application/pdf');
  assert.notEqual(file.headers()['x-frame-options'], 'DENY');
  assert.match(file.headers()['content-security-policy'] ?? '', /frame-ancestors 'self'/, 'only the app may frame it');
});
