import {
  IconBell,
  IconCalendarEvent,
  IconChartBar,
  IconCreditCard,
  IconFlag,
  IconLayoutDashboard,
  IconNotebook,
  IconPhoto,
  IconSchool,
  IconStar,
  IconTrophy,
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
  /** Shown as its icon alone where the bar is narrowest (768 to 992 px), so the row fits. */
  compact?: boolean;
  /** A line under the label, in a group's menu: what the page holds. */
  description?: string;
}

/** Links gathered under one entry (a menu on a desktop, a fold in the phone menu), so the bar stays one row. */
export interface NavGroup {
  label: string;
  icon: Icon;
  items: NavItem[];
}

export type NavEntry = NavItem | NavGroup;

export const isNavGroup = (entry: NavEntry): entry is NavGroup => 'items' in entry;

/** Whether the page at pathname is one of the group's: its entry then shows as the current one. */
export const groupHolds = (group: NavGroup, pathname: string) => group.items.some((item) => item.to === pathname);

/**
 * Milestones, Events and Showcase were reachable only from dashboard cards (issue 33). Together under one
 * entry: the moments of a season worth keeping and showing.
 */
const highlightsGroup: NavGroup = {
  label: 'Highlights',
  icon: IconStar,
  items: [
    { label: 'Milestones', to: '/milestones', icon: IconFlag, description: 'The legacy timeline' },
    { label: 'Events', to: '/events', icon: IconCalendarEvent, description: 'Games, camps and visits' },
    { label: 'Showcase', to: '/showcase', icon: IconTrophy, description: 'Achievements, QR code, public page' },
  ],
};

/**
 * The signed-in navigation bar, in the spec's order (section 2, "Navigation bar"), with What's new after the
 * Dashboard and Highlights after the athlete's own content (journal and media).
 */
export const navEntries: NavEntry[] = [
  { label: 'Dashboard', to: '/dashboard', icon: IconLayoutDashboard },
  { label: activityText.pageTitle, to: '/activity', icon: IconBell, showsUnread: true, compact: true },
  { label: 'Journal', to: '/journal', icon: IconNotebook },
  { label: 'Media Library', to: '/media', icon: IconPhoto },
  highlightsGroup,
  { label: 'In the Loop', to: '/family', icon: IconUsersGroup },
  { label: 'Stats', to: '/stats', icon: IconChartBar },
  { label: 'Recruiting', to: '/recruiting', icon: IconSchool },
  { label: 'Subscription', to: '/subscription', icon: IconCreditCard },
];
