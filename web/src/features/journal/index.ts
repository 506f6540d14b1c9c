// The journal's public entry: the dashboard's latest entries and new-entry dialog, and what the family
// circle needs to list shared entries. Anything not exported here is the feature's own.
export { fetchJournalPage, journalUrls, type JournalEntry } from './api';
export { EntryFormModal } from './components/EntryFormModal';
export { JournalEntryCompact } from './components/JournalEntryCompact';
export { entryDateLabel } from './entryRules';
export { useLatestEntriesQuery } from './queries';
export { journalText } from './strings';
