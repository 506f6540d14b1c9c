// What's new's front door: the unread count the navigation shows beside its link. Anything not exported
// here is the feature's own.
export type { Activity } from './api';
export { UnreadCountBadge } from './components/UnreadCountBadge';
export { activityKeys, useUnreadActivity } from './queries';
export { activityText, unreadCountLabel, withUnread } from './strings';
