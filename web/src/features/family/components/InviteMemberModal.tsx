import { useState } from 'react';
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconMail } from '@tabler/icons-react';
import { Dialog } from '../../../components/Dialog';
import { validEmail } from '../../auth';
import { RELATIONSHIPS, type AccessLevel, type FamilyMember, type InviteInput, type Relationship } from '../api';
import { useInviteMemberMutation } from '../queries';
import { accessLevelOptions } from '../familyRules';
import { familyToasts, inviteText as t, relationshipLabels } from '../strings';
import { InviteLinkModal } from './InviteLinkModal';

export interface InviteMemberModalProps {
  opened: boolean;
  onClose: () => void;
  athleteId: number;
}

export const relationshipOptions = RELATIONSHIPS.map((value) => ({ value, label: relationshipLabels[value] }));

/**
 * 'Invite Member': name, relationship and access level required; e-mail optional (an invitation is
 * mailed). A member added without e-mail, or when the server sends no e-mail, is handed over by link:
 * the link dialog opens at once, instead of "Added" and a wait for an e-mail that never leaves.
 */
export function InviteMemberModal({ opened, onClose, athleteId }: InviteMemberModalProps) {
  const [byLink, setByLink] = useState<FamilyMember | null>(null);
  if (byLink) {
    const unsent = byLink.invitationEmail?.status === 'failed' ? byLink.invitationEmail.statusReason : undefined;
    return (
      <InviteLinkModal
        member={byLink}
        note={unsent}
        onClose={() => {
          setByLink(null);
          onClose();
        }}
      />
    );
  }
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={t.dialogTitle}
      radius="md"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <InviteMemberForm
        athleteId={athleteId}
        onAdded={(member) => (!member.email || member.invitationEmail?.status === 'failed' ? setByLink(member) : onClose())}
        onCancel={onClose}
      />
    </Dialog>
  );
}

interface InviteValues {
  name: string;
  email: string;
  relationship: string | null;
  accessLevel: string | null;
}

interface InviteMemberFormProps {
  athleteId: number;
  onAdded: (member: FamilyMember) => void;
  onCancel: () => void;
}

function InviteMemberForm({ athleteId, onAdded, onCancel }: InviteMemberFormProps) {
  const invite = useInviteMemberMutation();
  const form = useForm<InviteValues>({
    initialValues: { name: '', email: '', relationship: null, accessLevel: 'viewer' },
  });
  const email = form.values.email.trim();

  const submit = (values: InviteValues) => {
    const name = values.name.trim();
    const emailValue = values.email.trim();
    // The spec has one toast for all three required fields, so the missing ones are only outlined.
    form.setErrors({
      name: name ? null : true,
      relationship: values.relationship ? null : true,
      accessLevel: values.accessLevel ? null : true,
      email: emailValue ? validEmail(emailValue) : null,
    });
    if (!name || !values.relationship || !values.accessLevel) {
      notifications.show({ title: familyToasts.validation.title, message: familyToasts.validation.message, color: 'red' });
      return;
    }
    if (emailValue && validEmail(emailValue)) return;
    const input: InviteInput = {
      name,
      relationship: values.relationship as Relationship,
      accessLevel: values.accessLevel as AccessLevel,
      ...(emailValue ? { email: emailValue } : {}),
    };
    invite.mutate({ athleteId, input }, { onSuccess: onAdded });
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <TextInput label={t.name} required placeholder={t.namePlaceholder} data-autofocus {...form.getInputProps('name')} />
        <TextInput
          label={t.email}
          type="email"
          autoComplete="off"
          description={t.emailDescription}
          placeholder={t.emailPlaceholder}
          {...form.getInputProps('email')}
        />
        <Select
          label={t.relationship}
          required
          placeholder={t.relationshipPlaceholder}
          data={relationshipOptions}
          {...form.getInputProps('relationship')}
        />
        <Select
          label={t.accessLevel}
          required
          data={accessLevelOptions}
          allowDeselect={false}
          {...form.getInputProps('accessLevel')}
        />
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconMail size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm" c="dimmed">
            {email ? t.emailWillBeSent(email) : t.noEmailNote}
          </Text>
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={invite.isPending}>
            {t.cancel}
          </Button>
          <Button type="submit" loading={invite.isPending}>
            {t.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
