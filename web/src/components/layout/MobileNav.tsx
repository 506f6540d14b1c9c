import { useState } from 'react';
import { Drawer, NavLink as MantineNavLink, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { UnreadCountBadge, useUnreadActivity, withUnread } from '../../features/activity';
import { AthleteSwitcher } from './AthleteSwitcher';
import { BrandLogo } from './BrandLogo';
import { groupHolds, isNavGroup, navEntries, type NavGroup, type NavItem } from './navLinks';

interface MobileNavProps {
  opened: boolean;
  onClose: () => void;
}

const linkStyles = { root: { borderRadius: 'var(--mantine-radius-md)' }, label: { fontSize: 'var(--mantine-font-size-md)' } };

function DrawerLink({ item, unread, onClose }: { item: NavItem; unread: number; onClose: () => void }) {
  const { pathname } = useLocation();
  const { label, to, icon: Icon, showsUnread } = item;
  return (
    <MantineNavLink
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
      styles={linkStyles}
    />
  );
}

/** A group folded into one line, so the menu stays short; open from the start when one of its pages is. */
function DrawerGroup({ group, onClose }: { group: NavGroup; onClose: () => void }) {
  const { pathname } = useLocation();
  const [opened, setOpened] = useState(() => groupHolds(group, pathname));
  const Icon = group.icon;
  return (
    <MantineNavLink
      component="button"
      type="button"
      label={group.label}
      leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
      opened={opened}
      onChange={setOpened}
      aria-expanded={opened}
      childrenOffset={20}
      styles={linkStyles}
    >
      {group.items.map((item) => (
        <DrawerLink key={item.to} item={item} unread={0} onClose={onClose} />
      ))}
    </MantineNavLink>
  );
}

/** Under 768 px the navigation links live in this slide-out side menu (spec section 2), with the athlete switcher. */
export function MobileNav({ opened, onClose }: MobileNavProps) {
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
        {navEntries.map((entry) =>
          isNavGroup(entry) ? (
            <DrawerGroup key={entry.label} group={entry} onClose={onClose} />
          ) : (
            <DrawerLink key={entry.to} item={entry} unread={unread} onClose={onClose} />
          ),
        )}
      </Stack>
    </Drawer>
  );
}
