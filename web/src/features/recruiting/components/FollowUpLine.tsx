import { useState } from 'react';
import { Button, Group, Text, TextInput } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { fieldErrors } from '../../../lib/api';
import { useMyAthletes } from '../../../lib/currentAthlete';
import { todayIn } from '../../../lib/format';
import type { CollegeInterest } from '../api';
import { useFollowUpMutation } from '../queries';
import { outreachText as t } from '../strings';

/** The college's next follow-up on its row: shown to all, set or cleared by those who edit. */
export function FollowUpLine({ college, athleteId, canEdit }: { college: CollegeInterest; athleteId: number; canEdit: boolean }) {
  const save = useFollowUpMutation(athleteId);
  const [day, setDay] = useState(college.nextFollowUpOn ?? '');
  const [error, setError] = useState<string | null>(null);
  const on = college.nextFollowUpOn;
  // Overdue where the athlete lives, as the dashboard's Follow-ups card and the weekly brief count it: a
  // follow-up set for today must not read overdue on a phone already past midnight in another zone.
  const timeZone = useMyAthletes().data?.find((a) => a.id === athleteId)?.timeZone;
  const overdue = on !== null && on < todayIn(timeZone);
  const label = on ? (overdue ? t.followUpOverdue(dayjs(on).format('MMM D, YYYY')) : t.followUpOn(dayjs(on).format('ddd, MMM D, YYYY'))) : t.noFollowUp;
  const submit = (next: string | null) =>
    save.mutate(
      { college, on: next },
      { onSuccess: () => setError(null), onError: (err) => setError(fieldErrors(err).nextFollowUpOn ?? null) },
    );
  return (
    <Group gap="xs" wrap="wrap" align="flex-end" mt="sm" data-testid="follow-up">
      <Group gap={6} wrap="nowrap" style={{ alignSelf: 'center' }}>
        <IconBellRinging size={16} aria-hidden color={overdue ? 'var(--mantine-color-red-7)' : undefined} />
        <Text size="sm" c={overdue ? 'red.8' : on ? undefined : 'dimmed'} fw={on ? 500 : undefined}>
          {label}
        </Text>
      </Group>
      {canEdit && (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <TextInput
            type="date"
            size="xs"
            aria-label={`${t.followUp}: ${college.name}`}
            value={day}
            onChange={(e) => setDay(e.currentTarget.value)}
            error={error}
            w={150}
          />
          <Button size="xs" variant="light" disabled={!day || day === on} loading={save.isPending} onClick={() => submit(day)}>
            {t.setFollowUp}
          </Button>
          {on && (
            <Button
              size="xs"
              variant="subtle"
              color="gray"
              onClick={() => {
                setDay('');
                submit(null);
              }}
            >
              {t.clearFollowUp}
            </Button>
          )}
        </Group>
      )}
    </Group>
  );
}
