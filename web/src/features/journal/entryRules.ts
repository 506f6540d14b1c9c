import dayjs from 'dayjs';
import { dateLabel } from '../../lib/format';
import { hasTag, normalizeTags } from '../../lib/tags';
import type { JournalEntry } from './api';

// The journal's small rules (spec sections 2, 3, 5 and 9), kept apart from the components so they
// can be tested on their own.

/** Spec: the content preview on a card. */
export const CONTENT_PREVIEW_LENGTH = 300;
/** Spec: entries on the dashboard and in the Recent tab; prompts shown in the assistant. */
export const DASHBOARD_ENTRY_COUNT = 2;
export const RECENT_ENTRY_COUNT = 5;
export const PROMPTS_SHOWN = 3;
/** Entries per "Load more" page on the Journal page. */
export const PAGE_SIZE = 20;
/** The longest wait between polls of a list with an enhancement (or a prompt run) in progress (lib/jobStatus backs off to it). */
export const POLL_INTERVAL_MS = 2000;

/** Suggested tags the entry does not carry yet. */
export function missingSuggestedTags(entry: Pick<JournalEntry, 'tags' | 'aiSuggestedTags'>): string[] {
  return normalizeTags(entry.aiSuggestedTags).filter((tag) => !hasTag(entry.tags, tag));
}

const CATEGORY_COLORS: Record<string, string> = {
  'game reflection': 'blue',
  game: 'blue',
  training: 'green',
  practice: 'green',
  leadership: 'violet',
  'mental preparation': 'teal',
  mindset: 'teal',
  milestone: 'gold',
  recruiting: 'orange',
};

/** The badge colour of a tag: the spec's categories have their own, matched case-insensitively. */
export function categoryColor(tag: string): string {
  return CATEGORY_COLORS[tag.trim().toLowerCase()] ?? 'gray';
}

/** The first 300 characters (spec) with an ellipsis; text within the limit is unchanged. */
export function truncateContent(text: string, limit = CONTENT_PREVIEW_LENGTH): { text: string; truncated: boolean } {
  if (text.length <= limit) return { text, truncated: false };
  return { text: `${text.slice(0, limit).trimEnd()}…`, truncated: true };
}

/**
 * The date label of an entry (lib/format dateLabel: "Today, 3:42 PM", "Yesterday, 9:10 PM", "MMM D",
 * "MMM D, YYYY"). An entry's date has no time of day, so the time comes from createdAt when the
 * entry was written on its own date; a back-dated entry is labelled by its date.
 */
export function entryDateLabel(entry: Pick<JournalEntry, 'date' | 'createdAt'>, now: Date = new Date()): string {
  const created = dayjs(entry.createdAt);
  if (created.isValid() && created.format('YYYY-MM-DD') === entry.date) return dateLabel(created.toDate(), now);
  return dateLabel(entry.date, now);
}

/**
 * What enhanced an entry, as the journal labels it: an AI service ("ai"), the offline cleanup that changed
 * the text ("offline") or found nothing to change ("offline-unchanged"), or nothing yet (null). An enhanced
 * version that does not say a model made it is never called AI.
 */
export type EnhancementKind = 'ai' | 'offline' | 'offline-unchanged' | null;

export function enhancementKind(entry: Pick<JournalEntry, 'aiStatus' | 'aiProvider' | 'enhancedContent'>): EnhancementKind {
  if (entry.enhancedContent) return entry.aiProvider === 'model' ? 'ai' : 'offline';
  if (entry.aiStatus === 'ready' && entry.aiProvider === 'basic') return 'offline-unchanged';
  return null;
}

/** The text a card shows: the enhancement when there is one, unless the reader asked for the original. */
export function displayedText(entry: Pick<JournalEntry, 'content' | 'enhancedContent'>, showOriginal: boolean): string {
  return entry.enhancedContent && !showOriginal ? entry.enhancedContent : entry.content;
}
