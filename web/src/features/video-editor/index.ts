// The video editor's front door: its dialog, which the media page loads as a chunk of its own.
export { VideoEditorDialog } from './components/VideoEditorDialog';
