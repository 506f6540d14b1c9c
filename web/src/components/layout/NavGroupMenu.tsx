import { Menu } from '@mantine/core';
import { NavLink, useLocation } from 'react-router';
import classes from './layout.module.css';
import { groupHolds, type NavGroup } from './navLinks';
import { NavGroupTrigger } from './NavGroupTrigger';

/** A group of the desktop bar: its entry opens a menu of its pages, each with a line on what it holds. */
export function NavGroupMenu({ group }: { group: NavGroup }) {
  const { pathname } = useLocation();
  return (
    <Menu position="bottom-start" width={280} shadow="md" offset={2}>
      <Menu.Target>
        <NavGroupTrigger group={group} active={groupHolds(group, pathname)} />
      </Menu.Target>
      <Menu.Dropdown>
        {group.items.map(({ label, to, icon: Icon, description }) => (
          <Menu.Item key={to} component={NavLink} to={to} className={classes.navMenuItem} leftSection={<Icon size={18} stroke={1.6} aria-hidden />}>
            <span style={{ display: 'block', fontWeight: 500 }}>{label}</span>
            {/* The space: the item's name reads "Milestones The legacy timeline", not one run-on word. */}
            {description && (
              <>
                {' '}
                <span style={{ display: 'block', fontSize: 'var(--mantine-font-size-xs)', color: 'var(--mantine-color-dimmed)' }}>{description}</span>
              </>
            )}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
