import { Drawer, NavLink as MantineNavLink, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { UnreadCountBadge, useUnreadActivity, withUnread } from '../../features/activity';
import { AthleteSwitcher } from './AthleteSwitcher';
import { BrandLogo } from './BrandLogo';
import { navItems } from './navLinks';

interface MobileNavProps {
  opened: boolean;
  onClose: () => void;
}

/** Under 768 px the navigation links live in this slide-out side menu (spec section 2), with the athlete switcher. */
export function MobileNav({ opened, onClose }: MobileNavProps) {
  const { pathname } = useLocation();
  const unread = useUnreadActivity();

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      size={288}
      padding="md"
      title={<BrandLogo onClick={onClose} />}
      closeButtonProps={{ 'aria-label': 'Close navigation' }}
      hiddenFrom="sm"
    >
      <AthleteSwitcher withLabel onSwitch={onClose} />
      <Stack component="nav" aria-label="Main" gap={4} mt="xs">
        {navItems.map(({ label, to, icon: Icon, showsUnread }) => (
          <MantineNavLink
            key={to}
            component={Link}
            to={to}
            label={label}
            aria-label={showsUnread && unread > 0 ? withUnread(label, unread) : undefined}
            leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
            rightSection={showsUnread ? <UnreadCountBadge count={unread} /> : undefined}
            active={pathname === to}
            aria-current={pathname === to ? 'page' : undefined}
            onClick={onClose}
            variant="light"
            styles={{ root: { borderRadius: 'var(--mantine-radius-md)' }, label: { fontSize: 'var(--mantine-font-size-md)' } }}
          />
        ))}
      </Stack>
    </Drawer>
  );
}
