// The media library's front door: the /media page's library, its item type and lists for the areas that
// show media (dashboard, family circle, showcase, video editor, uploads, reels), its counts, an item's
// preview, and the calls that add to it or share from it. Anything not exported here is the feature's own.
export { createMediaShare, mediaUrls, type MediaItem, type MediaSummary } from './api';
export { copyLink } from './components/copyLink';
export { MediaLibrary } from './components/MediaLibrary';
export { PreviewDialog } from './components/PreviewDialog';
export { ShareQuestionDialog } from './components/ShareQuestion';
export { PAGE_BACKGROUND, pictureFit, shareLink, summaryParts } from './mediaRules';
export { addMediaItem, invalidateMedia, useMediaItem, useMediaPages, useMediaSummary, useMediaUsage, useRecentMedia } from './queries';
export { mediaToasts, mediaTypeLabels } from './strings';
