import { Alert, Button, Group, Text } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { dateLabel } from '../lib/format';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The ?date= of a list page (a milestone's links to its day's journal entries and media), if valid. */
export function useDateParam(): [string, () => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('date') ?? '';
  const clear = () =>
    setParams((p) => {
      p.delete('date');
      return p;
    });
  return [ISO_DATE.test(raw) ? raw : '', clear];
}

/** Says that a list shows one day only, with a way back to all of it. */
export function DateFilterNote({ date, what, onClear }: { date: string; what: string; onClear: () => void }) {
  return (
    <Alert variant="light" color="navy" radius="md" icon={<IconCalendar size={18} />} py="xs">
      <Group justify="space-between" gap="xs">
        <Text size="sm">{`Showing ${what} from ${dateLabel(date)}`}</Text>
        <Button size="compact-sm" variant="subtle" onClick={onClear}>
          Show all
        </Button>
      </Group>
    </Alert>
  );
}
