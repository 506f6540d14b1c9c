import { useState } from 'react';
import { Badge, Button, Card, Group, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconLink, IconMailForward, IconMailOff, IconX } from '@tabler/icons-react';
import { EmptyNote } from '../../../components/EmptyNote';
import { isWorking } from '../../../lib/jobStatus';
import type { FamilyMember } from '../api';
import { invitedOnLabel } from '../familyRules';
import { useCancelInvitationMutation, useResendInvitationMutation } from '../queries';
import { pendingText as t } from '../strings';
import { InviteLinkModal } from './InviteLinkModal';
import { MemberIdentity } from './MemberIdentity';
import { usePhoneLayout } from '../../../lib/usePhoneLayout';

/**
 * 'Pending Invitations': Name, Email, Invited On, Resend (a new link; the old one stops working), Copy
 * invitation link (a link to hand over, the only way in without an e-mail) and Cancel (the link stops
 * working and the row leaves the list). Without an e-mail there is nothing to resend. Stacked cards on a phone.
 */
export function PendingInvitationsTable({ invitations }: { invitations: FamilyMember[] }) {
  const phone = usePhoneLayout();
  if (invitations.length === 0) {
    return <EmptyNote icon={<IconMailOff size={22} />} title={t.none} description={t.noneHint} />;
  }
  if (phone) {
    return (
      <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {invitations.map((member) => (
          <Paper key={member.id} component="li" withBorder radius="md" p="sm" aria-label={member.name}>
            <MemberIdentity member={member} detail={member.email ?? t.noEmail} />
            <InvitationEmailBadge member={member} />
            <Group justify="space-between" mt="sm" gap="xs">
              <Text size="xs" c="dimmed">
                {t.columnInvitedOn} {invitedOnLabel(member)}
              </Text>
              <InvitationActions member={member} />
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Card withBorder radius="md" padding={0}>
      <Table.ScrollContainer minWidth={640} type="native">
        <Table verticalSpacing="sm" highlightOnHover style={{ whiteSpace: 'nowrap' }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.columnName}</Table.Th>
              <Table.Th>{t.columnEmail}</Table.Th>
              <Table.Th>{t.columnInvitedOn}</Table.Th>
              <Table.Th>{t.columnActions}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invitations.map((member) => (
              <Table.Tr key={member.id} aria-label={member.name}>
                <Table.Td>
                  <MemberIdentity member={member} />
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" c={member.email ? undefined : 'dimmed'}>
                      {member.email ?? t.noEmail}
                    </Text>
                    <InvitationEmailBadge member={member} />
                  </Group>
                </Table.Td>
                <Table.Td>{invitedOnLabel(member)}</Table.Td>
                <Table.Td>
                  <InvitationActions member={member} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

/** Whether the invitation e-mail went out: a failed one says why, so the family knows to resend. */
function InvitationEmailBadge({ member }: { member: FamilyMember }) {
  const email = member.invitationEmail;
  if (!email || email.status === 'none') return null;
  if (isWorking(email.status)) {
    return (
      <Badge size="sm" variant="light" color="gray">
        {t.emailSending}
      </Badge>
    );
  }
  if (email.status === 'ready') {
    return (
      <Badge size="sm" variant="light" color="teal">
        {t.emailSent}
      </Badge>
    );
  }
  return (
    <Tooltip label={t.emailFailedTip(email.statusReason)} multiline w={260} withArrow>
      <Badge size="sm" variant="light" color="red" tabIndex={0} aria-description={t.emailFailedTip(email.statusReason)}>
        {t.emailFailed}
      </Badge>
    </Tooltip>
  );
}

function InvitationActions({ member }: { member: FamilyMember }) {
  const resend = useResendInvitationMutation();
  const cancel = useCancelInvitationMutation();
  const [linkOpen, setLinkOpen] = useState(false);
  const confirmCancel = () => {
    if (window.confirm(t.confirmCancel(member.name, !!member.email))) cancel.mutate(member);
  };
  return (
    <Group gap="xs" wrap="nowrap">
      <Tooltip label={t.noEmailTip} disabled={!!member.email} withArrow>
        {/* A disabled button fires no pointer events; the span carries the tooltip. */}
        <span>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconMailForward size={14} />}
            disabled={!member.email}
            loading={resend.isPending}
            onClick={() => resend.mutate(member)}
          >
            {t.resend}
          </Button>
        </span>
      </Tooltip>
      <Button size="xs" variant="light" leftSection={<IconLink size={14} />} onClick={() => setLinkOpen(true)}>
        {t.copyLink}
      </Button>
      {linkOpen && <InviteLinkModal member={member} onClose={() => setLinkOpen(false)} />}
      <Button size="xs" variant="subtle" color="red" leftSection={<IconX size={14} />} loading={cancel.isPending} onClick={confirmCancel}>
        {t.cancel}
      </Button>
    </Group>
  );
}
