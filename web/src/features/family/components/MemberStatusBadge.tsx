import { Badge } from '@mantine/core';
import { statusText } from '../strings';

/** Active once the member has joined; Pending while the invitation waits (isActive false). */
export function MemberStatusBadge({ isActive }: { isActive: boolean }) {
  return (
    <Badge variant="light" color={isActive ? 'green' : 'yellow'} size="sm" radius="sm" tt="none" style={{ flexShrink: 0, minWidth: 'max-content' }}>
      {isActive ? statusText.active : statusText.pending}
    </Badge>
  );
}
