import type { JobState } from '../../lib/jobStatus';
import { apiRequest } from '../../lib/api';

// The Operations page's calls (docs/API.md, "Operators"). Operators only: the api answers 404 to
// anyone else.

export interface QueueSummary {
  queue: string;
  paused: boolean;
  available: number;
  running: number;
  retryable: number;
  scheduled: number;
  failedLastDay: number;
  oldestWaitingSeconds: number;
}

export interface KindSummary {
  kind: string;
  completed: number;
  failed: number;
  p50Seconds: number;
  p95Seconds: number;
  /** More finished jobs than the page reads in an hour: the numbers are of the newest ones. */
  capped: boolean;
}

export interface JobFailure {
  id: number;
  kind: string;
  queue: string;
  state: 'discarded' | 'retryable';
  attempt: number;
  error: string;
  /** The record the job works on, e.g. "media 12". */
  record: string;
  failedAt: string;
}

export interface OperatorAction {
  operator: string;
  action: string;
  target: string;
  at: string;
}

/** One backup or restore drill run (backup_runs). */
export interface BackupRun extends JobState {
  backupId: string;
  /** What a successful run did; why a failed one failed is its statusReason. */
  detail: string;
  startedAt: string;
  finishedAt: string | null;
  dumpBytes: number;
  files: number;
  fileBytes: number;
  copiedFiles: number;
  copiedBytes: number;
}

export interface BackupStatus {
  schedule: string;
  drillSchedule: string;
  /** Where backups go: "directory …" or "bucket … at …". */
  target: string;
  lastBackup: BackupRun | null;
  lastGoodBackup: BackupRun | null;
  lastDrill: BackupRun | null;
  lastGoodDrill: BackupRun | null;
  /** Sentences an operator must act on: a failed, overdue or switched-off backup or drill. */
  problems: string[];
}

export interface OpsSummary {
  queues: QueueSummary[];
  kinds: KindSummary[];
  failures: JobFailure[];
  audit: OperatorAction[];
  backups: BackupStatus;
  /** Where contact messages are e-mailed (SUPPORT_EMAIL); '' when they are only listed here. */
  supportEmail: string;
}

/** A message sent through the contact form, with its "handled" mark. */
export interface ContactMessage {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: string;
  handledAt: string | null;
  /** The operator who marked it handled; '' when not handled or when that account is gone. */
  handledBy: string;
}

export const opsUrls = {
  summary: '/api/ops/summary',
  failures: '/api/ops/failures',
  retry: (id: number) => `/api/ops/jobs/${id}/retry`,
  grant: '/api/ops/plan-grants',
  revoke: '/api/ops/plan-grants/revoke',
  contactMessages: '/api/ops/contact-messages',
  contactHandled: (id: number) => `/api/ops/contact-messages/${id}/handled`,
  riverUI: '/ops/riverui/',
  riverJob: (id: number) => `/ops/riverui/jobs/${id}`,
} as const;

export const fetchOpsSummary = () => apiRequest<OpsSummary>('GET', opsUrls.summary);
export const retryJob = (id: number) => apiRequest<void>('POST', opsUrls.retry(id), {});

/** A plan for an account without Stripe; until is the grant's last day (YYYY-MM-DD) or '' for no end. */
export interface GrantInput {
  email: string;
  tier: 'basic' | 'premium' | 'family';
  until: string;
}
export const grantPlan = (input: GrantInput) => apiRequest<{ tier: string; until: string | null }>('POST', opsUrls.grant, input);
export const revokePlan = (email: string) => apiRequest<void>('POST', opsUrls.revoke, { email });

/** Marks a contact message handled (true) or clears the mark (false); answers the message as it now is. */
export const setContactHandled = (id: number, handled: boolean) =>
  apiRequest<ContactMessage>(handled ? 'PUT' : 'DELETE', opsUrls.contactHandled(id));
