// The journal's front door: the /journal page, the dashboard's latest entries and new-entry dialog, and
// what the family circle needs to list shared entries. Anything not exported here is the feature's own.
export { fetchJournalPage, journalUrls, type JournalEntry, type JournalPrompt, type JournalStats } from './api';
export { EntryFormModal } from './components/dialogs';
export { JournalBrowser } from './components/JournalBrowser';
export { JournalEntryCompact } from './components/JournalEntryCompact';
export { entryDateLabel } from './entryRules';
export { useLatestEntriesQuery } from './queries';
export { journalText } from './strings';
export { QueuedEntryList } from './components/QueuedEntryList';
export { JournalOutboxSender, SignOutQuestion, unsentEntryCount } from './components/SignOutGuard';
