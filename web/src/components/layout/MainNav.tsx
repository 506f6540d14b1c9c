import { lazy, Suspense } from 'react';
import { Group } from '@mantine/core';
import { NavLink, useLocation } from 'react-router';
import { UnreadCountBadge, useUnreadActivity, withUnread } from '../../features/activity';
import { ErrorBoundary } from '../ErrorBoundary';
import classes from './layout.module.css';
import { groupHolds, isNavGroup, navEntries, type NavGroup, type NavItem } from './navLinks';
import { NavGroupTrigger } from './NavGroupTrigger';

// Mantine's Menu stays out of the first script (docs/PERFORMANCE.md, "Web bundle").
const NavGroupMenu = lazy(() => import('./NavGroupMenu').then((m) => ({ default: m.NavGroupMenu })));

/**
 * A group's entry: its trigger at once, the menu when its code is there. If that code cannot be downloaded
 * (the connection dropped), the group's pages show as plain links instead.
 */
function GroupEntry({ group }: { group: NavGroup }) {
  const { pathname } = useLocation();
  const trigger = <NavGroupTrigger group={group} active={groupHolds(group, pathname)} />;
  return (
    <ErrorBoundary fallback={() => group.items.map((item) => <BarLink key={item.to} item={item} />)}>
      <Suspense fallback={trigger}>
        <NavGroupMenu group={group} />
      </Suspense>
    </ErrorBoundary>
  );
}

function BarLink({ item, count = 0 }: { item: NavItem; count?: number }) {
  const { label, to, icon: Icon, compact } = item;
  // A compact link's label is hidden on narrow bars, so it is named here.
  const name = count > 0 ? withUnread(label, count) : compact ? label : undefined;
  return (
    <NavLink to={to} className={classes.navLink} aria-label={name}>
      <Icon size={16} stroke={1.6} aria-hidden className={compact ? classes.navIconCompact : classes.navIcon} />
      {compact ? <span className={classes.navLabelCompact}>{label}</span> : label}
      <UnreadCountBadge count={count} />
    </NavLink>
  );
}

/** Desktop navigation (768 px and wider): a row of links under the top bar, the current one underlined. */
export function MainNav() {
  const unread = useUnreadActivity();
  return (
    <Group component="nav" aria-label="Main" gap={2} wrap="nowrap" style={{ overflowX: 'auto' }}>
      {navEntries.map((entry) =>
        isNavGroup(entry) ? (
          <GroupEntry key={entry.label} group={entry} />
        ) : (
          <BarLink key={entry.to} item={entry} count={entry.showsUnread ? unread : 0} />
        ),
      )}
    </Group>
  );
}
