import {
  IconBell,
  IconChartBar,
  IconCreditCard,
  IconLayoutDashboard,
  IconNotebook,
  IconPhoto,
  IconSchool,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import { activityText } from '../../features/activity';

export interface NavItem {
  label: string;
  to: string;
  icon: Icon;
  /** The link carries the count of what is new for the current athlete (What's new). */
  showsUnread?: boolean;
}

/** The signed-in navigation bar, in the spec's order (section 2, "Navigation bar"), with What's new after the Dashboard. */
export const navItems: NavItem[] = [
  { label: 'Dashboard', to: '/dashboard', icon: IconLayoutDashboard },
  { label: activityText.pageTitle, to: '/activity', icon: IconBell, showsUnread: true },
  { label: 'Journal', to: '/journal', icon: IconNotebook },
  { label: 'Media Library', to: '/media', icon: IconPhoto },
  { label: 'In the Loop', to: '/family', icon: IconUsersGroup },
  { label: 'Stats', to: '/stats', icon: IconChartBar },
  { label: 'Recruiting', to: '/recruiting', icon: IconSchool },
  { label: 'Subscription', to: '/subscription', icon: IconCreditCard },
];
