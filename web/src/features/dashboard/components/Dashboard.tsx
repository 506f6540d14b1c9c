import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { Anchor, Group, Stack } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useUser } from '../../auth';
import type { Athlete } from '../../../lib/currentAthlete';
import { useCurrentAthlete } from '../../../lib/currentAthlete';
import { accessText, loadErrorText } from '../../../lib/messages';
import { AthleteCardSkeleton, AthleteFormModal } from '../../athletes';
import { ErrorBoundary } from '../../../components/ErrorBoundary';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { LoadError } from '../../../components/LoadError';
import { MyAthleteCard } from './MyAthleteCard';
import { WelcomeCard } from './WelcomeCard';

// The cards below the athlete's card are a chunk of their own, fetched once the card has rendered
// (docs/PERFORMANCE.md, "The athlete's card first"): their code and the libraries only they use are
// neither downloaded nor run before it on a phone.
const DashboardCards = lazy(() => import('./DashboardCards').then((m) => ({ default: m.DashboardCards })));

/**
 * The signed-in dashboard: the current athlete's card on top, then a main column and a side column. A family
 * member without an athlete of their own sees the family's, with a small way to create their own.
 */
export function Dashboard() {
  const { user } = useUser();
  const current = useCurrentAthlete();
  const athlete = current.athlete;
  const readOnly = athlete !== null && !athlete.permissions.edit;
  const hasOwnAthlete = current.athletes.some((a) => a.role === 'owner');
  const weeklyPrompt = !current.isLoading && !current.isError && (hasOwnAthlete || current.athletes.length === 0);
  // Which athlete the dialog edits is fixed when it opens, so its title stays put while it closes.
  const [dialog, setDialog] = useState<{ opened: boolean; athlete: Athlete | null }>({ opened: false, athlete: null });
  const closeDialog = () => setDialog((d) => ({ ...d, opened: false }));
  // The athlete's card is drawn first and the rest of the page a render later (issue 34): on a phone's
  // slowed CPU the dozen cards below took ~0.5 s to render and commit before the card could show.
  const [restShown, setRestShown] = useState(false);
  useEffect(() => startTransition(() => setRestShown(true)), []);

  return (
    <Stack gap="lg">
      {current.isLoading ? (
        <AthleteCardSkeleton />
      ) : current.isError ? (
        <LoadError message={loadErrorText.athlete} onRetry={current.refetch} />
      ) : athlete ? (
        <Stack gap="xs">
          <MyAthleteCard athlete={athlete} onEdit={readOnly ? undefined : () => setDialog({ opened: true, athlete })} />
          {!hasOwnAthlete && (
            <Group justify="flex-end">
              <Anchor component="button" type="button" size="sm" onClick={() => setDialog({ opened: true, athlete: null })}>
                <Group gap={4} component="span" wrap="nowrap">
                  <IconUserPlus size={14} aria-hidden />
                  {accessText.createOwnProfile}
                </Group>
              </Anchor>
            </Group>
          )}
        </Stack>
      ) : (
        <WelcomeCard firstName={user?.firstName ?? ''} onCreate={() => setDialog({ opened: true, athlete: null })} />
      )}
      {restShown && (
        <ErrorBoundary fallback={({ chunk }) => <ErrorNotice chunk={chunk} place="dialog" />}>
          <Suspense fallback={null}>
            <DashboardCards athlete={athlete} readOnly={readOnly} weeklyPrompt={weeklyPrompt} />
          </Suspense>
        </ErrorBoundary>
      )}
      <AthleteFormModal opened={dialog.opened} onClose={closeDialog} athlete={dialog.athlete} />
    </Stack>
  );
}
