import { Alert, Button } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { loadErrorText } from '../lib/messages';

interface LoadErrorProps {
  title?: string;
  message: string;
  onRetry: () => void;
}

/** A failed load, with a way to try again. */
export function LoadError({ title = loadErrorText.title, message, onRetry }: LoadErrorProps) {
  return (
    <Alert color="red" variant="light" radius="md" title={title} icon={<IconAlertCircle />}>
      {message}
      <div>
        <Button mt="sm" size="xs" variant="white" color="red" onClick={onRetry}>
          {loadErrorText.retry}
        </Button>
      </div>
    </Alert>
  );
}
