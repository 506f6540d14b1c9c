import { describe, expect, it } from 'vitest';
import type { Activity } from './api';
import { activitySentence, addedBy } from './sentences';

const row = (overrides: Partial<Activity>): Activity => ({
  kind: 'journal',
  id: 1,
  at: '2026-03-14T18:00:00Z',
  actorName: '',
  itemType: 'journal',
  itemId: 1,
  title: 'First pitch',
  unread: false,
  ...overrides,
});

describe('activitySentence', () => {
  it.each<[string, Partial<Activity>, string]>([
    ['a comment', { kind: 'comment', actorName: 'Grandma Rose', excerpt: 'Look at that swing!' }, 'Grandma Rose commented on “First pitch”: Look at that swing!'],
    ['a comment by nobody named', { kind: 'comment', excerpt: 'Wow' }, 'New comment on “First pitch”: Wow'],
    ['a comment without words', { kind: 'comment', actorName: 'Ana Lee' }, 'Ana Lee commented on “First pitch”'],
    ['a reaction', { kind: 'reaction', actorName: 'Ana Lee', emoji: '👏' }, 'Ana Lee reacted 👏 to “First pitch”'],
    ['a reaction by nobody named', { kind: 'reaction', emoji: '🔥' }, 'New reaction 🔥 to “First pitch”'],
    ['a photo', { kind: 'media', itemType: 'media', mediaType: 'image' }, 'New photo: “First pitch”'],
    ['a video', { kind: 'media', itemType: 'media', mediaType: 'video', actorName: 'Ana Lee' }, 'New video: “First pitch”'],
    ['a recording', { kind: 'media', itemType: 'media', mediaType: 'audio' }, 'New recording: “First pitch”'],
    ['a document', { kind: 'media', itemType: 'media', mediaType: 'pdf' }, 'New document: “First pitch”'],
    ['another file', { kind: 'media', itemType: 'media', mediaType: 'other' }, 'New file: “First pitch”'],
    ['a journal entry', { title: 'Regional final' }, 'New journal entry: “Regional final”'],
    ['a milestone', { kind: 'milestone', itemType: 'milestone', title: 'First start' }, 'New milestone: “First start”'],
    ['an achievement', { kind: 'achievement', itemType: 'achievement', title: 'All-State' }, 'New achievement: “All-State”'],
    ['an untitled photo', { kind: 'media', itemType: 'media', mediaType: 'image', title: '' }, 'New photo'],
    ['a comment on an untitled video', { kind: 'comment', itemType: 'media', mediaType: 'video', title: ' ', actorName: 'Ana Lee', excerpt: 'Nice' }, 'Ana Lee commented on a video: Nice'],
    ['a coach opening a link', { kind: 'coach_link', itemType: 'recruiting', title: 'Coach Diaz · State University' }, 'Coach Diaz · State University opened your recruiting link'],
    ['a reaction to an untitled achievement', { kind: 'reaction', itemType: 'achievement', title: '', emoji: '❤️' }, 'New reaction ❤️ to an achievement'],
  ])('says %s', (_, overrides, want) => {
    expect(activitySentence(row(overrides))).toBe(want);
  });
});

describe('addedBy', () => {
  it('names who added an item, not who commented or reacted (their sentence does), nor nobody', () => {
    expect(addedBy(row({ kind: 'media', itemType: 'media', actorName: 'Ana Lee' }))).toBe('Ana Lee');
    expect(addedBy(row({ kind: 'comment', actorName: 'Ana Lee' }))).toBeNull();
    expect(addedBy(row({ kind: 'reaction', actorName: 'Ana Lee' }))).toBeNull();
    expect(addedBy(row({ actorName: '' }))).toBeNull();
  });
});
