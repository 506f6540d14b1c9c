import { apiRequest } from '../../lib/api';

// Types and calls for family comments and reactions on an item (a journal entry, a media item, a
// milestone, an achievement), as written in docs/API.md ("Comments and reactions"). Anyone who may view
// an item may respond to it, family members who may not edit it included.

/** The kinds of item people respond to, named as their URL prefix names them: `/api/{type}/{id}`. */
export type ItemType = 'journal' | 'media' | 'milestones' | 'achievements';

/** One item: what the calls below are about. */
export interface ItemRef {
  itemType: ItemType;
  itemId: number;
}

/** The reactions the server takes, in the order the bar shows them (any other emoji is refused, 400). */
export const REACTION_EMOJI = ['❤️', '👏', '🔥', '💪', '😂', '😮'] as const;

export type ReactionEmoji = (typeof REACTION_EMOJI)[number];

/** An item's reactions: how many of each emoji, and the caller's own (one per person per item). */
export interface Reactions {
  counts: Record<string, number>;
  mine: string | null;
}

/**
 * What an item's answer says about its responses. Both fields are optional on the item types (answers
 * from before comments lack them); a card reads absent as no comments and no reactions.
 */
export interface ResponseSummary {
  commentCount: number;
  reactions: Reactions;
}

export interface Comment {
  id: number;
  /** Plain text: shown as text, its line breaks kept, never as HTML or links. */
  body: string;
  authorName: string;
  /** RFC 3339. */
  createdAt: string;
  updatedAt: string;
  edited: boolean;
  /** The caller wrote it: only its author may edit it. */
  mine: boolean;
  /** Its author, or the athlete's owner or an admin of the family circle. */
  canDelete: boolean;
}

/** The server's limit on a comment's body (400 above it). */
export const COMMENT_MAX_LENGTH = 2000;

export const responseUrls = {
  item: ({ itemType, itemId }: ItemRef) => `/api/${itemType}/${itemId}`,
  /** Oldest first, a page at a time (X-Next-Cursor, lib/pages). */
  comments: (item: ItemRef) => `${responseUrls.item(item)}/comments`,
  comment: (id: number) => `/api/comments/${id}`,
  reaction: (item: ItemRef) => `${responseUrls.item(item)}/reaction`,
} as const;

export const postComment = (item: ItemRef, body: string) => apiRequest<Comment>('POST', responseUrls.comments(item), { body });
/** Only its author may (403 for anyone else). */
export const updateComment = (id: number, body: string) => apiRequest<Comment>('PUT', responseUrls.comment(id), { body });
export const deleteComment = (id: number) => apiRequest<void>('DELETE', responseUrls.comment(id));
/** Sets or changes the caller's reaction; answers the item's reactions as they now are. */
export const setReaction = (item: ItemRef, emoji: string) => apiRequest<Reactions>('PUT', responseUrls.reaction(item), { emoji });
export const removeReaction = (item: ItemRef) => apiRequest<Reactions>('DELETE', responseUrls.reaction(item));
