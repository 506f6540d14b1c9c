import type { ReactNode } from 'react';
import { EmptyState } from '@mantine/core';

interface EmptyNoteProps {
  icon: ReactNode;
  title: string;
  description?: string;
  /** A link or button leading to where the thing gets added. */
  action?: ReactNode;
}

/** An honest empty state for a feature with nothing in it yet. */
export function EmptyNote({ icon, title, description, action }: EmptyNoteProps) {
  return (
    <EmptyState size="sm" py="md" icon={icon} withIndicatorBackground title={title} description={description}>
      {action && <EmptyState.Actions>{action}</EmptyState.Actions>}
    </EmptyState>
  );
}
