import type { Athlete } from '../athletes/api';
import { useCurrentAthlete } from '../athletes/queries';

/**
 * The athlete whose circle the dashboard card and the /family page show: the current athlete (the
 * user's own, or the family's they switched to), with their role and permissions on it.
 */
export function useFamilyAthlete(): {
  athlete: Athlete | null;
  isLoading: boolean;
  isError: boolean;
  refetch: () => void;
} {
  const { athlete, isLoading, isError, refetch } = useCurrentAthlete();
  return { athlete, isLoading, isError, refetch };
}
