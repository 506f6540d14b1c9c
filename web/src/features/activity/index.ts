// What's new's front door: the /activity page's feed, and the unread count the navigation shows beside
// its link. Anything not exported here is the feature's own.
export type { Activity } from './api';
export { ActivityFeed } from './components/ActivityFeed';
export { UnreadCountBadge } from './components/UnreadCountBadge';
export { activityKeys, useUnreadActivity } from './queries';
export { activityText, unreadCountLabel, withUnread } from './strings';
