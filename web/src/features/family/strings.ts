import { PRODUCT_NAME, labels } from '../../lib/messages';
import type { AccessLevel, PrivacyChoice, RecruitingPrivacyChoice, Relationship } from './api';

// User-visible text of the family circle ("In the Loop"), its dialogs and the invitation page. Strings
// quoted by the spec (or by the issue that specifies these screens) are marked "spec"; keep those
// exactly as written.

export const relationshipLabels: Record<Relationship, string> = {
  parent: 'Parent',
  sibling: 'Sibling',
  grandparent: 'Grandparent',
  relative: 'Relative',
  coach: 'Coach',
  friend: 'Friend',
  other: 'Other',
};

export const accessLevelLabels: Record<AccessLevel, string> = {
  admin: 'Admin',
  editor: 'Editor',
  viewer: 'Viewer',
  limited: 'Limited',
};

/** The 'Access Levels Explained' card (spec section 6). */
export const accessLevelDescriptions: Record<AccessLevel, string> = {
  admin: 'View all content, invite new members, manage settings.', // spec
  editor: 'View and edit all content, cannot manage the family circle.', // spec
  viewer: 'View only.', // spec
  limited: 'View only selected content explicitly shared.', // spec
};

export const cardText = {
  title: 'In the Loop',
  addToLoop: 'Add to The Loop', // spec
  manageAccess: 'Manage access settings', // spec
  viewAll: 'View family circle',
  membersLabel: 'Members',
  noMembers: 'No family members yet',
  emptyHint: 'Invite family, coaches and friends to follow along.',
  emptyHintReadOnly: 'Family members the athlete invites will show here.',
  noProfileHint: 'Create an athlete profile, then invite family, coaches and friends to follow along.',
  pendingCount: (n: number) => (n === 1 ? '1 pending invitation' : `${n} pending invitations`),
  moreMembers: (n: number) => `+${n} more`,
  loadFailed: "We couldn't load the family circle.",
  retry: 'Try again',
} as const;

export const statusText = {
  active: 'Active', // spec
  pending: 'Pending', // spec
} as const;

export const pageText = {
  title: 'In the Loop',
  subtitle: (athleteName: string) => `The family, coaches and friends following ${athleteName}'s journey.`,
  readOnlyNote: 'Only the athlete’s owner and admins can invite members or change access.',
  tabMembers: "Who's in The Loop", // spec
  tabPending: 'Pending Invitations', // spec
  tabSettings: 'Access Settings', // spec
  noProfileTitle: 'Create an athlete profile to start your family circle',
  noProfileText: 'The family circle belongs to an athlete. Create the profile on your dashboard, then come back to invite.',
  loadFailed: "We couldn't load the family circle. Please try again.",
} as const;

export const membersText = {
  columnName: 'Name', // spec
  columnRelationship: 'Relationship', // spec
  columnAccess: 'Access Level', // spec
  columnStatus: 'Status', // spec
  columnActions: 'Actions',
  changeAccess: 'Change Access', // spec
  remove: 'Remove', // spec
  chooseShared: 'Choose shared items', // spec (issue)
  confirmRemove: 'Are you sure you want to remove this member from your family circle?', // spec
  noMembers: cardText.noMembers,
  noMembersHint: 'Invite family, coaches and friends with Add to The Loop.',
  memberActions: (name: string) => `Actions for ${name}`,
  you: 'You',
} as const;

export const pendingText = {
  columnName: 'Name', // spec
  columnEmail: 'Email', // spec
  columnInvitedOn: 'Invited On', // spec
  columnActions: 'Actions',
  resend: 'Resend', // spec
  cancel: 'Cancel', // spec
  noEmail: 'No e-mail',
  noEmailTip: 'Without an e-mail, copy the invitation link and send it yourself.',
  copyLink: 'Copy invitation link',
  linkMaking: 'Making the link',
  linkTitle: (name: string) => `Invitation link for ${name}`,
  linkHelp: (name: string) =>
    `Send this link to ${name} in a message, or let them scan the code from your screen. It works once, and any link you made before for them stops working.`,
  linkExpires: (date: string) => `The link works until ${date}.`,
  copy: 'Copy',
  copied: 'Copied',
  qrAlt: (name: string) => `QR code of the invitation link for ${name}`,
  linkFailed: 'The link could not be made',
  // A member added without an e-mail was never sent a link, so neither text may mention one.
  confirmCancel: (name: string, emailed: boolean) =>
    emailed ? `Cancel the invitation to ${name}? Their link will stop working.` : `Cancel the invitation to ${name}? They leave the pending list.`,
  none: 'No pending invitations',
  noneHint: 'Invitations you send stay here until they are accepted.',
  emailSending: 'Sending e-mail…',
  emailSent: 'E-mail sent',
  emailFailed: 'e-mail not sent: copy the link instead', // issue 30
  // The server's reason says what to do (resend, or copy the link when the server has no e-mail service).
  emailFailedTip: (reason: string) => reason || 'The invitation e-mail could not be sent. Resend to try again.',
} as const;

export const settingsText = {
  title: 'Privacy settings',
  description: 'Choose who in the family circle sees each kind of content. Access levels still apply.',
  journal: 'Journal Entries', // spec (issue)
  media: 'Media', // spec (issue)
  stats: 'Stats', // spec (issue)
  milestones: 'Milestones', // spec (issue)
  recruiting: 'Recruiting', // spec (issue)
  recruitingIncludes: 'Events, college interests and the checklist too',
  save: 'Save Privacy Settings', // spec
  privateEntriesNote: 'Journal entries marked private stay yours alone, whatever these settings say.',
} as const;

export const privacyChoiceLabels: Record<RecruitingPrivacyChoice, string> = {
  family: 'Family circle', // spec (issue)
  private: 'Only me', // spec (issue)
  coaches: 'Coaches only', // spec (issue)
};

export const privacyChoiceOrder: PrivacyChoice[] = ['family', 'private'];
export const recruitingChoiceOrder: RecruitingPrivacyChoice[] = ['family', 'coaches', 'private'];

export const levelsCardText = {
  title: 'Access Levels Explained', // spec
  subtitle: 'What each member can see and do',
} as const;

export const inviteText = {
  dialogTitle: 'Invite Member', // spec
  name: 'Name',
  namePlaceholder: 'Grandma Rose',
  email: 'Email',
  emailPlaceholder: 'rose@example.com',
  emailDescription: 'Optional',
  relationship: 'Relationship',
  relationshipPlaceholder: 'Select a relationship',
  accessLevel: 'Access Level',
  emailWillBeSent: (email: string) => `An invitation e-mail will be sent to ${email} with a link to join.`,
  noEmailNote: 'Add an e-mail to send them an invitation link. Without one, they are listed as pending.',
  cancel: 'Cancel',
  submit: 'Add to The Loop', // spec
} as const;

export const changeAccessText = {
  dialogTitle: 'Change Access Level', // spec
  description: (name: string) => `Choose what ${name} can see and do.`,
  accessLevel: 'Access Level',
  cancel: 'Cancel',
  save: 'Save',
} as const;

export const sharesText = {
  dialogTitle: 'Choose shared items',
  description: (name: string) => `${name} has limited access: they see only what is ticked here.`,
  statsTitle: 'Sports stats',
  statsLabel: 'Share the stats section',
  statsDescription: 'Games, seasons and trends, as the stats privacy setting allows.',
  sectionsTitle: 'Whole sections',
  milestonesLabel: 'Share the milestones',
  milestonesDescription: 'The Legacy Timeline, as the milestones privacy setting allows.',
  recruitingLabel: 'Share recruiting',
  recruitingDescription: 'Events, college interests and the checklist, as the recruiting privacy setting allows.',
  journalTitle: 'Journal entries',
  mediaTitle: 'Media',
  noEntries: 'No journal entries yet',
  noMedia: 'No media yet',
  privateEntry: 'Private — make it visible to family to share it',
  loadFailed: "We couldn't load what can be shared. Please try again.",
  cancel: 'Cancel',
  save: 'Save',
} as const;

export const invitationText = {
  pageTitle: "You're invited",
  summary: (inv: { invitedBy: string; athleteName: string; relationship: string; accessLevel: string }) =>
    `${inv.invitedBy} invited you to follow ${inv.athleteName}'s journey on ${PRODUCT_NAME} as ${inv.relationship} (${inv.accessLevel} access)`, // spec (issue)
  signInPrompt: 'Sign in or create an account to accept.',
  signedInAs: (email: string) => `Signed in as ${email}.`,
  invitedPerson: (name: string, email: string | null) => (email ? `This invitation is for ${name} (${email}).` : `This invitation is for ${name}.`),
  forSomeoneElse: 'This invitation is for another address',
  otherAccount: (invited: string, signedIn: string) =>
    `It was sent to ${invited}, and you are signed in as ${signedIn}. To accept it, sign out, then sign in or create an account with ${invited}; or ask the family for a new link.`,
  signOut: 'Sign out',
  accept: 'Accept invitation', // spec (issue)
  tabSignIn: 'Sign In',
  tabCreateAccount: 'Create Account',
  email: 'Email',
  emailPlaceholder: 'you@example.com',
  password: 'Password',
  passwordHint: 'At least 8 characters, with an uppercase letter, a lowercase letter and a number',
  confirmPassword: 'Confirm Password',
  firstName: 'First Name',
  lastName: 'Last Name',
  signIn: 'Sign In',
  createAccount: 'Create Account',
  invitedAddressHint: 'Your account takes the address this invitation was sent to; opening the link confirmed it.',
  notValid: 'This invitation link is not valid', // spec (API)
  alreadyMember: 'You are already in this family circle', // spec (API)
  unavailableTitle: 'This invitation can’t be used',
  loadFailed: "We couldn't load this invitation. Please try again.",
  retry: 'Try again',
  goHome: 'Go to homepage',
  goToDashboard: labels.goToDashboard,
} as const;

/** Toasts: title and message. The spec's wording is the title; the message adds what it leaves out. */
export const familyToasts = {
  validation: { title: 'Validation Error', message: 'Please fill all required fields' }, // spec
  added: { title: 'Success', message: (name: string) => `${name} Added to The Loop` }, // spec
  addFailed: { title: 'Failed to add to The Loop', fallback: 'Please try again.' }, // spec title
  accessUpdated: {
    title: 'Access level updated successfully', // spec
    message: (name: string, level: string) => `${name} now has ${level} access.`,
  },
  accessFailed: { title: 'Failed to update access level', fallback: 'Please try again.' }, // spec title
  removed: { title: 'Member removed successfully', message: (name: string) => `${name}'s access has ended.` }, // spec title
  removeFailed: { title: 'Failed to remove member', fallback: 'Please try again.' }, // spec title
  resent: { title: 'Invitation resent', message: (name: string) => `A new link is on its way to ${name}; the old one no longer works.` }, // spec (issue) title
  resendFailed: { title: 'Failed to resend invitation', fallback: 'Please try again.' },
  cancelled: {
    title: 'Invitation cancelled', // spec (issue) title
    message: (name: string, emailed: boolean) =>
      emailed ? `The link sent to ${name} no longer works.` : `${name} is no longer on the pending list.`,
  },
  cancelFailed: { title: 'Failed to cancel invitation', fallback: 'Please try again.' },
  privacySaved: { title: 'Privacy settings saved', message: 'The family circle sees content by these settings now.' }, // spec (issue) title
  privacyFailed: { title: 'Failed to save privacy settings', fallback: 'Please try again.' }, // spec (issue) title
  sharesSaved: { title: 'Shared items saved', message: (name: string) => `${name} now sees the items you chose.` },
  sharesFailed: { title: 'Failed to save shared items', fallback: 'Please try again.' },
  welcome: { title: 'Welcome to The Loop', message: (athleteName: string) => `You can now follow ${athleteName}.` }, // spec (issue)
  acceptFailed: { title: 'Failed to accept invitation', fallback: 'Please try again.' },
} as const;
