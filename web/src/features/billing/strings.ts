// Every string of the subscription page. "spec" marks text the product spec fixes; keep it exactly.

export const billingText = {
  heading: 'Choose Your Plan', // spec
  free: 'Free', // spec
  perMonth: '/month',
  mostPopular: 'Most Popular', // spec
  currentPlan: 'Current Plan', // spec
  selectPlan: 'Select Plan', // spec
  getStarted: 'Get Started', // spec
  currentSubscription: 'Current Subscription', // spec
  manageBilling: 'Manage Billing', // spec
  cancelSubscription: 'Cancel Subscription', // spec
  completeTitle: 'Complete Your Subscription', // spec
  subscribeTo: (plan: string) => `Subscribe to ${plan}`, // spec
  processing: 'Processing...', // spec
  notReady: 'Payment form not ready', // spec
  notReadyHint: "The payment form couldn't load (no connection to the payment service). Your plans and data are unaffected.",
  retry: 'Try again',
  billingOff: 'Billing is not configured',
  cardLabel: 'Card',
  renews: (date: string) => `Renews on ${date}`,
  granted: (plan: string, until: string | null) =>
    until ? `${plan} granted by Legacy Locker until ${until}` : `${plan} granted by Legacy Locker`,
  ends: (date: string) => `Ends on ${date}; you keep it until then`,
  lapsed: 'The last payment did not go through. Until it does, the Free plan’s limits apply: nothing is deleted, but new uploads over them are refused.',
  waiting: 'Waiting for the payment to be confirmed.',
  storage: 'Storage',
  used: (used: string, limit: string) => `${used} of ${limit} used`,
  athletes: (held: number, limit: number) => `Athletes: ${held} of ${limit}, sharing this storage`,
  openUploads: (open: number, cap: number, held: string, received: string) =>
    `${open} of ${cap} uploads in progress hold ${held} (${received} received so far)`,
  cancelConfirm: 'Cancel your subscription at the end of the period you paid for?',
  loadFailed: "We couldn't load the plans. Please try again.",
} as const;

/** Spec: the subscription toasts. */
export const billingToasts = {
  created: { title: 'Subscription Created', message: 'Welcome to your new plan!' },
  free: { title: 'Plan Updated', message: 'Successfully switched to free tier' },
  createFailed: { title: 'Failed to create subscription', fallback: 'Please try again.' },
  canceled: { title: 'Subscription Canceled', message: 'Your subscription has been canceled' },
  cancelFailed: { title: 'Failed to cancel subscription', fallback: 'Please try again.' },
  portalFailed: { title: 'Failed to open billing portal', fallback: 'Please try again.' },
  paymentFailed: 'Payment Failed',
  notReady: 'Payment form not ready',
} as const;
