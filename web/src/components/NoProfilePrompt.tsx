import { Alert, Button } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { labels } from '../lib/messages';

/**
 * For a page whose records belong to an athlete (journal, media, family circle) seen by a user who has
 * none yet: says so, and points to the dashboard where the profile is created.
 */
export function NoProfilePrompt({ title, text }: { title: string; text: string }) {
  return (
    <Alert variant="light" color="navy" radius="md" title={title} icon={<IconUserPlus />}>
      {text}
      <div>
        <Button mt="sm" size="xs" component={Link} to="/dashboard">
          {labels.goToDashboard}
        </Button>
      </div>
    </Alert>
  );
}
