import { Avatar, Badge, Group, Select, Text } from '@mantine/core';
import { IconCheck, IconUsers } from '@tabler/icons-react';
import { useCurrentAthlete } from '../../lib/currentAthlete';
import { accessText as t } from '../../lib/messages';

interface AthleteSwitcherProps {
  /** Show the label above the field (the drawer); the header's top bar has no room, so there it is for screen readers. */
  withLabel?: boolean;
  /** After a switch, e.g. to close the drawer so the page that changed is in view. */
  onSwitch?: () => void;
}

/**
 * Chooses the athlete every page shows, for someone who belongs to more than one (their own and a
 * family's); nothing for everyone else. Athletes that are not the user's own carry their role.
 */
export function AthleteSwitcher({ withLabel = false, onSwitch }: AthleteSwitcherProps) {
  const { athlete, athletes, setCurrentAthleteId } = useCurrentAthlete();
  if (!athlete || athletes.length < 2) return null;
  const roleOf = new Map(athletes.map((a) => [String(a.id), a.role]));
  const photoOf = new Map(athletes.map((a) => [String(a.id), a.photoSmallUrl ?? null]));

  return (
    <Select
      label={withLabel ? t.switcherLabel : undefined}
      aria-label={withLabel ? undefined : t.switcherLabel}
      data={athletes.map((a) => ({ value: String(a.id), label: a.name }))}
      value={String(athlete.id)}
      onChange={(value) => {
        if (value === null) return;
        setCurrentAthleteId(Number(value));
        onSwitch?.();
      }}
      allowDeselect={false}
      leftSection={<IconUsers size={16} aria-hidden />}
      renderOption={({ option, checked }) => {
        const role = roleOf.get(option.value);
        return (
          <Group gap="xs" justify="space-between" wrap="nowrap" w="100%">
            {/* A custom option loses the Select's own check mark: draw it, so the current athlete stands out. */}
            <Group gap={6} wrap="nowrap" miw={0}>
              <IconCheck size={14} aria-hidden style={{ flexShrink: 0, visibility: checked ? 'visible' : 'hidden' }} />
              {photoOf.get(option.value) && <Avatar src={photoOf.get(option.value)} alt="" size={22} radius="xl" style={{ flexShrink: 0 }} />}
              <Text size="sm" truncate>
                {option.label}
              </Text>
            </Group>
            {role && role !== 'owner' && (
              <Badge size="xs" variant="light" color="gray" style={{ flexShrink: 0 }}>
                {t.roles[role]}
              </Badge>
            )}
          </Group>
        );
      }}
      comboboxProps={{ width: 260, position: 'bottom-end' }}
      w={withLabel ? '100%' : 200}
    />
  );
}
