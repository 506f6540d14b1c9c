import type { ReactNode } from 'react';
import { Skeleton } from '@mantine/core';
import type { Athlete, CurrentAthlete } from '../lib/currentAthlete';
import { loadErrorText } from '../lib/messages';
import { LoadError } from './LoadError';
import { NoProfilePrompt } from './NoProfilePrompt';

interface AthleteContentProps {
  /** The page's useCurrentAthlete(). */
  current: CurrentAthlete;
  /** The no-profile prompt, in the page's words. */
  noProfile: { title: string; text: string };
  /** What the page shows about the athlete is still loading. */
  loading?: boolean;
  /** What the page shows about the athlete failed to load: what to say, and how to try again. */
  failed?: { message: string; onRetry: () => void } | false;
  /** The page's own placeholder while anything loads. */
  skeleton?: ReactNode;
  /** The page's content, once there is an athlete and what it shows of them has loaded. */
  children: (athlete: Athlete) => ReactNode;
}

/**
 * The states every athlete page goes through before its content, in one order: the athlete failed to
 * load, it (or the page's own data) is loading, the user has no athlete yet, the page's data failed.
 */
export function AthleteContent({ current, noProfile, loading = false, failed, skeleton, children }: AthleteContentProps) {
  if (current.isError) return <LoadError message={loadErrorText.athlete} onRetry={current.refetch} />;
  if (current.isLoading || loading) return skeleton ?? <Skeleton h={160} radius="md" />;
  if (!current.athlete) return <NoProfilePrompt title={noProfile.title} text={noProfile.text} />;
  if (failed) return <LoadError message={failed.message} onRetry={failed.onRetry} />;
  return children(current.athlete);
}
