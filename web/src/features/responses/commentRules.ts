import { COMMENT_MAX_LENGTH } from './api';
import { commentValidation } from './strings';

/** How near the limit a comment is before its length shows (90%). */
export const LENGTH_SHOWN_FROM = Math.floor(COMMENT_MAX_LENGTH * 0.9);

/**
 * What is wrong with a comment's body before it is sent, as the server would say it; undefined when it
 * may be sent. Lengths are counted as the field's maxLength counts them (UTF-16 units), which never
 * lets through more characters than the server takes.
 */
export function commentProblem(body: string): string | undefined {
  if (body.trim() === '') return commentValidation.empty;
  if (body.length > COMMENT_MAX_LENGTH) return commentValidation.tooLong;
  return undefined;
}
