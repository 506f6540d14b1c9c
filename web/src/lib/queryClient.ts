import { QueryClient } from '@tanstack/react-query';
import { apiRequest } from './api';

// The spec's defaults: the URL is the first element of the query key, no retry, no refetch on focus,
// no polling, data never stale. A record backed by a job opts into polling itself while pending.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: ({ queryKey }) => apiRequest('GET', queryKey[0] as string),
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: Infinity,
    },
    mutations: { retry: false },
  },
});
