// The legacy's front door: "Download everything" and the deletions, for the profile page.
export { DeleteSection } from './components/DeleteSection';
export { ExportAllButton } from './components/ExportAllButton';
export { ExportCard } from './components/ExportCard';
