import { useQuery } from '@tanstack/react-query';
import { useLocalStorage } from '@mantine/hooks';
import { apiRequest } from './api';
import type { JobState } from './jobStatus';

// The athlete every signed-in screen is about, and what the caller may do with it. The role and
// permissions are the ones the server sends with every athlete (docs/API.md, "Family circle and access
// levels"), read as they are: the server's rule table is the only one. Screens hide what the caller may
// not use, and the server refuses it anyway. Lives in lib because the shell (the athlete switcher) and
// every athlete area read it.

/** The caller's place on an athlete: its owner, or a family member's access level. */
export type AthleteRole = 'owner' | 'admin' | 'editor' | 'viewer' | 'limited';

/** What the caller may do with an athlete; the server enforces the same. */
export interface AthletePermissions {
  /** Write journal entries, media, milestones and the profile. */
  edit: boolean;
  /** Invite to and manage the family circle and privacy settings (owner and admin). */
  manageCircle: boolean;
}

/** An athlete as every API answer gives it, with the caller's role and permissions on it. */
export interface Athlete {
  id: number;
  userId: number;
  name: string;
  /** Comma-separated, e.g. "Baseball, Softball". */
  sports: string;
  position: string;
  graduationYear: number;
  gpa: number | null;
  school: string;
  bio: string;
  /** IANA time zone: the default of the athlete's new events. */
  timeZone: string;
  /** New uploads are named by where they were taken (PUT /api/athletes/{id}/places); absent: off. */
  showPlaces?: boolean;
  /** The athlete's photo, a 512 px square (photoSmallUrl: 128 px); null until one is ready. */
  photoUrl?: string | null;
  photoSmallUrl?: string | null;
  /** The latest photo upload's job state; null when there is none. */
  photo?: (JobState & { photoUrl: string | null; photoSmallUrl: string | null }) | null;
  /** 0–100: the share of profile fields filled, computed by the server. */
  profileCompletion: number;
  createdAt: string;
  /** The caller's role on this athlete; every athlete answer carries it. */
  role: AthleteRole;
  /** What the caller may do, decided by the server; the app never derives it from the role. */
  permissions: AthletePermissions;
}

/** GET /api/athletes: the athletes the caller belongs to, their own first. */
export const MY_ATHLETES_URL = '/api/athletes';
/** Its query key (the URL first, the spec's convention). */
export const myAthletesKey = [MY_ATHLETES_URL] as const;

export const fetchMyAthletes = () => apiRequest<Athlete[]>('GET', MY_ATHLETES_URL);

/** Every athlete the signed-in user belongs to, their own first. */
export function useMyAthletes() {
  return useQuery({ queryKey: myAthletesKey, queryFn: fetchMyAthletes });
}

/**
 * The query parameter naming the athlete a page shows (/journal?athlete=12), so a link to one child's
 * journal opens that child's, whatever the switcher last chose (components/AthleteFromLink).
 */
export const ATHLETE_PARAM = 'athlete';

/** The athlete a link names, or null when it names none (or something that is no id). */
export function athleteInLink(search: URLSearchParams): number | null {
  const id = Number(search.get(ATHLETE_PARAM));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Where the athlete switcher's choice is kept, so it survives a reload. */
export const CURRENT_ATHLETE_STORAGE_KEY = 'currentAthleteId';

/**
 * The stored choice; a change reaches every component using it at once (Mantine syncs the hook's
 * instances), so accepting an invitation or creating a profile can switch the athlete every page shows.
 */
export function useStoredAthleteId() {
  return useLocalStorage<number | undefined>({
    key: CURRENT_ATHLETE_STORAGE_KEY,
    // Read it on the first render, so the pages never start loading the wrong athlete.
    getInitialValueInEffect: false,
    serialize: (id) => String(id),
    deserialize: (value) => (value ? Number(value) : undefined),
  });
}

/** Viewers and limited members only look: their screens show a "View only" badge. */
export function isViewOnly(role: AthleteRole | undefined): boolean {
  return role === 'viewer' || role === 'limited';
}

/** The stored choice when it is still one of the caller's athletes, else the first (their own, per the server). */
export function pickCurrentAthlete<T extends Pick<Athlete, 'id'>>(athletes: readonly T[], storedId: number | undefined): T | null {
  return athletes.find((a) => a.id === storedId) ?? athletes[0] ?? null;
}

export interface CurrentAthlete {
  /** The athlete the screens show: the switcher's choice, else the first (the user's own, if any); null when there is none. */
  athlete: Athlete | null;
  athletes: Athlete[];
  isLoading: boolean;
  isError: boolean;
  isSuccess: boolean;
  refetch: () => void;
  setCurrentAthleteId: (id: number) => void;
}

const NO_ATHLETES: Athlete[] = [];

/** The athlete every signed-in screen is about, with the user's role and permissions on it. */
export function useCurrentAthlete(): CurrentAthlete {
  const query = useMyAthletes();
  const [storedId, setStoredId] = useStoredAthleteId();
  const athletes = query.data ?? NO_ATHLETES;
  return {
    athlete: pickCurrentAthlete(athletes, storedId),
    athletes,
    isLoading: query.isLoading,
    isError: query.isError,
    isSuccess: query.isSuccess,
    refetch: () => void query.refetch(),
    setCurrentAthleteId: setStoredId,
  };
}
