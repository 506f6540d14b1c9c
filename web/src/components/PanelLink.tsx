import { Anchor, Group } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';

/** The "see more" link at the bottom of a panel or card. */
export function PanelLink({ to, children }: { to: string; children: string }) {
  return (
    <Anchor component={Link} to={to} size="sm" fw={500}>
      <Group gap={4} component="span" wrap="nowrap">
        {children}
        <IconArrowRight size={14} aria-hidden />
      </Group>
    </Anchor>
  );
}
