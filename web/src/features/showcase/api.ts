import { apiRequest } from '../../lib/api';
import type { JobState } from '../../lib/jobStatus';
import type { Reactions } from '../responses';

// The showcase calls (docs/API.md, "Showcase"): QR codes, achievements with their cards, the public
// page's settings and, without sign-in, the public page itself.

/** A QR code; its PNG is drawn by the qr_generate job (qrImageUrl once ready). */
export interface QRCode extends JobState {
  id: number;
  athleteId: number;
  code: string;
  title: string;
  description: string;
  targetUrl: string;
  shortUrl: string;
  qrImageUrl: string | null;
  scans: number;
  visitors: number;
  scansByDay: { day: string; scans: number; visitors: number }[];
  createdAt: string;
}

export interface QRCodeBody {
  title: string;
  description: string;
  targetUrl: string;
}

export type AchievementCategory = 'game' | 'tournament' | 'personal' | 'academic' | 'award';
export type CardTemplate = 'standard' | 'victory' | 'milestone' | 'elite';

export interface Achievement {
  id: number;
  athleteId: number;
  title: string;
  description: string;
  date: string;
  category: AchievementCategory;
  stats: Record<string, number | string>;
  onShowcase: boolean;
  template: CardTemplate;
  /** The athlete's image shown at the top of the card, if chosen. */
  photoMediaId: number | null;
  /** The share card, drawn by the achievement_card job. */
  card: JobState & { feedUrl: string | null; storyUrl: string | null };
  publicUrl: string | null;
  createdAt: string;
  /** The family's comments on it (features/responses); absent from answers of before comments: none. */
  commentCount?: number;
  /** The family's reactions and the caller's own; absent: none. */
  reactions?: Reactions;
}

export interface AchievementBody {
  title: string;
  description: string;
  date: string;
  category: AchievementCategory;
  stats: Record<string, number | string>;
  onShowcase: boolean;
  template: CardTemplate;
  photoMediaId: number | null;
}

export interface ShowcaseSettings {
  slug: string | null;
  published: boolean;
  showGpa: boolean;
  showStats: boolean;
  contact: string;
  url: string | null;
}

export interface PublicAchievement {
  id: number;
  title: string;
  description: string;
  date: string;
  category: AchievementCategory;
  stats: Record<string, number | string>;
  cardUrl: string | null;
  storyUrl: string | null;
}

export interface PublicAthlete {
  name: string;
  sports: string;
  position: string;
  graduationYear: number;
  school: string;
  gpa: number | null;
  bio: string;
  contact: string;
  /** The athlete's photo (512 px square), or null: the page then shows the initials. */
  photoUrl?: string | null;
  achievements: PublicAchievement[];
  media: { id: number; title: string; description: string; mediaType: string; thumbnailUrl: string | null; mediaUrl: string }[];
  seasons: PublicSeason[];
}

/** A season on the public page, with the columns its sport's table shows (the server names them from the sport's catalogue). */
export interface PublicSeason {
  id: number;
  sport: string;
  sportName: string;
  season: string;
  teamName: string;
  sportType: string;
  stats: Record<string, number | string>;
  columns: { key: string; abbr: string; label: string }[];
}

/** A shared achievement's page: the achievement and whose it is. */
export interface PublicAchievementPage {
  athleteName: string;
  sports: string;
  achievement: PublicAchievement;
}

export const showcaseUrls = {
  qrCodes: (athleteId: number) => `/api/athletes/${athleteId}/qr-codes`,
  qrCode: (id: number) => `/api/qr-codes/${id}`,
  achievements: (athleteId: number) => `/api/athletes/${athleteId}/achievements`,
  achievement: (id: number) => `/api/achievements/${id}`,
  settings: (athleteId: number) => `/api/athletes/${athleteId}/showcase`,
  publicAthlete: (slug: string) => `/api/public/athletes/${encodeURIComponent(slug)}`,
  publicAchievement: (slug: string, id: string) => `/api/public/athletes/${encodeURIComponent(slug)}/achievements/${encodeURIComponent(id)}`,
};

export const createQRCode = (athleteId: number, body: QRCodeBody) => apiRequest<QRCode>('POST', showcaseUrls.qrCodes(athleteId), body);
export const deleteQRCode = (id: number) => apiRequest<void>('DELETE', showcaseUrls.qrCode(id));
export const createAchievement = (athleteId: number, body: AchievementBody) => apiRequest<Achievement>('POST', showcaseUrls.achievements(athleteId), body);
export const updateAchievement = (id: number, body: AchievementBody) => apiRequest<Achievement>('PUT', showcaseUrls.achievement(id), body);
export const deleteAchievement = (id: number) => apiRequest<void>('DELETE', showcaseUrls.achievement(id));
export const fetchSettings = (athleteId: number) => apiRequest<ShowcaseSettings>('GET', showcaseUrls.settings(athleteId));
export const saveSettings = (athleteId: number, body: Omit<ShowcaseSettings, 'url'>) => apiRequest<ShowcaseSettings>('PUT', showcaseUrls.settings(athleteId), body);
export const fetchPublicAthlete = (slug: string) => apiRequest<PublicAthlete>('GET', showcaseUrls.publicAthlete(slug));
export const fetchPublicAchievement = (slug: string, id: string) =>
  apiRequest<PublicAchievementPage>('GET', showcaseUrls.publicAchievement(slug, id));

/** The body an achievement is saved with, from what it is now (a template change, a showcase toggle). */
export function achievementBody(a: Achievement, changes: Partial<AchievementBody> = {}): AchievementBody {
  return {
    title: a.title, description: a.description, date: a.date, category: a.category, stats: a.stats, onShowcase: a.onShowcase,
    template: a.template, photoMediaId: a.photoMediaId ?? null, ...changes,
  };
}
