import type { ComponentPropsWithRef } from 'react';
import { IconChevronDown } from '@tabler/icons-react';
import classes from './layout.module.css';
import type { NavGroup } from './navLinks';

type NavGroupTriggerProps = ComponentPropsWithRef<'button'> & { group: NavGroup; active: boolean };

/**
 * A group's entry in the desktop bar, looking like its links and underlined while one of its pages is open.
 * Its own file: the bar shows it at once, while the menu it opens (Mantine's Menu) is a lazy chunk.
 */
export function NavGroupTrigger({ group, active, className, ...button }: NavGroupTriggerProps) {
  const Icon = group.icon;
  return (
    <button type="button" {...button} className={[classes.navLink, classes.navGroupTrigger, className].filter(Boolean).join(' ')} data-active={active || undefined}>
      <Icon size={16} stroke={1.6} aria-hidden className={classes.navIcon} />
      {group.label}
      <IconChevronDown size={14} stroke={1.8} aria-hidden className={classes.navChevron} />
    </button>
  );
}
