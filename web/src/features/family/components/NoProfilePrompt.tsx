import { Alert, Button } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { pageText as t } from '../strings';

/** The circle belongs to an athlete: without a profile, point to the dashboard where one is created. */
export function NoProfilePrompt() {
  return (
    <Alert variant="light" color="navy" radius="md" title={t.noProfileTitle} icon={<IconUserPlus />}>
      {t.noProfileText}
      <div>
        <Button mt="sm" size="xs" component={Link} to="/dashboard">
          {t.goToDashboard}
        </Button>
      </div>
    </Alert>
  );
}
