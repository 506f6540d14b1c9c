import { useQuery } from '@tanstack/react-query';
import { DEMO_URL, fetchDemo } from './api';

/** The sample athlete /demo shows to visitors who are not signed in. */
export function useDemoQuery() {
  return useQuery({ queryKey: [DEMO_URL], queryFn: fetchDemo });
}
