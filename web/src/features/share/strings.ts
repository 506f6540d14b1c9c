// User-visible text of the public share page (/share/:shareCode). Strings quoted by the spec (or by the
// issue that specifies this page) are marked "spec"; keep those exactly as written. The copy-link toasts
// are in lib/messages.ts (toasts.linkCopied, toasts.copyFailed).

export const shareText = {
  previewUnavailable: 'Media preview not available', // spec
  sharedBy: (athleteName: string) => `Shared from ${athleteName}'s legacy`,
  shareHeading: 'Share',
  twitter: 'Share on Twitter',
  facebook: 'Share on Facebook',
  email: 'Share by e-mail',
  copyLink: 'Copy Link', // spec
  familyCircle: 'Share with Family Circle', // spec
  notFoundTitle: 'Share link not found',
  notFound: "This share link doesn't exist or has been turned off.", // spec (issue)
  notFoundHint: 'Ask the person who sent it for a new link.',
  loadFailedTitle: "We couldn't load this shared media",
  loadFailed: 'Please check your connection and try again.',
  retry: 'Try again',
  backHome: 'Back to Home',
  ctaTitle: 'Start your own athlete’s legacy',
  ctaText:
    'Keep journals, photos, videos and milestones in one private place, shared only with the family and ' +
    'coaches you choose. Create your own account.',
  ctaButton: 'Get Early Access',
  loading: 'Loading shared media',
} as const;
