import { useState } from 'react';
import { Button, Card, Stack } from '@mantine/core';
import { IconFlag, IconPlus } from '@tabler/icons-react';
import { AthleteContent } from '../../../components/AthleteContent';
import { AthletePageHeader } from '../../../components/AthletePageHeader';
import { EmptyNote } from '../../../components/EmptyNote';
import { ShowMore } from '../../../components/ShowMore';
import { useCurrentAthlete } from '../../../lib/currentAthlete';
import type { Milestone } from '../api';
import { useDeleteMilestoneMutation, useMilestonesQuery } from '../queries';
import { milestoneText as t } from '../strings';
import { MilestoneFormModal } from './MilestoneFormModal';
import { MilestoneTimeline } from './MilestoneTimeline';

/** The /milestones page: the timeline newest first, and the add/edit dialog for those who may edit. */
export function MilestonesView() {
  const current = useCurrentAthlete();
  const athlete = current.athlete;
  const canEdit = athlete?.permissions.edit ?? false;
  const list = useMilestonesQuery(athlete?.id);
  const remove = useDeleteMilestoneMutation(athlete?.id ?? 0);
  const [dialog, setDialog] = useState<{ opened: boolean; milestone: Milestone | null }>({ opened: false, milestone: null });
  const openNew = () => setDialog({ opened: true, milestone: null });

  return (
    <Stack gap="lg">
      <AthletePageHeader
        title={t.pageTitle}
        subtitle={t.pageSubtitle}
        familySubtitle={t.familySubtitle}
        athlete={athlete}
        action={
          canEdit ? (
            <Button leftSection={<IconPlus size={16} />} onClick={openNew}>
              {t.addMilestone}
            </Button>
          ) : undefined
        }
      />
      <AthleteContent
        current={current}
        noProfile={{ title: t.noProfileTitle, text: t.noProfileText }}
        loading={list.isLoading}
        failed={list.isError && { message: t.loadFailed, onRetry: () => void list.refetch() }}
      >
        {() => (
          <Card withBorder radius="md" padding="lg">
            {list.items.length > 0 ? (
              <Stack gap="md">
                <MilestoneTimeline
                  milestones={list.items}
                  onEdit={canEdit ? (milestone) => setDialog({ opened: true, milestone }) : undefined}
                  onDelete={canEdit ? (m) => window.confirm(t.confirmDelete) && remove.mutate(m.id) : undefined}
                />
                <ShowMore list={list} />
              </Stack>
            ) : (
              <EmptyNote
                icon={<IconFlag size={22} />}
                title={t.empty}
                description={t.emptyHint}
                action={
                  canEdit ? (
                    <Button variant="light" leftSection={<IconPlus size={16} />} onClick={openNew}>
                      {t.addFirst}
                    </Button>
                  ) : undefined
                }
              />
            )}
          </Card>
        )}
      </AthleteContent>
      {athlete && (
        <MilestoneFormModal
          opened={dialog.opened}
          onClose={() => setDialog((d) => ({ ...d, opened: false }))}
          athleteId={athlete.id}
          milestone={dialog.milestone}
        />
      )}
    </Stack>
  );
}
