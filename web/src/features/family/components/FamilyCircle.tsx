import type { Athlete } from '../../../lib/currentAthlete';
import { useState } from 'react';
import { Alert, Button, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { LoadError } from '../../../components/LoadError';
import { useUser } from '../../auth';
import type { FamilyMember } from '../api';
import { canManageCircle, pendingMembers } from '../familyRules';
import { useFamilyCircleQuery, useRemoveMemberMutation } from '../queries';
import { cardText, membersText, pageText as t } from '../strings';
import { AccessLevelsCard } from './AccessLevelsCard';
import { ChangeAccessModal } from './ChangeAccessModal';
import { InviteMemberModal } from './dialogs';
import { MembersTable, type MemberActions } from './MembersTable';
import { PendingInvitationsTable } from './PendingInvitationsTable';
import { PrivacySettingsForm } from './PrivacySettingsForm';
import { SharedItemsModal } from './SharedItemsModal';
import phoneTabs from '../../../components/PhoneTabs.module.css';

/** The page's tabs; ?tab= picks one (the dashboard's 'Manage access settings' opens settings). */
const TABS = ['members', 'pending', 'settings'] as const;
type Tab = (typeof TABS)[number];

const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

/**
 * The /family page for one athlete. The owner and admins (permissions.manageCircle) get the three tabs
 * and every action; anyone else reads the members list.
 */
export function FamilyCircle({ athlete }: { athlete: Athlete }) {
  const manage = canManageCircle(athlete);
  const circle = useFamilyCircleQuery(athlete.id);
  const [inviting, setInviting] = useState(false);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={1} fz={{ base: 28, sm: 34 }}>
            {t.title}
          </Title>
          <Text c="dimmed">{t.subtitle(athlete.name)}</Text>
        </Stack>
        {manage && (
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => setInviting(true)}>
            {cardText.addToLoop}
          </Button>
        )}
      </Group>
      {circle.isPending ? (
        <Skeleton height={280} radius="md" />
      ) : circle.isError ? (
        <LoadError message={t.loadFailed} onRetry={() => void circle.refetch()} />
      ) : manage ? (
        <ManagedCircle athleteId={athlete.id} members={circle.data} />
      ) : (
        <ReadOnlyCircle members={circle.data} />
      )}
      <AccessLevelsCard />
      {manage && <InviteMemberModal opened={inviting} onClose={() => setInviting(false)} athleteId={athlete.id} />}
    </Stack>
  );
}

function ReadOnlyCircle({ members }: { members: FamilyMember[] }) {
  const { user } = useUser();
  return (
    <Stack gap="md">
      <Alert variant="light" color="navy" icon={<IconInfoCircle size={18} />} p="sm">
        <Text size="sm">{t.readOnlyNote}</Text>
      </Alert>
      {members.length === 0 ? (
        <EmptyNote icon={<IconUsers size={22} />} title={membersText.noMembers} description={cardText.emptyHintReadOnly} />
      ) : (
        <MembersTable members={members} currentUserId={user?.id} />
      )}
    </Stack>
  );
}

function ManagedCircle({ athleteId, members }: { athleteId: number; members: FamilyMember[] }) {
  const { user } = useUser();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'members';
  const [changing, setChanging] = useState<FamilyMember | null>(null);
  const [sharing, setSharing] = useState<FamilyMember | null>(null);
  const remove = useRemoveMemberMutation();
  const pending = pendingMembers(members);

  const selectTab = (value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value && value !== 'members') next.set('tab', value);
        else next.delete('tab');
        return next;
      },
      { replace: true },
    );

  const actions: MemberActions = {
    onChangeAccess: setChanging,
    onChooseShared: setSharing,
    onRemove: (member) => {
      if (window.confirm(membersText.confirmRemove)) remove.mutate(member);
    },
  };

  return (
    <>
      <Tabs value={tab} onChange={selectTab} keepMounted={false} classNames={phoneTabs}>
        <Tabs.List mb="md">
          <Tabs.Tab value="members">{t.tabMembers}</Tabs.Tab>
          <Tabs.Tab value="pending" rightSection={pending.length > 0 ? <CountBadge n={pending.length} /> : undefined}>
            {t.tabPending}
          </Tabs.Tab>
          <Tabs.Tab value="settings">{t.tabSettings}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="members">
          {members.length === 0 ? (
            <EmptyNote icon={<IconUsers size={22} />} title={membersText.noMembers} description={membersText.noMembersHint} />
          ) : (
            <MembersTable members={members} actions={actions} currentUserId={user?.id} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="pending">
          <PendingInvitationsTable invitations={pending} />
        </Tabs.Panel>
        <Tabs.Panel value="settings">
          <PrivacySettingsForm athleteId={athleteId} />
        </Tabs.Panel>
      </Tabs>
      <ChangeAccessModal member={changing} onClose={() => setChanging(null)} />
      <SharedItemsModal member={sharing} onClose={() => setSharing(null)} />
    </>
  );
}

function CountBadge({ n }: { n: number }) {
  return (
    <Text component="span" size="xs" fw={700} c="yellow.9" bg="yellow.1" px={6} style={{ borderRadius: 999 }} aria-label={cardText.pendingCount(n)}>
      {n}
    </Text>
  );
}
