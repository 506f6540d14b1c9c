import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import { Link } from 'react-router';

/** A small outlined button that navigates; the header action of most dashboard cards. */
export function LinkButton({ to, icon, children }: { to: string; icon?: ReactNode; children: string }) {
  return (
    <Button size="xs" variant="light" component={Link} to={to} leftSection={icon}>
      {children}
    </Button>
  );
}
