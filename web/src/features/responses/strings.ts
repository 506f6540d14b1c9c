import { COMMENT_MAX_LENGTH } from './api';

// User-visible text of comments and reactions. Strings the API answers (its 400 messages) are marked
// "API"; the client says the same before sending.

const count = (n: number) => n.toLocaleString('en-US');

export const responsesText = {
  reactionsLabel: 'Reactions',
  /** A reaction button's name: the emoji, and how many reacted with it. */
  react: (emoji: string, n: number) => (n > 0 ? `React with ${emoji} (${count(n)})` : `React with ${emoji}`),
  /** The comments toggle: how many, or an invitation when there are none. */
  comments: (n: number) => (n === 0 ? 'Comment' : `${count(n)} ${n === 1 ? 'comment' : 'comments'}`),
  listLabel: 'Comments',
  loading: 'Loading comments',
  loadFailed: "We couldn't load the comments. Please try again.",
  none: 'No comments yet. Be the first to say something.',
  showMore: 'Show more comments',
  writeLabel: 'Write a comment',
  writePlaceholder: 'Write a comment…',
  post: 'Post',
  edited: '(edited)',
  edit: 'Edit',
  editLabel: 'Edit comment',
  editFieldLabel: 'Edit your comment',
  save: 'Save',
  cancel: 'Cancel',
  delete: 'Delete',
  deleteLabel: (author: string) => `Delete comment by ${author}`,
  confirmDelete: 'Delete this comment? This cannot be undone.',
  /** Shown once a comment nears the limit. */
  length: (n: number) => `${count(n)} / ${count(COMMENT_MAX_LENGTH)}`,
} as const;

/** A comment's body is refused by the server with these (400, errors.body); the client checks the first itself. */
export const commentValidation = {
  empty: 'Write a comment first', // API
  tooLong: 'A comment is at most 2,000 characters', // API
} as const;

/** Toasts: title and fallback message (the server's own message is shown when it sends one). */
export const responsesToasts = {
  reactionFailed: { title: 'Failed to save your reaction', fallback: 'Please try again.' },
  postFailed: { title: 'Failed to post comment', fallback: 'Please try again.' },
  editFailed: { title: 'Failed to save comment', fallback: 'Please try again.' },
  deleteFailed: { title: 'Failed to delete comment', fallback: 'Please try again.' },
} as const;
