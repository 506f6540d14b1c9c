import { Badge, Button, Card, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconAdjustments, IconChecklist, IconTrash } from '@tabler/icons-react';
import type { FamilyMember } from '../api';
import { accessLevelLabels, membersText as t, relationshipLabels } from '../strings';
import { MemberIdentity } from './MemberIdentity';
import { MemberStatusBadge } from './MemberStatusBadge';
import { usePhoneLayout } from '../../../lib/usePhoneLayout';

/** What the owner and admins can do to a row; absent for a read-only viewer. */
export interface MemberActions {
  onChangeAccess: (member: FamilyMember) => void;
  onRemove: (member: FamilyMember) => void;
  onChooseShared: (member: FamilyMember) => void;
}

interface MembersTableProps {
  members: FamilyMember[];
  actions?: MemberActions;
  /** The signed-in user's id, to mark their own row. */
  currentUserId?: number;
}

const relationshipOf = (m: FamilyMember) => relationshipLabels[m.relationship] ?? m.relationship;
const accessOf = (m: FamilyMember) => accessLevelLabels[m.accessLevel] ?? m.accessLevel;

/**
 * "Who's in The Loop": Name, Relationship, Access Level, Status and, for those who manage the circle,
 * Change Access and Remove (plus 'Choose shared items' for a limited member). Stacked cards on a phone.
 */
export function MembersTable(props: MembersTableProps) {
  return usePhoneLayout() ? <MemberCards {...props} /> : <MemberRows {...props} />;
}

function MemberRows({ members, actions, currentUserId }: MembersTableProps) {
  return (
    <Card withBorder radius="md" padding={0}>
      <Table.ScrollContainer minWidth={actions ? 720 : 480} type="native">
        <Table verticalSpacing="sm" highlightOnHover style={{ whiteSpace: 'nowrap' }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.columnName}</Table.Th>
              <Table.Th>{t.columnRelationship}</Table.Th>
              <Table.Th>{t.columnAccess}</Table.Th>
              <Table.Th>{t.columnStatus}</Table.Th>
              {actions && <Table.Th>{t.columnActions}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {members.map((member) => (
              <Table.Tr key={member.id} aria-label={member.name}>
                <Table.Td>
                  <NameCell member={member} currentUserId={currentUserId} />
                </Table.Td>
                <Table.Td>{relationshipOf(member)}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {accessOf(member)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <MemberStatusBadge isActive={member.isActive} />
                </Table.Td>
                {actions && (
                  <Table.Td>
                    <RowActions member={member} actions={actions} />
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function MemberCards({ members, actions, currentUserId }: MembersTableProps) {
  return (
    <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {members.map((member) => (
        <Paper key={member.id} component="li" withBorder radius="md" p="sm" aria-label={member.name}>
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <NameCell member={member} currentUserId={currentUserId} detail={`${relationshipOf(member)} · ${accessOf(member)}`} />
            <MemberStatusBadge isActive={member.isActive} />
          </Group>
          {actions && (
            <Group mt="sm">
              <RowActions member={member} actions={actions} wrap />
            </Group>
          )}
        </Paper>
      ))}
    </Stack>
  );
}

interface NameCellProps {
  member: FamilyMember;
  currentUserId?: number;
  detail?: string;
}

function NameCell({ member, currentUserId, detail }: NameCellProps) {
  return (
    <Group gap="xs" wrap="nowrap" miw={0}>
      <MemberIdentity member={member} detail={detail} />
      {currentUserId !== undefined && member.userId === currentUserId && (
        <Badge size="xs" variant="outline" radius="sm" tt="none" style={{ flexShrink: 0 }}>
          {t.you}
        </Badge>
      )}
    </Group>
  );
}

/** Change Access and Remove line up on every row; a limited member's 'Choose shared items' comes last. */
function RowActions({ member, actions, wrap = false }: { member: FamilyMember; actions: MemberActions; wrap?: boolean }) {
  return (
    <Group gap="xs" wrap={wrap ? 'wrap' : 'nowrap'} role="group" aria-label={t.memberActions(member.name)}>
      <Button size="xs" variant="light" leftSection={<IconAdjustments size={14} />} onClick={() => actions.onChangeAccess(member)}>
        {t.changeAccess}
      </Button>
      <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={() => actions.onRemove(member)}>
        {t.remove}
      </Button>
      {member.accessLevel === 'limited' && (
        <Button size="xs" variant="light" color="gray" leftSection={<IconChecklist size={14} />} onClick={() => actions.onChooseShared(member)}>
          {t.chooseShared}
        </Button>
      )}
    </Group>
  );
}
