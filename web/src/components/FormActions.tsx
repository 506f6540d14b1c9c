import { Button, Group } from '@mantine/core';

/** A dialog form's Cancel and submit buttons, right-aligned; Cancel is off while saving. */
export function FormActions({ cancel, submit, onCancel, pending }: { cancel: string; submit: string; onCancel: () => void; pending: boolean }) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={pending}>
        {cancel}
      </Button>
      <Button type="submit" loading={pending}>
        {submit}
      </Button>
    </Group>
  );
}
