import { useState } from 'react';
import { ActionIcon, Anchor, Button, Card, Divider, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useCurrentAthlete } from '../../../lib/currentAthlete';
import { formatHeight, formatMeasurable, formatWeight, sideLabel } from '../../../lib/measurables';
import type { Measurable, RecruitingProfile } from '../api';
import { useDeleteMeasurableMutation, useMeasurablesQuery, useRecruitingProfileQuery } from '../queries';
import { measurablesText as t } from '../strings';
import { MeasurableFormDialog, ProfileFormDialog } from './dialogs';

const day = (d: string | null) => (d ? dayjs(d).format('MMM D, YYYY') : '');

function Fact({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {value || t.notSet}
      </Text>
    </div>
  );
}

function Facts({ profile, gpa }: { profile: RecruitingProfile; gpa: number | null }) {
  const score = (n: number | null, on: string | null) => (n == null ? '' : on ? `${n} (${day(on)})` : String(n));
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Fact label={t.height} value={profile.heightIn != null && formatHeight(profile.heightIn)} />
        <Fact label={t.weightShort} value={profile.weightLb != null && formatWeight(profile.weightLb)} />
        <Fact label={t.hand} value={sideLabel(profile.dominantHand)} />
        {profile.dominantFoot && <Fact label={t.foot} value={sideLabel(profile.dominantFoot)} />}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Fact label={t.gpa} value={gpa?.toFixed(2)} />
        <Fact label={t.sat} value={score(profile.satScore, profile.satTakenOn)} />
        <Fact label={t.act} value={score(profile.actScore, profile.actTakenOn)} />
        <Fact label={t.ncaaId} value={profile.ncaaId} />
        <Fact label={t.major} value={profile.intendedMajor} />
        <Fact
          label={t.transcriptLabel}
          value={
            profile.transcript && (
              <Anchor href={profile.transcript.url} target="_blank" size="sm">
                {profile.transcript.title || 'PDF'}
              </Anchor>
            )
          }
        />
      </SimpleGrid>
      {profile.transcript?.isPrivate && (
        <Text size="xs" c="orange.8">
          {t.transcriptPrivate}
        </Text>
      )}
    </Stack>
  );
}

function Row({ m, canEdit, onEdit, onDelete }: { m: Measurable; canEdit: boolean; onEdit: () => void; onDelete: () => void }) {
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="xs" py={4}>
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={600}>
          {m.label} · {formatMeasurable(m.value, m.unit)}
        </Text>
        <Text size="xs" c="dimmed">
          {[m.sportLabel, day(m.measuredOn), m.verifiedBy && t.verifiedByShort(m.verifiedBy)].filter(Boolean).join(' · ')}
        </Text>
      </div>
      {canEdit && (
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t.editLabel(m.label, m.measuredOn)} onClick={onEdit}>
            <IconPencil size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" size="lg" aria-label={t.deleteLabel(m.label, m.measuredOn)} onClick={onDelete}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      )}
    </Group>
  );
}

const noProfile: RecruitingProfile = {
  heightIn: null, weightLb: null, dominantHand: '', dominantFoot: '', satScore: null, satTakenOn: null, actScore: null,
  actTakenOn: null, ncaaId: '', intendedMajor: '', transcript: null, updatedAt: null,
};

/**
 * The current athlete's measurables and academics, for whoever sees their recruiting; those who edit it
 * change them here. Hidden when the caller does not see recruiting.
 */
export function MeasurablesCard() {
  const { athlete } = useCurrentAthlete();
  const athleteId = athlete?.id ?? 0;
  const profile = useRecruitingProfileQuery(athleteId);
  const list = useMeasurablesQuery(athleteId, profile.data != null);
  const remove = useDeleteMeasurableMutation(athleteId);
  const [editingProfile, setEditingProfile] = useState(false);
  const [dialog, setDialog] = useState<{ opened: boolean; item: Measurable | null }>({ opened: false, item: null });
  if (!athlete || profile.data === null || profile.isError) return null;
  const canEdit = athlete.permissions.edit;
  const askFoot = (list.data?.catalogue ?? []).some((s) => s.foot && list.data?.plays.includes(s.sport));
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={t.title}>
      <Stack gap="sm">
        <div>
          <Title order={2} fz="h4">
            {t.title}
          </Title>
          <Text size="sm" c="dimmed">
            {t.athlete(athlete.name)} · {t.hint}
          </Text>
        </div>
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} fz="h5">
            {t.body} & {t.academics.toLowerCase()}
          </Title>
          {canEdit && profile.data && (
            <Button variant="light" size="xs" leftSection={<IconPencil size={14} aria-hidden />} onClick={() => setEditingProfile(true)}>
              {t.edit}
            </Button>
          )}
        </Group>
        {profile.data ? <Facts profile={profile.data} gpa={athlete.gpa} /> : <Skeleton height={80} />}
        <Divider />
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} fz="h5">
            {t.measurables}
          </Title>
          {canEdit && list.data && (
            <Button variant="light" size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => setDialog({ opened: true, item: null })}>
              {t.add}
            </Button>
          )}
        </Group>
        {list.isError && (
          <Text size="sm" c="red">
            {t.loadFailed}
          </Text>
        )}
        {list.isPending && <Skeleton height={60} />}
        {list.data && list.data.measurables.length === 0 && (
          <Text size="sm" c="dimmed">
            {t.none}
          </Text>
        )}
        {list.data && list.data.measurables.length > 0 && (
          <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {list.data.measurables.map((m) => (
              <Row
                key={m.id}
                m={m}
                canEdit={canEdit}
                onEdit={() => setDialog({ opened: true, item: m })}
                onDelete={() => window.confirm(t.deleteLabel(m.label, day(m.measuredOn)) + '?') && remove.mutate(m.id)}
              />
            ))}
          </Stack>
        )}
      </Stack>
      <ProfileFormDialog
        opened={editingProfile}
        onClose={() => setEditingProfile(false)}
        athleteId={athleteId}
        profile={profile.data ?? noProfile}
        askFoot={askFoot}
      />
      {list.data && (
        <MeasurableFormDialog
          opened={dialog.opened}
          onClose={() => setDialog((d) => ({ ...d, opened: false }))}
          athleteId={athleteId}
          list={list.data}
          item={dialog.item}
        />
      )}
    </Card>
  );
}
