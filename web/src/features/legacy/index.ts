export { DeleteSection } from './components/DeleteSection';
export { ExportCard } from './components/ExportCard';
