import { lazy, Suspense, useState } from 'react';
import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconActivity, IconLogout, IconUser } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useLogoutMutation, type User } from '../../features/auth';
import { userAvatarLetter } from '../../lib/format';
import { labels } from '../../lib/messages';

const SignOutQuestion = lazy(() => import('../../features/journal').then((m) => ({ default: m.SignOutQuestion })));

/** The avatar menu titled "My Account": Profile and Log out ("Logging out..." while the call runs). */
export function UserMenu({ user }: { user: User }) {
  const navigate = useNavigate();
  const logout = useLogoutMutation();
  const [opened, setOpened] = useState(false);
  // Journal entries still waiting on this device are this account's: signing out asks before dropping them
  // (issue 34). Their code could not be fetched (offline): they stay on the device, for this account only.
  const [unsent, setUnsent] = useState(0);
  const requestSignOut = () => {
    void import('../../features/journal')
      .then((journal) => journal.unsentEntryCount(user.id))
      .catch(() => 0)
      .then((count) => {
        if (count === 0) return logout.mutate();
        setOpened(false);
        setUnsent(count);
      });
  };
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ');

  return (
    <>
      <Menu position="bottom-end" width={240} shadow="md" withArrow opened={opened} onChange={setOpened}>
        <Menu.Target>
          <UnstyledButton aria-label="Open account menu" style={{ borderRadius: '50%' }}>
            <Avatar src={user.profileImageUrl ?? undefined} alt={fullName || user.email} radius="xl" color="navy" variant="filled">
              {userAvatarLetter(user)}
            </Avatar>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{labels.accountMenu}</Menu.Label>
          <Text px="sm" pb="xs" size="sm" fw={600} truncate="end">
            {fullName || user.email}
          </Text>
          {fullName && (
            <Text px="sm" pb="xs" mt={-6} size="xs" c="dimmed" truncate="end">
              {user.email}
            </Text>
          )}
          <Menu.Divider />
          <Menu.Item leftSection={<IconUser size={16} />} onClick={() => navigate('/profile')}>
            Profile
          </Menu.Item>
          {user.isOperator && (
            <Menu.Item leftSection={<IconActivity size={16} />} onClick={() => navigate('/ops')}>
              Operations
            </Menu.Item>
          )}
          <Menu.Item
            color="red"
            leftSection={<IconLogout size={16} />}
            // Stay open so the "Logging out..." state is visible until the session is cleared.
            closeMenuOnClick={false}
            disabled={logout.isPending}
            onClick={requestSignOut}
          >
            {logout.isPending ? labels.loggingOut : 'Log out'}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {unsent > 0 && (
        <Suspense fallback={null}>
          <SignOutQuestion
            accountId={user.id}
            count={unsent}
            onStay={() => setUnsent(0)}
            onSignOut={() => {
              setUnsent(0);
              logout.mutate();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
