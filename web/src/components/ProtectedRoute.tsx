import { useEffect, useRef, type ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import { useLocation } from 'react-router';
import { useUser } from '../features/auth';

/** Spec: a spinner while the session loads; signed out on any path but / goes to the server's /api/login. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { user, isLoading } = useUser();
  const { pathname } = useLocation();
  // A user who was signed in here and is now null is logging out: the logout flow takes them to /.
  // (Its navigation is a transition that can land after the cleared user does, so don't race it.)
  const wasSignedIn = useRef(false);
  if (user) wasSignedIn.current = true;
  const mustLeave = !isLoading && !user && pathname !== '/' && !wasSignedIn.current;

  useEffect(() => {
    if (mustLeave) window.location.assign('/api/login');
  }, [mustLeave]);

  if (!user) {
    return (
      <Center h="60vh">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  return <>{children}</>;
}
