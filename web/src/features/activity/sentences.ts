import type { Activity, ActivityItemType } from './api';

// The feed's rows in plain words. Kept apart from strings.ts, which the navigation brings into the app's
// first script: these are read by the page only.

/** What a media item is called, by its media type. */
const mediaNouns: Record<string, string> = { image: 'photo', video: 'video', audio: 'recording', pdf: 'document' };

/** What an item is called in a sentence, without its title. */
function itemNoun(itemType: ActivityItemType, mediaType: string | undefined): string {
  if (itemType === 'media') return mediaNouns[mediaType ?? ''] ?? 'file';
  return { journal: 'journal entry', milestone: 'milestone', achievement: 'achievement', recruiting: 'coach link' }[itemType];
}

/** The item a sentence names: its title in quotes, or "a photo" / "an achievement" when it has none. */
function itemName(activity: Activity): string {
  const title = activity.title.trim();
  if (title) return `“${title}”`;
  const noun = itemNoun(activity.itemType, activity.mediaType);
  return `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;
}

/**
 * A row of the feed in plain words: "Grandma Rose commented on “First pitch”: Look at that swing!",
 * "Ana Lee reacted 👏 to “First pitch”", "New photo: “First pitch”". Without a name, the name is left out.
 */
export function activitySentence(activity: Activity): string {
  const who = activity.actorName.trim();
  const item = itemName(activity);
  switch (activity.kind) {
    case 'comment': {
      const said = who ? `${who} commented on ${item}` : `New comment on ${item}`;
      return activity.excerpt ? `${said}: ${activity.excerpt}` : said;
    }
    case 'coach_link':
      // The title is "Coach Diaz · State University".
      return `${activity.title} opened your recruiting link`;
    case 'reaction': {
      const emoji = activity.emoji ? ` ${activity.emoji}` : '';
      return who ? `${who} reacted${emoji} to ${item}` : `New reaction${emoji} to ${item}`;
    }
    default: {
      const noun = itemNoun(activity.itemType, activity.mediaType);
      const what = `New ${noun}`;
      return activity.title.trim() ? `${what}: ${item}` : what;
    }
  }
}

/**
 * Who added an item, for the line under its sentence; a comment's or reaction's sentence names them
 * already, and an item that does not say who added it has no line.
 */
export function addedBy(activity: Activity): string | null {
  if (activity.kind === 'comment' || activity.kind === 'reaction' || activity.kind === 'coach_link') return null;
  return activity.actorName.trim() || null;
}
