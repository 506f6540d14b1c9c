import type { Reactions, ResponseSummary } from './api';

// Reading and changing an item's reactions on the client: the optimistic bar, and whether two answers
// say the same. Emoji are compared without the variation selector (U+FE0F): "❤️" and "❤" are the same
// heart, and a server or a keyboard may send either.

const VARIATION_SELECTOR = /\uFE0F/g;

/** An emoji as it is compared: without U+FE0F. */
export function emojiKey(emoji: string): string {
  return emoji.replace(VARIATION_SELECTOR, '');
}

export const noReactions: Reactions = { counts: {}, mine: null };

/** The summary of an item whose answer has no response fields yet: no comments, no reactions. */
export function summaryOf(commentCount: number | undefined, reactions: Reactions | undefined): ResponseSummary {
  return { commentCount: commentCount ?? 0, reactions: reactions ?? noReactions };
}

/** How many reacted with `emoji`. */
export function reactionCount(reactions: Reactions, emoji: string): number {
  const key = emojiKey(emoji);
  return Object.entries(reactions.counts).reduce((sum, [e, n]) => (emojiKey(e) === key ? sum + n : sum), 0);
}

/** Whether the caller's own reaction is `emoji`. */
export function isMine(reactions: Reactions, emoji: string): boolean {
  return reactions.mine !== null && emojiKey(reactions.mine) === emojiKey(emoji);
}

/** The reaction a click on `emoji` asks for: its removal when it is the caller's own, else it. */
export function nextReaction(reactions: Reactions, emoji: string): string | null {
  return isMine(reactions, emoji) ? null : emoji;
}

/** The reactions once the caller's own is `next` (null: none), as the server will count them. */
export function withReaction(reactions: Reactions, next: string | null): Reactions {
  const counts: Record<string, number> = {};
  for (const [e, n] of Object.entries(reactions.counts)) counts[emojiKey(e)] = (counts[emojiKey(e)] ?? 0) + n;
  if (reactions.mine !== null) {
    const key = emojiKey(reactions.mine);
    counts[key] = (counts[key] ?? 0) - 1;
  }
  if (next !== null) counts[emojiKey(next)] = (counts[emojiKey(next)] ?? 0) + 1;
  return {
    counts: Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0)),
    mine: next,
  };
}

/** Whether two summaries say the same (emoji compared as emojiKey, a zero count as no count). */
export function sameSummary(a: ResponseSummary, b: ResponseSummary): boolean {
  if (a.commentCount !== b.commentCount) return false;
  if ((a.reactions.mine === null) !== (b.reactions.mine === null)) return false;
  if (a.reactions.mine !== null && !isMine(b.reactions, a.reactions.mine)) return false;
  const emoji = new Set([...Object.keys(a.reactions.counts), ...Object.keys(b.reactions.counts)].map(emojiKey));
  return [...emoji].every((e) => reactionCount(a.reactions, e) === reactionCount(b.reactions, e));
}
