import { Alert, Badge, type BadgeProps } from '@mantine/core';
import { IconEye, IconLock } from '@tabler/icons-react';
import { isViewOnly, type AthleteRole } from '../lib/currentAthlete';
import { accessText as t } from '../lib/messages';

/** "View only" beside a page title, for viewers and limited members; nothing for anyone who may edit. */
export function ViewOnlyBadge({ role, ...props }: { role: AthleteRole | undefined } & BadgeProps) {
  if (!isViewOnly(role)) return null;
  return (
    <Badge variant="light" color="gray" tt="none" leftSection={<IconEye size={12} aria-hidden />} {...props}>
      {t.viewOnly}
    </Badge>
  );
}

/** Tells a limited member why they see less than the family does. */
export function LimitedAccessNote({ role }: { role: AthleteRole | undefined }) {
  if (role !== 'limited') return null;
  return (
    <Alert variant="light" color="navy" radius="md" py="xs" icon={<IconLock size={18} />}>
      {t.limitedNote}
    </Alert>
  );
}
