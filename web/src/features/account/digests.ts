import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, serverMessage } from '../../lib/api';
import { notifications } from '@mantine/notifications';
import { digestText } from './strings';

/** How often a member hears what is new about an athlete they follow (GET /api/user/digests). */
export type DigestFrequency = 'daily' | 'weekly' | 'never';

export interface DigestSetting {
  athleteId: number;
  athleteName: string;
  frequency: DigestFrequency;
}

export const digestsKey = ['/api/user/digests'] as const;

export function useDigestSettings() {
  return useQuery({ queryKey: digestsKey, queryFn: () => apiRequest<DigestSetting[]>('GET', '/api/user/digests') });
}

/** PUT /api/user/digests/{athleteId}; the cached choice changes at once and goes back if refused. */
export function useSetDigest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ athleteId, frequency }: { athleteId: number; frequency: DigestFrequency }) =>
      apiRequest<{ athleteId: number; frequency: DigestFrequency }>('PUT', `/api/user/digests/${athleteId}`, { frequency }),
    onMutate: async ({ athleteId, frequency }) => {
      await client.cancelQueries({ queryKey: digestsKey });
      const before = client.getQueryData<DigestSetting[]>(digestsKey);
      client.setQueryData<DigestSetting[]>(digestsKey, (list) => list?.map((d) => (d.athleteId === athleteId ? { ...d, frequency } : d)));
      return { before };
    },
    onError: (err, _vars, context) => {
      client.setQueryData(digestsKey, context?.before);
      notifications.show({ title: digestText.failed, message: serverMessage(err) ?? digestText.tryAgain, color: 'red' });
    },
  });
}
