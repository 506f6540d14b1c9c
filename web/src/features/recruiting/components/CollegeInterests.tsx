import { useEffect, useState } from 'react';
import { ActionIcon, Badge, Button, Card, Group, Menu, Progress, Rating, Stack, Text } from '@mantine/core';
import { IconDots, IconPlus, IconSchool } from '@tabler/icons-react';
import { EmptyNote } from '../../../components/EmptyNote';
import type { CollegeInterest } from '../api';
import { useDeleteCollegeMutation } from '../queries';
import { collegeStatusLabels, recruitingText as t, TARGET_SCHOOLS } from '../strings';
import { CoachLinks } from './CoachLinks';
import { CollegeConversation } from './CollegeConversation';
import { CollegeFormModal } from './CollegeFormModal';
import { FollowUpLine } from './FollowUpLine';

/** The College Interests tab: progress toward 10 to 15 target schools, and the list, highest interest first. */
export function CollegeInterests({ colleges, athleteId, canEdit }: { colleges: CollegeInterest[]; athleteId: number; canEdit: boolean }) {
  const [dialog, setDialog] = useState<{ opened: boolean; college: CollegeInterest | null }>({ opened: false, college: null });
  const remove = useDeleteCollegeMutation(athleteId);
  const openNew = () => setDialog({ opened: true, college: null });
  // A link to one college's row (#college-12, from the dashboard's follow-ups) scrolls to it.
  useEffect(() => {
    const target = window.location.hash.startsWith('#college-') ? document.getElementById(window.location.hash.slice(1)) : null;
    target?.scrollIntoView({ block: 'start' });
  }, [colleges.length]);
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md">
        <Group justify="space-between" mb={6} wrap="wrap">
          <Text size="sm" fw={600}>
            {t.targetAdvice}
          </Text>
          <Text size="sm">{t.targetProgress(colleges.length)}</Text>
        </Group>
        <Progress
          value={Math.min(100, (colleges.length / TARGET_SCHOOLS.min) * 100)}
          color={colleges.length >= TARGET_SCHOOLS.min ? 'green' : 'gold'}
          aria-label={t.schoolsProgress}
        />
      </Card>
      {canEdit && (
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={16} />} onClick={openNew}>
            {t.addCollege}
          </Button>
        </Group>
      )}
      {colleges.length === 0 ? (
        <EmptyNote icon={<IconSchool size={22} />} title={t.noColleges} description={t.noCollegesHint} />
      ) : (
        colleges.map((c) => (
          <Card key={c.id} id={`college-${c.id}`} withBorder radius="md" padding="md" component="article" aria-label={c.name}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={4} miw={0}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {c.name}
                </Text>
                <Group gap="xs">
                  {c.division && (
                    <Badge size="sm" variant="outline" color="navy">
                      {c.division}
                    </Badge>
                  )}
                  <Badge size="sm" variant="light">
                    {collegeStatusLabels[c.status]}
                  </Badge>
                  {c.location && (
                    <Text size="xs" c="dimmed">
                      {c.location}
                    </Text>
                  )}
                </Group>
                <Rating value={c.interest} readOnly size="sm" role="img" aria-label={`${t.interest}: ${c.interest} of 5`} />
                {c.coachContact && (
                  <Text size="xs">
                    {t.coachContact}: {c.coachContact}
                  </Text>
                )}
                {c.notes && (
                  <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
                    {c.notes}
                  </Text>
                )}
              </Stack>
              {canEdit && (
                <Menu position="bottom-end">
                  <Menu.Target>
                    <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${c.name}`}>
                      <IconDots size={16} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item onClick={() => setDialog({ opened: true, college: c })}>{t.edit}</Menu.Item>
                    <Menu.Item color="red" onClick={() => window.confirm(t.confirmDeleteCollege) && remove.mutate(c.id)}>
                      {t.delete}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              )}
            </Group>
            <FollowUpLine college={c} athleteId={athleteId} canEdit={canEdit} />
            <CollegeConversation college={c} canEdit={canEdit} />
            {canEdit && <CoachLinks athleteId={athleteId} collegeId={c.id} />}
          </Card>
        ))
      )}
      <CollegeFormModal
        opened={dialog.opened}
        onClose={() => setDialog((d) => ({ ...d, opened: false }))}
        athleteId={athleteId}
        college={dialog.college}
      />
    </Stack>
  );
}
