import { apiRequest } from '../../lib/api';

// The subscription calls (docs/API.md, "Subscriptions and billing").

export type Tier = 'free' | 'basic' | 'premium' | 'family';

export interface PlanLimits {
  storageBytes: number;
  maxFileBytes: number;
  athletes: number;
  familyMembers: number;
  aiEnhancementsPerMonth: number;
  /** Resumable uploads that may be in progress at once. */
  openUploads: number;
}

/**
 * What counts against the plan: storageBytes is the finished media (mediaBytes), the photos of the
 * account and its athletes (photoBytes), and the length open resumable uploads declared (openUploadBytes,
 * of which openUploadReceivedBytes have arrived). athletes is how many the account holds, of all its plan allows.
 */
export interface Usage {
  storageBytes: number;
  mediaBytes: number;
  photoBytes: number;
  openUploads: number;
  openUploadBytes: number;
  openUploadReceivedBytes: number;
  athletes: number;
}

export interface Plan {
  name: string;
  price: number;
  features: string[];
  limits: PlanLimits;
}

export interface SubscriptionStatus {
  /** The plan in effect (a lapsed payment is Free until it is paid). */
  tier: Tier;
  subscribedTier: Tier;
  status: 'active' | 'past_due' | 'canceled' | 'incomplete';
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  limits: PlanLimits;
  usage: Usage;
  billingEnabled: boolean;
  publishableKey: string;
  /** A plan an operator granted without Stripe (support, schools, testers); until null: until revoked. */
  grant: { tier: Tier; until: string | null } | null;
}

export const billingUrls = {
  plans: '/api/subscription/plans',
  status: '/api/subscription/status',
  create: '/api/subscription/create',
  cancel: '/api/subscription/cancel',
  portal: '/api/subscription/billing-portal',
};

/** The tiers in the order the page shows them. */
export const TIERS: Tier[] = ['free', 'basic', 'premium', 'family'];

export const fetchPlans = () => apiRequest<Record<Tier, Plan>>('GET', billingUrls.plans);
export const fetchStatus = () => apiRequest<SubscriptionStatus>('GET', billingUrls.status);
export const createSubscription = (tier: Tier) => apiRequest<{ tier: Tier; clientSecret?: string }>('POST', billingUrls.create, { tier });
export const cancelSubscription = () => apiRequest<SubscriptionStatus>('POST', billingUrls.cancel);
export const openBillingPortal = () => apiRequest<{ url: string }>('POST', billingUrls.portal);
