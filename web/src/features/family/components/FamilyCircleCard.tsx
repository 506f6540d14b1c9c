import type { Athlete } from '../../../lib/currentAthlete';
import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { EmptyNote } from '../../../components/EmptyNote';
import { PanelLink } from '../../../components/PanelLink';
import { SectionCard } from '../../../components/SectionCard';
import type { FamilyMember } from '../api';
import { DASHBOARD_MEMBER_COUNT, canManageCircle, pendingMembers } from '../familyRules';
import { useFamilyCircleQuery } from '../queries';
import { accessLevelLabels, cardText as t, relationshipLabels } from '../strings';
import { InviteMemberModal } from './dialogs';
import { MemberIdentity } from './MemberIdentity';
import { MemberStatusBadge } from './MemberStatusBadge';

interface FamilyCircleCardProps {
  /** The athlete whose circle is shown; null when the user has no athlete profile yet. */
  athlete: Athlete | null;
  loading?: boolean;
}

/**
 * The dashboard's In the Loop card: members with relationship, access level and status, the pending
 * count, and for the owner and admins 'Add to The Loop' (the Invite Member dialog) and a link to the
 * page's access settings.
 */
export function FamilyCircleCard({ athlete, loading = false }: FamilyCircleCardProps) {
  const circle = useFamilyCircleQuery(athlete?.id);
  const [inviting, setInviting] = useState(false);
  const manage = canManageCircle(athlete);
  const members = circle.data ?? [];
  const pending = pendingMembers(members).length;

  const addButton = manage && (
    <Button size="xs" variant="light" leftSection={<IconUserPlus size={14} />} onClick={() => setInviting(true)}>
      {t.addToLoop}
    </Button>
  );

  let body: ReactNode;
  if (loading || (athlete && circle.isPending)) {
    body = <CardSkeleton />;
  } else if (!athlete) {
    body = <EmptyNote icon={<IconUserPlus size={22} />} title={t.noMembers} description={t.noProfileHint} />;
  } else if (circle.isError) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle />} title={t.loadFailed}>
        <Button size="xs" variant="white" color="red" onClick={() => void circle.refetch()}>
          {t.retry}
        </Button>
      </Alert>
    );
  } else if (members.length === 0) {
    body = (
      <EmptyNote
        icon={<IconUserPlus size={22} />}
        title={t.noMembers}
        description={manage ? t.emptyHint : t.emptyHintReadOnly}
        action={addButton || undefined}
      />
    );
  } else {
    body = <MemberList members={members} pending={pending} manage={manage} addButton={addButton || null} />;
  }

  return (
    <SectionCard title={t.title} icon={<IconUsers size={20} />}>
      {body}
      {athlete && manage && <InviteMemberModal opened={inviting} onClose={() => setInviting(false)} athleteId={athlete.id} />}
    </SectionCard>
  );
}

interface MemberListProps {
  members: FamilyMember[];
  pending: number;
  manage: boolean;
  addButton: ReactNode;
}

function MemberList({ members, pending, manage, addButton }: MemberListProps) {
  const shown = members.slice(0, DASHBOARD_MEMBER_COUNT);
  const more = members.length - shown.length;
  return (
    <Stack gap="sm">
      {pending > 0 && (
        <Text size="sm" c="dimmed" data-testid="pending-count">
          {t.pendingCount(pending)}
        </Text>
      )}
      <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t.membersLabel}>
        {shown.map((member) => (
          <Group key={member.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
            <MemberIdentity
              member={member}
              detail={`${relationshipLabels[member.relationship] ?? member.relationship} · ${accessLevelLabels[member.accessLevel] ?? member.accessLevel}`}
            />
            <MemberStatusBadge isActive={member.isActive} />
          </Group>
        ))}
      </Stack>
      {more > 0 && (
        <Text size="xs" c="dimmed">
          {t.moreMembers(more)}
        </Text>
      )}
      <Group justify="space-between" gap="sm" mt="xs">
        {manage ? (
          <>
            {addButton}
            <PanelLink to="/family?tab=settings">{t.manageAccess}</PanelLink>
          </>
        ) : (
          <PanelLink to="/family">{t.viewAll}</PanelLink>
        )}
      </Group>
    </Stack>
  );
}

function CardSkeleton() {
  return (
    <Stack gap="sm" aria-hidden>
      {[0, 1, 2].map((i) => (
        <Group key={i} gap="sm" wrap="nowrap">
          <Skeleton circle height={36} />
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton height={10} width="60%" />
            <Skeleton height={8} width="40%" />
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}
