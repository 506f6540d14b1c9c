import { Group } from '@mantine/core';
import { NavLink } from 'react-router';
import { UnreadCountBadge, useUnreadActivity, withUnread } from '../../features/activity';
import classes from './layout.module.css';
import { navItems } from './navLinks';

/** Desktop navigation (768 px and wider): a row of links under the top bar, the current one underlined. */
export function MainNav() {
  const unread = useUnreadActivity();
  return (
    <Group component="nav" aria-label="Main" gap={4} wrap="nowrap" style={{ overflowX: 'auto' }}>
      {navItems.map(({ label, to, icon: Icon, showsUnread }) => {
        const count = showsUnread ? unread : 0;
        return (
          <NavLink key={to} to={to} className={classes.navLink} aria-label={count > 0 ? withUnread(label, count) : undefined}>
            <Icon size={16} stroke={1.6} aria-hidden className={classes.navIcon} />
            {label}
            <UnreadCountBadge count={count} />
          </NavLink>
        );
      })}
    </Group>
  );
}
