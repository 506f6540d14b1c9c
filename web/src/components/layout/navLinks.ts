import {
  IconChartBar,
  IconCreditCard,
  IconLayoutDashboard,
  IconNotebook,
  IconPhoto,
  IconSchool,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';

export interface NavItem {
  label: string;
  to: string;
  icon: Icon;
}

/** The signed-in navigation bar, in the spec's order (section 2, "Navigation bar"). */
export const navItems: NavItem[] = [
  { label: 'Dashboard', to: '/dashboard', icon: IconLayoutDashboard },
  { label: 'Journal', to: '/journal', icon: IconNotebook },
  { label: 'Media Library', to: '/media', icon: IconPhoto },
  { label: 'In the Loop', to: '/family', icon: IconUsersGroup },
  { label: 'Stats', to: '/stats', icon: IconChartBar },
  { label: 'Recruiting', to: '/recruiting', icon: IconSchool },
  { label: 'Subscription', to: '/subscription', icon: IconCreditCard },
];
