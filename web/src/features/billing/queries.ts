import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { showError, showSuccess } from '../../lib/toast';
import * as api from './api';
import { billingToasts } from './strings';

export const billingKeys = {
  plans: [api.billingUrls.plans] as const,
  status: [api.billingUrls.status] as const,
};

/** The plans change with a release, not while the page is open. */
export function usePlansQuery() {
  return useQuery({ queryKey: billingKeys.plans, queryFn: api.fetchPlans, staleTime: 60 * 60 * 1000 });
}

export function useSubscriptionStatusQuery() {
  return useQuery({ queryKey: billingKeys.status, queryFn: api.fetchStatus });
}

/** After any change the subscription is read again: the server (and Stripe's webhooks) decide what it is. */
export function useRefreshStatus() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: billingKeys.status });
}

/**
 * A switch that needs no card: to Free, or back to the plan already paid for. `onSwitched` runs before
 * the status is read again.
 */
export function useSwitchPlanMutation(onSwitched: () => void) {
  const refresh = useRefreshStatus();
  return useMutation({
    mutationFn: (tier: api.Tier) => api.createSubscription(tier),
    onSuccess: (_r, tier) => {
      if (tier === 'free') showSuccess(billingToasts.free);
      onSwitched();
      return refresh();
    },
    onError: (err) => showError(billingToasts.createFailed, err),
  });
}

export function useCancelSubscriptionMutation() {
  const refresh = useRefreshStatus();
  return useMutation({
    mutationFn: api.cancelSubscription,
    onSuccess: () => {
      showSuccess(billingToasts.canceled);
      return refresh();
    },
    onError: (err) => showError(billingToasts.cancelFailed, err),
  });
}

/** Stripe's billing portal, where a subscriber changes the card or reads invoices. */
export function useBillingPortalMutation() {
  return useMutation({
    mutationFn: api.openBillingPortal,
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (err) => showError(billingToasts.portalFailed, err),
  });
}
