import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { renderWithProviders, testUser } from '../../../test/render';
import { stubFetch } from '../../../test/fetch';
import type { ContactMessage, OpsSummary } from '../api';
import { OperationsView } from './OperationsView';

afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const summary: OpsSummary = {
  queues: [
    { queue: 'media', paused: true, available: 3, running: 1, retryable: 0, scheduled: 0, failedLastDay: 2, oldestWaitingSeconds: 200 },
  ],
  kinds: [{ kind: 'media_process', completed: 10000, failed: 1, p50Seconds: 2.5, p95Seconds: 75, capped: true }],
  failures: [
    { id: 41, kind: 'journal_enhance', queue: 'ai', state: 'discarded', attempt: 5, error: 'model answered 500', record: 'entry 7', failedAt: '2026-11-22T10:00:00Z' },
  ],
  audit: [{ operator: 'ops@example.com', action: 'PUT /api/queues/media/pause', target: '{}', at: '2026-11-22T09:00:00Z' }],
  backups: {
    schedule: '0 3 * * *',
    drillSchedule: '0 5 * * *',
    target: 'directory /srv/backups',
    lastBackup: null,
    lastGoodBackup: {
      backupId: '20261122T030000.000Z', status: 'ready', statusReason: '', detail: '43 tables, 1200 files (100 new, 0 purged)',
      startedAt: '2026-11-22T03:00:00Z', finishedAt: '2026-11-22T03:02:00Z',
      dumpBytes: 52428800, files: 1200, fileBytes: 10737418240, copiedFiles: 100, copiedBytes: 314572800,
    },
    lastDrill: {
      backupId: '20261122T030000.000Z', status: 'failed', statusReason: 'the backup\'s copy of a1.jpg is damaged', detail: '',
      startedAt: '2026-11-22T05:00:00Z', finishedAt: '2026-11-22T05:01:00Z',
      dumpBytes: 0, files: 0, fileBytes: 0, copiedFiles: 0, copiedBytes: 0,
    },
    lastGoodDrill: null,
    problems: ["The last restore drill failed: the backup's copy of a1.jpg is damaged"],
  },
  supportEmail: 'help@legacylocker.example',
};

const openMessage: ContactMessage = {
  id: 9, name: 'Pat Lee', email: 'pat@example.com', subject: 'Can grandparents join?', message: 'Rose has no e-mail.\nCan she follow Jo?',
  createdAt: '2026-11-22T11:00:00Z', handledAt: null, handledBy: '',
};
const handledMessage: ContactMessage = {
  id: 8, name: 'Sam', email: 'sam@example.org', subject: 'Billing', message: 'Thanks!',
  createdAt: '2026-11-21T11:00:00Z', handledAt: '2026-11-21T12:00:00Z', handledBy: 'ops@example.com',
};

const olderFailure = { ...summary.failures[0]!, id: 12, kind: 'media_process', record: 'media 3', error: 'ffprobe failed' };

function renderOps(changed: Partial<OpsSummary> = {}) {
  const stub = stubFetch({
    'GET /api/ops/summary': { body: { ...summary, ...changed } },
    'GET /api/ops/failures?limit=20': { body: summary.failures, headers: { 'X-Next-Cursor': 'next' } },
    'GET /api/ops/failures?cursor=next': { body: [olderFailure] },
    'POST /api/ops/jobs/41/retry': { status: 204 },
    'GET /api/ops/contact-messages?limit=10': { body: [openMessage, handledMessage] },
    'PUT /api/ops/contact-messages/9/handled': { body: { ...openMessage, handledAt: '2026-11-22T12:00:00Z', handledBy: 'ops@example.com' } },
    'DELETE /api/ops/contact-messages/8/handled': { body: { ...handledMessage, handledAt: null, handledBy: '' } },
    'POST /api/ops/plan-grants': { body: { tier: 'family', until: '2027-07-01T00:00:00Z' } },
    'POST /api/ops/plan-grants/revoke': { status: 404, body: { message: 'That account has no granted plan' } },
  });
  renderWithProviders(<OperationsView />, { route: '/ops', user: { ...testUser, isOperator: true } });
  return stub;
}

describe('Operations page', () => {
  it('shows each queue, the last hour per kind, failures with their record, and operator actions', async () => {
    renderOps();
    const media = await screen.findByRole('row', { name: 'media' });
    expect(within(media).getByText('Paused')).toBeTruthy();
    expect(within(media).getByText('3 min 20 s')).toBeTruthy();
    const kind = screen.getByRole('row', { name: 'media_process' });
    expect(within(kind).getByText('10000+')).toBeTruthy();
    expect(within(kind).getByText('1 min 15 s')).toBeTruthy();
    const failure = await screen.findByRole('listitem', { name: 'journal_enhance entry 7' });
    expect(within(failure).getByText('model answered 500')).toBeTruthy();
    expect(within(failure).getByText('Given up')).toBeTruthy();
    expect(within(failure).getByRole('link', { name: 'Open in River' }).getAttribute('href')).toBe('/ops/riverui/jobs/41');
    expect(screen.getByText(/ops@example.com: PUT \/api\/queues\/media\/pause/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open River UI' }).getAttribute('href')).toBe('/ops/riverui/');
  });

  it('shows the last backup with its size and a failed drill as an alert', async () => {
    renderOps();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Backups need attention')).toBeTruthy();
    expect(within(alert).getByText("The last restore drill failed: the backup's copy of a1.jpg is damaged")).toBeTruthy();
    const backup = screen.getByLabelText('Last good backup');
    expect(within(backup).getByText('database dump 50 MB, 1200 files (10 GB)')).toBeTruthy();
    expect(within(backup).getByText(/ago$/)).toBeTruthy();
    expect(within(screen.getByLabelText('Last restore drill')).getByText('Failed')).toBeTruthy();
  });

  it('reaches older failures a page at a time', async () => {
    const { calls } = renderOps();
    await screen.findByRole('listitem', { name: 'journal_enhance entry 7' });
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('listitem', { name: 'media_process media 3' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(calls.map((c) => c.url)).toContain('/api/ops/failures?cursor=next');
  });

  it('retries a failed job and says so', async () => {
    const { calls } = renderOps();
    const failure = await screen.findByRole('listitem', { name: 'journal_enhance entry 7' });
    fireEvent.click(within(failure).getByRole('button', { name: 'Retry now' }));
    expect(await screen.findByText('Job queued again')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/ops/jobs/41/retry']);
  });

  it('grants a plan without Stripe, and says why a revoke did nothing', async () => {
    const { calls } = renderOps();
    const form = await screen.findByRole('region', { name: 'Grant a plan' });
    fireEvent.click(within(form).getByRole('button', { name: 'Grant' }));
    expect(await within(form).findByText('Please enter a valid email address')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Account e-mail'), { target: { value: ' school@example.com ' } });
    fireEvent.change(within(form).getByLabelText('Last day (optional)'), { target: { value: '2027-06-30' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Grant' }));
    expect(await within(form).findByText('school@example.com has the family plan.')).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/ops/plan-grants')?.body).toEqual({ email: 'school@example.com', tier: 'family', until: '2027-06-30' });

    fireEvent.click(within(form).getByRole('button', { name: 'Revoke' }));
    expect(await within(form).findByText('That account has no granted plan')).toBeTruthy();
  });

  it('lists contact messages with their mark, and marks one handled or open again', async () => {
    const { calls } = renderOps();
    const section = await screen.findByRole('region', { name: 'Contact messages' });
    expect(within(section).getByText(/also e-mailed to help@legacylocker.example/)).toBeTruthy();
    const open = await within(section).findByRole('listitem', { name: 'Can grandparents join?, from Pat Lee' });
    expect(within(open).getByText('Open')).toBeTruthy();
    expect(within(open).getByRole('link', { name: 'Reply to pat@example.com' }).getAttribute('href')).toBe(
      'mailto:pat@example.com?subject=Re%3A%20Can%20grandparents%20join%3F',
    );
    const handled = within(section).getByRole('listitem', { name: 'Billing, from Sam' });
    expect(within(handled).getByText(/^Handled by ops@example.com, /)).toBeTruthy();

    fireEvent.click(within(open).getByRole('button', { name: 'Mark handled' }));
    expect(await screen.findByText('Marked handled')).toBeTruthy();
    fireEvent.click(within(handled).getByRole('button', { name: 'Mark not handled' }));
    expect(await screen.findByText('Marked not handled')).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url}`)).toEqual([
      'PUT /api/ops/contact-messages/9/handled',
      'DELETE /api/ops/contact-messages/8/handled',
    ]);
  });

  it('says when contact messages are not e-mailed', async () => {
    renderOps({ supportEmail: '' });
    const section = await screen.findByRole('region', { name: 'Contact messages' });
    expect(within(section).getByText('SUPPORT_EMAIL is not set: messages are not e-mailed, only listed here.')).toBeTruthy();
  });

  it('re-reads the queues every 10 seconds while open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = renderOps();
    await screen.findByRole('row', { name: 'media' });
    await vi.advanceTimersByTimeAsync(10_500);
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/ops/summary').length).toBeGreaterThanOrEqual(2));
  });
});
