import { useState, type FormEvent } from 'react';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { Dialog } from '../../../components/Dialog';
import type { AccessLevel, FamilyMember } from '../api';
import { useChangeAccessMutation } from '../queries';
import { accessLevelDescriptions, changeAccessText as t } from '../strings';
import { accessLevelOptions } from '../familyRules';

interface ChangeAccessModalProps {
  /** The member being changed; null keeps the dialog closed. */
  member: FamilyMember | null;
  onClose: () => void;
}

/** 'Change Access Level': one select among admin, editor, viewer and limited. */
export function ChangeAccessModal({ member, onClose }: ChangeAccessModalProps) {
  return (
    <Dialog
      opened={member !== null}
      onClose={onClose}
      title={t.dialogTitle}
      radius="md"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {member && <ChangeAccessForm key={member.id} member={member} onDone={onClose} />}
    </Dialog>
  );
}

function ChangeAccessForm({ member, onDone }: { member: FamilyMember; onDone: () => void }) {
  const [level, setLevel] = useState<AccessLevel>(member.accessLevel);
  const change = useChangeAccessMutation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (level === member.accessLevel) return onDone();
    change.mutate({ member, accessLevel: level }, { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t.description(member.name)}</Text>
        <Select
          label={t.accessLevel}
          data={accessLevelOptions}
          value={level}
          onChange={(value) => value && setLevel(value as AccessLevel)}
          allowDeselect={false}
          description={accessLevelDescriptions[level]}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={change.isPending}>
            {t.cancel}
          </Button>
          <Button type="submit" loading={change.isPending}>
            {t.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
