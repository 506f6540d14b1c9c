import { describe, expect, it } from 'vitest';
import { journalSearch } from './api';
import { categoryColor, entryDateLabel, missingSuggestedTags, truncateContent } from './entryRules';
import { normalizeTags } from '../../lib/tags';

describe('normalizeTags', () => {
  it.each([
    { name: 'splits on commas', input: ['game, training'], want: ['game', 'training'] },
    { name: 'trims each tag', input: ['  leadership  ', ' milestone'], want: ['leadership', 'milestone'] },
    { name: 'drops empty tags', input: ['a,, ,b', ''], want: ['a', 'b'] },
    { name: 'drops duplicates, ignoring case', input: ['Training', 'training, TRAINING', 'Game'], want: ['Training', 'Game'] },
    { name: 'keeps the order of first use', input: ['b, a', 'b'], want: ['b', 'a'] },
  ])('$name', ({ input, want }) => {
    expect(normalizeTags(input)).toEqual(want);
  });
});

describe('truncateContent', () => {
  it('leaves 300 characters or fewer alone', () => {
    const text = 'x'.repeat(300);
    expect(truncateContent(text)).toEqual({ text, truncated: false });
  });

  it('cuts longer text at 300 characters with an ellipsis', () => {
    const text = `${'a'.repeat(300)}TAIL`;
    const { text: shown, truncated } = truncateContent(text);
    expect(truncated).toBe(true);
    expect(shown).toBe(`${'a'.repeat(300)}…`);
  });
});

describe('missingSuggestedTags', () => {
  it('lists suggestions the entry does not have, matched case-insensitively', () => {
    expect(missingSuggestedTags({ tags: ['Game Reflection'], aiSuggestedTags: ['game reflection', 'Pitching', 'pitching'] })).toEqual([
      'Pitching',
    ]);
  });
});

describe('categoryColor', () => {
  it('matches the spec categories whatever their case, and greys unknown tags', () => {
    expect(categoryColor('TRAINING')).toBe(categoryColor('training'));
    expect(categoryColor('Game Reflection')).not.toBe('gray');
    expect(categoryColor('bullpen')).toBe('gray');
  });
});

describe('entryDateLabel', () => {
  const now = new Date(2025, 5, 15, 18, 0);

  it('uses the time it was written for an entry dated today', () => {
    const createdAt = new Date(2025, 5, 15, 15, 42).toISOString();
    expect(entryDateLabel({ date: '2025-06-15', createdAt }, now)).toBe('Today, 3:42 PM');
  });

  it('uses the time it was written for an entry dated yesterday and written then', () => {
    const createdAt = new Date(2025, 5, 14, 21, 10).toISOString();
    expect(entryDateLabel({ date: '2025-06-14', createdAt }, now)).toBe('Yesterday, 9:10 PM');
  });

  it('labels a back-dated yesterday by its date: no Yesterday without its time, no made-up time', () => {
    const createdAt = new Date(2025, 5, 15, 9, 0).toISOString();
    expect(entryDateLabel({ date: '2025-06-14', createdAt }, now)).toBe('Jun 14');
  });

  it('uses MMM D this year and MMM D, YYYY before', () => {
    const createdAt = new Date(2025, 5, 15, 9, 0).toISOString();
    expect(entryDateLabel({ date: '2025-03-02', createdAt }, now)).toBe('Mar 2');
    expect(entryDateLabel({ date: '2024-11-20', createdAt }, now)).toBe('Nov 20, 2024');
  });
});

describe('journalSearch', () => {
  it('sends only the filters that are set', () => {
    expect(journalSearch({ q: ' pitch ', tag: '', aiEnhanced: false, limit: 20 })).toBe('?q=pitch&limit=20');
    expect(journalSearch({ tag: 'Game Reflection', aiEnhanced: true })).toBe('?tag=Game+Reflection&aiEnhanced=true');
    expect(journalSearch({})).toBe('');
  });
});
