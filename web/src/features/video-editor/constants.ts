// The video editor's numbers (spec sections 2 and 9, and the API's limits), written once.

/** The trim range slider's step, in seconds (spec: trim step 0.1 s). */
export const TRIM_STEP_SECONDS = 0.1;
/** The server refuses clips shorter than this (docs/API.md: 400 `Invalid time range`). */
export const MIN_CLIP_SECONDS = 0.5;

/** A horizontal swipe across the full width of the video seeks this far (spec: swipe seek 15 s). */
export const SWIPE_SEEK_MAX_SECONDS = 15;
/** A swipe shows where it would seek once it has moved past this share of the width (spec: 5%). */
export const SWIPE_PREVIEW_FRACTION = 0.05;
/** A swipe seeks when released past this share of the width… (spec: 10%) */
export const SWIPE_COMMIT_FRACTION = 0.1;
/** …within this long of the finger going down (spec: 300 ms). */
export const SWIPE_COMMIT_WINDOW_MS = 300;
/** Two taps closer than this in time… (spec: double tap under 300 ms) */
export const DOUBLE_TAP_MS = 300;
/** …and in distance toggle play (spec: under 30 px apart). */
export const DOUBLE_TAP_DISTANCE_PX = 30;
/** A touch that moves less than this is a tap, not the start of a swipe. */
export const TAP_MOVE_TOLERANCE_PX = 10;

/** How often a running highlight detection is polled. */
export const HIGHLIGHTS_POLL_INTERVAL_MS = 1500;
/** Spec section 9: the social share toast lasts 10 s. */
export const SOCIAL_SHARE_TOAST_MS = 10_000;
