import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { Alert, Button, Center, Loader } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ATHLETE_PARAM, athleteInLink, useCurrentAthlete } from '../lib/currentAthlete';
import { accessText as t } from '../lib/messages';

/**
 * Keeps the address and the athlete a signed-in page shows in step, for accounts with more than one.
 * Arriving at a link that names an athlete (?athlete=12) makes it the one shown, before the page
 * renders, so a link to one child's journal never opens the other's; a link naming an athlete the
 * user does not belong to opens nothing. Otherwise the address follows the switcher, so a copied
 * address names the child it shows.
 */
export function AthleteFromLink({ children }: { children: ReactNode }) {
  const { athlete, athletes, isLoading, setCurrentAthleteId } = useCurrentAthlete();
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const named = athleteInLink(search);
  const namedIsKnown = named !== null && athletes.some((a) => a.id === named);
  // The location whose named athlete was last applied: a later change of choice (the switcher, a new
  // profile) then moves the address instead of being undone by it.
  const applied = useRef<string | null>(null);
  const arriving = applied.current !== location.key;

  useLayoutEffect(() => {
    if (isLoading) return;
    if (arriving) {
      applied.current = location.key;
      if (namedIsKnown && athlete?.id !== named) {
        setCurrentAthleteId(named);
        return;
      }
    }
    if (athlete && athletes.length > 1 && named !== athlete.id && (named === null || namedIsKnown)) {
      setSearch(
        (params) => {
          params.set(ATHLETE_PARAM, String(athlete.id));
          return params;
        },
        { replace: true, preventScrollReset: true },
      );
    }
  });

  if (named !== null && !isLoading && !namedIsKnown) {
    return (
      <Alert color="gray" variant="light" radius="md" icon={<IconLock />} title={t.notYourAthleteTitle}>
        {t.notYourAthlete}
        <div>
          <Button component={Link} to="/dashboard" mt="sm" size="xs" variant="default">
            {t.toDashboard}
          </Button>
        </div>
      </Alert>
    );
  }
  // Only a link that names an athlete waits for the list; the pages show their own loading states.
  if (named !== null && (isLoading || (arriving && namedIsKnown && athlete?.id !== named))) {
    return (
      <Center h="60vh">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  return <>{children}</>;
}
