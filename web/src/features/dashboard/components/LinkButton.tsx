import type { ReactNode } from 'react';
import { Button, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { dashboardText as t } from '../strings';

/** Spec tooltip delay. */
const TOOLTIP_OPEN_DELAY = 700;

/**
 * A dashboard card's header action before there is an athlete profile: shown, but disabled, with the
 * reason on hover — New Entry, Upload and Add Milestone alike (issue 33: only New Entry said so). It
 * uses data-disabled rather than the disabled attribute because a disabled button fires no hover
 * events, so its tooltip would never show.
 */
export function NeedsProfileButton({ icon, variant, children }: { icon?: ReactNode; variant?: 'filled' | 'light'; children: string }) {
  return (
    <Tooltip label={t.createProfileFirst} openDelay={TOOLTIP_OPEN_DELAY} withArrow>
      <Button size="xs" variant={variant} leftSection={icon} data-disabled aria-disabled="true" onClick={(e) => e.preventDefault()}>
        {children}
      </Button>
    </Tooltip>
  );
}

/** A small outlined button that navigates; the header action of most dashboard cards. */
export function LinkButton({ to, icon, hasProfile = true, children }: { to: string; icon?: ReactNode; hasProfile?: boolean; children: string }) {
  if (!hasProfile) {
    return (
      <NeedsProfileButton icon={icon} variant="light">
        {children}
      </NeedsProfileButton>
    );
  }
  return (
    <Button size="xs" variant="light" component={Link} to={to} leftSection={icon}>
      {children}
    </Button>
  );
}
