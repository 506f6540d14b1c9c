import { describe, expect, it } from 'vitest';
import { emailShareUrl, facebookShareUrl, sharePageUrl, twitterShareUrl } from './shareLinks';

const page = sharePageUrl('https://legacylocker.app', '/share/Ab3xY9');
const item = { title: 'Walk-off double & win', athleteName: 'Jordan Rivera' };

describe('share targets', () => {
  it('all carry the page URL', () => {
    expect(page).toBe('https://legacylocker.app/share/Ab3xY9');

    const tweet = new URL(twitterShareUrl(page, item));
    expect(tweet.origin + tweet.pathname).toBe('https://twitter.com/intent/tweet');
    expect(tweet.searchParams.get('url')).toBe(page);
    expect(tweet.searchParams.get('text')).toBe('Walk-off double & win — Jordan Rivera on Legacy Locker');

    const facebook = new URL(facebookShareUrl(page));
    expect(facebook.origin + facebook.pathname).toBe('https://www.facebook.com/sharer/sharer.php');
    expect(facebook.searchParams.get('u')).toBe(page);
  });

  it('prefills the e-mail with spaces encoded as %20, not +', () => {
    const mail = emailShareUrl(page, item);
    expect(mail.startsWith('mailto:?subject=')).toBe(true);
    expect(mail).not.toContain('+');
    const params = new URLSearchParams(mail.slice('mailto:?'.length));
    expect(params.get('subject')).toBe('Walk-off double & win — Jordan Rivera on Legacy Locker');
    expect(params.get('body')).toContain(page);
  });
});
