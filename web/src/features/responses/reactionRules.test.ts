import { describe, expect, it } from 'vitest';
import { isMine, nextReaction, reactionCount, sameSummary, summaryOf, withReaction } from './reactionRules';

describe('reaction rules', () => {
  it('reads an answer from before reactions as none', () => {
    expect(summaryOf(undefined, undefined)).toEqual({ commentCount: 0, reactions: { counts: {}, mine: null } });
  });

  it('counts a heart with or without its variation selector as the same heart', () => {
    const reactions = { counts: { '❤': 2 }, mine: '❤' };
    expect(reactionCount(reactions, '❤️')).toBe(2);
    expect(isMine(reactions, '❤️')).toBe(true);
    expect(nextReaction(reactions, '❤️')).toBeNull();
    expect(nextReaction(reactions, '🔥')).toBe('🔥');
  });

  it.each([
    ['sets a first reaction', { counts: {}, mine: null }, '🔥', { '🔥': 1 }],
    ['moves the caller from one emoji to another', { counts: { '🔥': 1, '👏': 2 }, mine: '🔥' }, '👏', { '👏': 3 }],
    ['takes the caller’s back', { counts: { '🔥': 2 }, mine: '🔥' }, null, { '🔥': 1 }],
  ])('%s', (_, before, next, counts) => {
    const after = withReaction(before, next);
    expect(after.mine).toBe(next);
    expect(after.counts).toEqual(counts);
  });

  it('holds two summaries the same when only a zero count or the selector differs', () => {
    const a = { commentCount: 2, reactions: { counts: { '❤️': 1, '🔥': 0 }, mine: '❤️' } };
    expect(sameSummary(a, { commentCount: 2, reactions: { counts: { '❤': 1 }, mine: '❤' } })).toBe(true);
    expect(sameSummary(a, { commentCount: 3, reactions: a.reactions })).toBe(false);
    expect(sameSummary(a, { commentCount: 2, reactions: { counts: { '❤️': 1 }, mine: null } })).toBe(false);
  });
});
