import { Avatar, Group, Stack, Text } from '@mantine/core';
import { initials } from '../../../lib/format';
import type { FamilyMember } from '../api';

interface MemberIdentityProps {
  member: FamilyMember;
  /** A second line under the name (relationship and access on the dashboard card). */
  detail?: string;
}

/** Avatar (initials fallback) and name, with an optional detail line. */
export function MemberIdentity({ member, detail }: MemberIdentityProps) {
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <Avatar src={member.profileImageUrl} radius="xl" size={36} color="navy" alt="">
        {initials(member.name)}
      </Avatar>
      <Stack gap={0} miw={0}>
        <Text size="sm" fw={600} truncate>
          {member.name}
        </Text>
        {detail && (
          <Text size="xs" c="dimmed" truncate>
            {detail}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
