import type { User } from '../features/auth';
import type { Event, Stat } from '../features/athletes';
import type { JournalEntry, JournalPrompt, JournalStats } from '../features/journal';
import type { MediaItem, MediaSummary } from '../features/media';
import type { Athlete, AthleteRole } from '../lib/currentAthlete';

// Records as the API answers them, for the tests of every area (a page about one area shows others'
// records too: the dashboard, the family circle, the video editor). Each test overrides what it is about.

export function aUser(overrides: Partial<User> = {}): User {
  return { id: 1, firstName: 'Sam', lastName: 'Rivera', email: 'sam@example.com', profileImageUrl: null, ...overrides };
}

export function anAthlete(overrides: Partial<Athlete> = {}): Athlete {
  return {
    id: 7,
    userId: 1,
    name: 'Jordan Rivera',
    sports: 'Baseball',
    position: 'Pitcher',
    graduationYear: 2028,
    gpa: 3.85,
    school: 'Lincoln High School',
    bio: '',
    timeZone: 'America/New_York',
    profileCompletion: 71,
    createdAt: '2026-01-10T12:00:00Z',
    role: 'owner',
    permissions: { edit: true, manageCircle: true },
    ...overrides,
  };
}

/**
 * Another family's athlete the user is in the circle of, with the permissions the server gives the role
 * (store/access.go): content (journal, media, profile, stats…) is edited by editors only, besides the
 * owner; an admin manages the family circle but does not edit content.
 */
export function aFamilyAthlete(role: Exclude<AthleteRole, 'owner'>, overrides: Partial<Athlete> = {}): Athlete {
  const edit = role === 'editor';
  return anAthlete({
    id: 9,
    userId: 2,
    name: 'Maya Chen',
    sports: 'Softball',
    position: 'Shortstop',
    role,
    permissions: { edit, manageCircle: role === 'admin' },
    ...overrides,
  });
}

export function aStat(id: number, category: string, value: string): Stat {
  return { id, category, value };
}

export function anEvent(id: number, title: string, startDate: string, eventType: Event['eventType'] = 'other'): Event {
  return {
    id,
    title,
    startDate,
    endDate: null,
    allDay: false,
    timeZone: 'America/New_York',
    repeatWeeklyUntil: null,
    nextStartDate: null,
    eventType,
    location: 'Central Park Field 2',
  };
}

export function anEntry(overrides: Partial<JournalEntry> = {}): JournalEntry {
  return {
    id: 1,
    athleteId: 7,
    title: 'Game vs Central',
    content: 'Threw 80 pitches and kept my composure in the sixth.',
    date: '2025-04-12',
    tags: ['Game Reflection'],
    isPrivate: true,
    isFavorite: false,
    aiEnhanced: false,
    aiStatus: 'none',
    aiStatusReason: '',
    enhancedContent: null,
    aiSummary: null,
    aiSuggestedTags: [],
    aiProvider: null,
    aiModel: null,
    createdAt: '2025-04-12T20:00:00Z',
    updatedAt: '2025-04-12T20:00:00Z',
    ...overrides,
  };
}

/** An entry whose enhancement finished. */
export function anEnhancedEntry(overrides: Partial<JournalEntry> = {}): JournalEntry {
  return anEntry({
    aiEnhanced: true,
    aiStatus: 'ready',
    enhancedContent: 'I threw 80 pitches and stayed composed through a tense sixth inning.',
    aiSummary: 'A composed start against Central.',
    aiSuggestedTags: ['Pitching', 'game reflection'],
    aiProvider: 'model',
    aiModel: 'claude-haiku',
    ...overrides,
  });
}

export function someStats(overrides: Partial<JournalStats> = {}): JournalStats {
  return {
    totalEntries: 12,
    aiEnhanced: 5,
    cleanedOffline: 2,
    thisMonth: 3,
    categories: [
      { tag: 'Game Reflection', count: 6 },
      { tag: 'Training', count: 4 },
    ],
    ...overrides,
  };
}

export function aPrompt(overrides: Partial<JournalPrompt> = {}): JournalPrompt {
  return {
    id: null,
    title: 'Game Reflection',
    prompt: 'What went well in your last game, and what will you change next time?',
    category: 'game reflection',
    source: 'builtin',
    ...overrides,
  };
}

export function aMediaItem(overrides: Partial<MediaItem> = {}): MediaItem {
  const id = overrides.id ?? 1;
  return {
    id,
    athleteId: 7,
    title: 'Walk-off double',
    description: 'Bottom of the ninth against Central',
    date: '2025-04-12',
    createdAt: '2025-04-12T20:00:00Z',
    mediaType: 'image',
    mimeType: 'image/jpeg',
    mediaUrl: `/api/uploads/${id}.jpg`,
    downloadUrl: `/api/uploads/${id}.jpg?download=1`,
    thumbnailUrl: `/api/uploads/${id}-thumb.jpg`,
    fileSize: 2_400_000,
    duration: null,
    width: 1600,
    height: 1200,
    isFavorite: false,
    isPrivate: true,
    tags: [],
    status: 'ready',
    statusReason: '',
    shareCode: null,
    ...overrides,
  };
}

/** One item of every type, one of them a favorite, spread over two months. */
export function aLibrary(): MediaItem[] {
  return [
    aMediaItem({ id: 1, title: 'Walk-off double', date: '2025-04-12', isFavorite: true }),
    aMediaItem({
      id: 2,
      title: 'Batting practice',
      description: 'Working on the swing',
      mediaType: 'video',
      mimeType: 'video/mp4',
      mediaUrl: '/api/uploads/2.mp4',
      downloadUrl: '/api/uploads/2.mov?download=1',
      thumbnailUrl: '/api/uploads/2-thumb.jpg',
      duration: 65,
      fileSize: 48_700_000,
      date: '2025-04-03',
    }),
    aMediaItem({
      id: 3,
      title: 'Report card',
      description: 'Spring semester grades',
      mediaType: 'pdf',
      mimeType: 'application/pdf',
      mediaUrl: '/api/uploads/3.pdf',
      downloadUrl: '/api/uploads/3.pdf?download=1',
      thumbnailUrl: null,
      fileSize: 300_000,
      date: '2025-03-20',
    }),
    aMediaItem({
      id: 4,
      title: 'Coach interview',
      description: 'Radio segment',
      mediaType: 'audio',
      mimeType: 'audio/mpeg',
      mediaUrl: '/api/uploads/4.mp3',
      downloadUrl: '/api/uploads/4.mp3?download=1',
      thumbnailUrl: null,
      fileSize: 5_600_000,
      date: '2025-03-02',
    }),
  ];
}

/** GET …/media/summary of these items, counted as the server counts them. */
export function aMediaSummary(items: readonly MediaItem[]): MediaSummary {
  const none = () => ({ image: 0, video: 0, audio: 0, pdf: 0 });
  const summary: MediaSummary = { total: 0, favorites: 0, byType: none(), months: [] };
  const sorted = [...items].sort((a, b) => (a.date === b.date ? b.id - a.id : a.date < b.date ? 1 : -1));
  for (const item of sorted) {
    const type = item.mediaType === 'other' ? 'pdf' : item.mediaType;
    const key = item.date.slice(0, 7);
    let month = summary.months[summary.months.length - 1];
    if (month?.month !== key) {
      month = { month: key, total: 0, byType: none() };
      summary.months.push(month);
    }
    month.total += 1;
    month.byType[type] += 1;
    summary.total += 1;
    summary.byType[type] += 1;
    if (item.isFavorite) summary.favorites += 1;
  }
  return summary;
}
