import { useEffect, type ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import { useLocation } from 'react-router';
import { useUser } from '../features/auth/queries';

/** Spec: a spinner while the session loads; signed out on any path but / goes to the server's /api/login. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { user, isLoading } = useUser();
  const { pathname } = useLocation();
  const mustLeave = !isLoading && !user && pathname !== '/';

  useEffect(() => {
    if (mustLeave) window.location.assign('/api/login');
  }, [mustLeave]);

  if (isLoading || mustLeave) {
    return (
      <Center h="60vh">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  return <>{children}</>;
}
