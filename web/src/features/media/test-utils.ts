import type { MediaItem } from './api';

// Test helpers for the media library; fetch is stubbed with the journal's stubFetch (test-utils there).

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
    statusReason: null,
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
