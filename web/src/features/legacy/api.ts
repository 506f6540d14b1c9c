import { apiRequest } from '../../lib/api';
import type { JobState } from '../../lib/jobStatus';

// The family's whole legacy: the archive of everything, and deleting it (docs/API.md, "Export and
// deletion"). Both are the athlete's owner's alone; the server refuses everyone else.

/** One "Download everything" archive. */
export interface LegacyExport extends JobState {
  id: number;
  /** The athlete whose legacy the archive holds. */
  athleteId: number;
  /** The share of the archive written, 0 to 1 (1 when ready). */
  progress: number;
  bytesTotal: number;
  fileSize?: number;
  readyAt?: string;
  expiresAt?: string;
  createdAt: string;
  /** The download link, once ready. */
  url?: string;
}

/** What a deletion removed, as the server counted it. */
export interface DeletionSummary {
  athletes: string[];
  journalEntries: number;
  mediaItems: number;
  files: number;
  account: boolean;
}

export const exportsUrl = (athleteId: number) => `/api/athletes/${athleteId}/exports`;

export const listExports = (athleteId: number) => apiRequest<LegacyExport[]>('GET', exportsUrl(athleteId));
export const createExport = (athleteId: number) => apiRequest<LegacyExport>('POST', exportsUrl(athleteId));
/** An archive of each athlete the account holds (the one being made, where there is one). */
export const createAccountExports = () => apiRequest<LegacyExport[]>('POST', '/api/user/exports');
export const deleteAthlete = ({ athleteId, password }: { athleteId: number; password: string }) =>
  apiRequest<DeletionSummary>('DELETE', `/api/athletes/${athleteId}`, { password });
export const deleteAccount = ({ password }: { password: string }) => apiRequest<DeletionSummary>('DELETE', '/api/user', { password });
