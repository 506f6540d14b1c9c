import { PRODUCT_NAME } from '../../lib/messages';
import type { SharedMedia } from './api';

// The external share targets (spec: a Twitter-like intent, a Facebook-like sharer and a prefilled
// e-mail), each carrying the page URL. Pure functions, so the encoding is tested on its own.

type Shared = Pick<SharedMedia, 'title' | 'athleteName'>;

/** The page's own address without query or hash: what every target carries. */
export function sharePageUrl(origin: string, pathname: string): string {
  return `${origin}${pathname}`;
}

function shareText(item: Shared): string {
  return item.athleteName ? `${item.title} — ${item.athleteName} on ${PRODUCT_NAME}` : `${item.title} on ${PRODUCT_NAME}`;
}

export function twitterShareUrl(pageUrl: string, item: Shared): string {
  const params = new URLSearchParams({ url: pageUrl, text: shareText(item) });
  return `https://twitter.com/intent/tweet?${params.toString()}`;
}

export function facebookShareUrl(pageUrl: string): string {
  return `https://www.facebook.com/sharer/sharer.php?${new URLSearchParams({ u: pageUrl }).toString()}`;
}

/**
 * mailto: with subject and body. encodeURIComponent, not URLSearchParams: mail clients read "+" in a
 * mailto as a plus sign, not a space.
 */
export function emailShareUrl(pageUrl: string, item: Shared): string {
  const subject = shareText(item);
  const body = `I wanted to share this with you: ${item.title}\n\n${pageUrl}`;
  return `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
