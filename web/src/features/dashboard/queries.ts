import { useQuery } from '@tanstack/react-query';
import { DEMO_URL, fetchDemo, fetchRecruitingBrief, recruitingBriefUrl } from './api';

/** The sample athlete /demo shows to visitors who are not signed in. */
export function useDemoQuery() {
  return useQuery({ queryKey: [DEMO_URL], queryFn: fetchDemo });
}

/** The owner's weekly recruiting brief for one athlete. */
export function useRecruitingBriefQuery(athleteId: number) {
  return useQuery({ queryKey: [recruitingBriefUrl(athleteId)], queryFn: () => fetchRecruitingBrief(athleteId) });
}
