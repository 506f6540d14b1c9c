// User-visible text of "What's new", written once. The navigation's label and count put this module in
// the app's first script (docs/PERFORMANCE.md, "Web bundle"); the page's short labels ride along, and the
// sentences of the feed's rows, read by the page only, are built in sentences.ts.

export const activityText = {
  pageTitle: "What's new",
  pageSubtitle: 'What the family added and said lately, newest first.',
  familySubtitle: (name: string) => `What the family added and said about ${name} lately, newest first.`,
  empty: 'Nothing new yet',
  emptyHint: 'New journal entries, photos, milestones and achievements show up here, with the family’s comments.',
  loadFailed: "We couldn't load what's new. Please try again.",
  noProfileTitle: 'Create an athlete profile first',
  noProfileText: "What's new follows an athlete. Create the profile on the dashboard, then come back.",
  /** Read by screen readers before an unread row (the dot and bold type say it to the eye). */
  unread: 'Unread',
  justNow: 'just now',
  addedBy: (name: string) => `Added by ${name}`,
} as const;

/** The unread count as a badge shows it: the server counts to 100, the badge says 99+ beyond 99. */
export function unreadCountLabel(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** A navigation entry's (or the menu button's) accessible name with its unread count: "What's new, 3 unread". */
export function withUnread(label: string, count: number): string {
  return count > 0 ? `${label}, ${unreadCountLabel(count)} unread` : label;
}
