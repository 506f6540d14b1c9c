import { apiRequest } from '../../lib/api';
import { fetchPage } from '../../lib/pages';
import type { JobState, JobStatus } from '../../lib/jobStatus';
import type { Reactions } from '../responses';

// Types and calls for the journal, its prompts and the user's reminder setting, as written in
// docs/API.md ("Journal").

export type AiProvider = 'model' | 'basic';

export interface JournalEntry {
  id: number;
  athleteId: number;
  title: string;
  /** Always the user's own text. */
  content: string;
  /** YYYY-MM-DD. */
  date: string;
  tags: string[];
  isPrivate: boolean;
  isFavorite: boolean;
  /** True only when an AI service enhanced it; the offline cleanup's work is never "AI enhanced". */
  aiEnhanced: boolean;
  /** The journal_enhance job's state (lib/jobStatus). */
  aiStatus: JobStatus;
  aiStatusReason: string;
  /** The polished version, when an enhancement finished. */
  enhancedContent: string | null;
  aiSummary: string | null;
  aiSuggestedTags: string[];
  /**
   * What did the enhancement: "model" an AI service, "basic" the offline cleanup (no AI service configured).
   * Ready, "basic" and no enhancedContent: the cleanup found nothing to change.
   */
  aiProvider: AiProvider | null;
  aiModel: string | null;
  createdAt: string;
  updatedAt: string;
  /** The family's comments on it (features/responses); absent from answers of before comments: none. */
  commentCount?: number;
  /** The family's reactions and the caller's own; absent: none. */
  reactions?: Reactions;
}

/** Body of POST /api/athletes/{id}/journal and of a full PUT /api/journal/{id}. */
export interface JournalEntryInput {
  title: string;
  content: string;
  /** YYYY-MM-DD. */
  date: string;
  tags: string[];
  enhanceWithAI: boolean;
}

export interface JournalCategory {
  tag: string;
  count: number;
}

export interface JournalStats {
  totalEntries: number;
  /** Entries an AI service enhanced. */
  aiEnhanced: number;
  /** Entries the offline cleanup changed. */
  cleanedOffline: number;
  thisMonth: number;
  /** Most used first. */
  categories: JournalCategory[];
}

export interface JournalFilters {
  /** Searches title and content (prefix match on the server). */
  q?: string;
  tag?: string;
  favorite?: boolean;
  /** Only entries an AI service enhanced. */
  aiEnhanced?: boolean;
  /** Only entries the offline cleanup changed. */
  cleanedOffline?: boolean;
  /** 1–100; the server's default is 50. */
  limit?: number;
  /** Only the entries of this day (YYYY-MM-DD). */
  date?: string;
}

/** One page of the list and the cursor of the next one (the X-Next-Cursor header), null on the last page. */
export interface JournalPage {
  entries: JournalEntry[];
  nextCursor: string | null;
}

export type PromptSource = 'builtin' | 'custom' | 'generated';

export interface JournalPrompt {
  /** null for the built-in prompts, which cannot be deleted. */
  id: number | null;
  title: string;
  prompt: string;
  category: string;
  source: PromptSource;
}

export interface JournalPromptInput {
  title: string;
  prompt: string;
  category: string;
}

/** The journal_prompts job's latest run for an athlete. */
export interface PromptGeneration extends JobState {
  provider?: AiProvider | null;
  updatedAt?: string;
}

/** GET /api/journal-options: what the writing dialog tells the writer before an entry is saved. */
export interface JournalOptions {
  /** An AI service is configured; without one "Enhance with AI" runs the offline cleanup. */
  aiService: boolean;
  /** A new entry starts private (seen by its writer and the athlete's owner until made visible). */
  newEntriesPrivate: boolean;
}

export interface UserSettings {
  weeklyPromptReminders: boolean;
}

/** The query string of a list request (its page's limit and cursor are added by lib/pages); only the filters that are set, in a fixed order. */
export function journalSearch(filters: JournalFilters): string {
  const params = new URLSearchParams();
  const q = filters.q?.trim();
  if (q) params.set('q', q);
  if (filters.tag) params.set('tag', filters.tag);
  if (filters.favorite) params.set('favorite', 'true');
  if (filters.aiEnhanced) params.set('aiEnhanced', 'true');
  if (filters.cleanedOffline) params.set('cleanedOffline', 'true');
  if (filters.limit !== undefined) params.set('limit', String(filters.limit));
  if (filters.date) params.set('date', filters.date);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const journalUrls = {
  list: (athleteId: number) => `/api/athletes/${athleteId}/journal`,
  stats: (athleteId: number) => `/api/athletes/${athleteId}/journal/stats`,
  entry: (id: number) => `/api/journal/${id}`,
  favorite: (id: number) => `/api/journal/${id}/favorite`,
  enhance: (id: number) => `/api/journal/${id}/enhance`,
  enhancement: (id: number) => `/api/journal/${id}/enhancement`,
  prompts: '/api/journal-prompts',
  promptsFor: (athleteId: number | undefined) =>
    athleteId === undefined ? '/api/journal-prompts' : `/api/journal-prompts?athleteId=${athleteId}`,
  prompt: (id: number) => `/api/journal-prompts/${id}`,
  athletePrompts: (athleteId: number) => `/api/athletes/${athleteId}/journal-prompts`,
  generate: (athleteId: number) => `/api/athletes/${athleteId}/journal-prompts/generate`,
  settings: '/api/user/settings',
  options: '/api/journal-options',
} as const;

/** GET of one list page, through the app's one paged-list reader (lib/pages). */
export async function fetchJournalPage(
  athleteId: number,
  filters: JournalFilters,
  cursor?: string | null,
  signal?: AbortSignal,
): Promise<JournalPage> {
  const page = await fetchPage<JournalEntry>(`${journalUrls.list(athleteId)}${journalSearch(filters)}`, { cursor: cursor ?? null }, signal);
  return { entries: page.items, nextCursor: page.next };
}

export const fetchJournalStats = (athleteId: number) => apiRequest<JournalStats>('GET', journalUrls.stats(athleteId));
/** requestKey (Idempotency-Key) makes a second send of the same entry answer the first one's. */
export const createEntry = (athleteId: number, input: JournalEntryInput, requestKey: string) =>
  apiRequest<JournalEntry>('POST', journalUrls.list(athleteId), input, { 'Idempotency-Key': requestKey });
export const updateEntry = (id: number, input: JournalEntryInput) =>
  apiRequest<JournalEntry>('PUT', journalUrls.entry(id), input);
export const setEntryPrivacy = (id: number, isPrivate: boolean) =>
  apiRequest<JournalEntry>('PUT', journalUrls.entry(id), { isPrivate });
export const deleteEntry = (id: number) => apiRequest<void>('DELETE', journalUrls.entry(id));
export const toggleFavorite = (id: number) => apiRequest<JournalEntry>('PATCH', journalUrls.favorite(id));
export const enhanceEntry = (id: number) => apiRequest<JournalEntry>('POST', journalUrls.enhance(id));
export const revertEnhancement = (id: number) => apiRequest<JournalEntry>('DELETE', journalUrls.enhancement(id));

export const fetchPrompts = (athleteId: number | undefined) =>
  apiRequest<JournalPrompt[]>('GET', journalUrls.promptsFor(athleteId));
export const createPrompt = (athleteId: number, input: JournalPromptInput) =>
  apiRequest<JournalPrompt>('POST', journalUrls.athletePrompts(athleteId), input);
export const deletePrompt = (id: number) => apiRequest<void>('DELETE', journalUrls.prompt(id));
export const startPromptGeneration = (athleteId: number) =>
  apiRequest<PromptGeneration>('POST', journalUrls.generate(athleteId));
export const fetchPromptGeneration = (athleteId: number) =>
  apiRequest<PromptGeneration>('GET', journalUrls.generate(athleteId));

export const fetchJournalOptions = () => apiRequest<JournalOptions>('GET', journalUrls.options);

export const fetchUserSettings = () => apiRequest<UserSettings>('GET', journalUrls.settings);
export const updateUserSettings = (settings: UserSettings) =>
  apiRequest<UserSettings>('PUT', journalUrls.settings, settings);
