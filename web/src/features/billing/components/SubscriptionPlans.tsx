import { useCallback, useEffect, useState } from 'react';
import { Alert, Badge, Button, Card, Group, List, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconGift } from '@tabler/icons-react';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import dayjs from 'dayjs';
import { LoadError } from '../../../components/LoadError';
import { fullDateLabel } from '../../../lib/format';
import { showError, showSuccess } from '../../../lib/toast';
import { fileSizeLabel } from '../../../lib/units';
import * as api from '../api';
import {
  useBillingPortalMutation,
  useCancelSubscriptionMutation,
  usePlansQuery,
  useRefreshStatus,
  useSubscriptionStatusQuery,
  useSwitchPlanMutation,
} from '../queries';
import { billingText as t, billingToasts } from '../strings';

type StripeState = { state: 'off' } | { state: 'loading' } | { state: 'ready'; stripe: Stripe } | { state: 'unavailable' };

/** Stripe.js, loaded on this page only and only with a publishable key; a failure can be retried. */
function useStripeJs(publishableKey: string | undefined) {
  const [stripe, setStripe] = useState<StripeState>({ state: 'off' });
  const load = useCallback(() => {
    if (!publishableKey) {
      setStripe({ state: 'off' });
      return;
    }
    setStripe({ state: 'loading' });
    loadStripe(publishableKey)
      .then((s) => setStripe(s ? { state: 'ready', stripe: s } : { state: 'unavailable' }))
      .catch(() => setStripe({ state: 'unavailable' }));
  }, [publishableKey]);
  useEffect(load, [load]);
  return { stripe, retry: load };
}

/** The Subscription page: the plans from the server, the current subscription and the payment. */
export function SubscriptionPlans() {
  const plans = usePlansQuery();
  const status = useSubscriptionStatusQuery();
  const [selected, setSelected] = useState<api.Tier | null>(null);
  const { stripe, retry } = useStripeJs(status.data?.billingEnabled ? status.data.publishableKey : undefined);
  const refetch = useRefreshStatus();
  const switchNow = useSwitchPlanMutation(() => setSelected(null));
  const cancel = useCancelSubscriptionMutation();
  const portal = useBillingPortalMutation();

  if (plans.isError || status.isError) return <LoadError message={t.loadFailed} onRetry={() => void Promise.all([plans.refetch(), status.refetch()])} />;
  if (!plans.data || !status.data) return <Skeleton height={360} />;
  const s = status.data;
  const choose = (tier: api.Tier) => {
    // Spec: free, or the current plan again, switches at once; a paid plan is confirmed with the card.
    if (tier === 'free' || tier === s.subscribedTier) switchNow.mutate(tier);
    else setSelected(tier);
  };
  const usedShare = s.limits.storageBytes > 0 ? Math.min(100, (100 * s.usage.storageBytes) / s.limits.storageBytes) : 0;

  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 28, sm: 34 }}>
        {t.heading}
      </Title>
      <Card withBorder radius="md" padding="md" aria-label={t.storage}>
        <Group justify="space-between" mb={6}>
          <Text fw={600}>{t.storage}</Text>
          <Text size="sm" c="dimmed">
            {t.used(fileSizeLabel(s.usage.storageBytes), fileSizeLabel(s.limits.storageBytes))}
          </Text>
        </Group>
        <Progress value={usedShare} color={usedShare > 90 ? 'red' : 'navy'} aria-label={t.storage} />
        {s.usage.openUploads > 0 && (
          <Text size="sm" c="dimmed" mt={6}>
            {t.openUploads(s.usage.openUploads, s.limits.openUploads, fileSizeLabel(s.usage.openUploadBytes), fileSizeLabel(s.usage.openUploadReceivedBytes))}
          </Text>
        )}
        <Text size="sm" c="dimmed" mt={6}>
          {t.athletes(s.usage.athletes, s.limits.athletes)}
        </Text>
      </Card>
      {s.grant && (
        <Alert variant="light" color="teal" icon={<IconGift />} role="status">
          {t.granted(
            plans.data[s.grant.tier]?.name ?? s.grant.tier,
            // The grant lasts through the day before its end instant.
            s.grant.until ? fullDateLabel(dayjs(s.grant.until).subtract(1, 'day').toDate()) : null,
          )}
        </Alert>
      )}
      {s.subscribedTier !== 'free' && (
        <Card withBorder radius="md" padding="lg" aria-label={t.currentSubscription}>
          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={2} fz="lg">
                {t.currentSubscription}
              </Title>
              <Badge color={s.status === 'active' ? 'green' : s.status === 'past_due' ? 'red' : 'yellow'}>{s.status.replace('_', ' ')}</Badge>
            </Group>
            <Text fw={600}>{plans.data[s.subscribedTier]?.name}</Text>
            {s.currentPeriodEnd && (
              <Text size="sm" c="dimmed">
                {s.cancelAtPeriodEnd ? t.ends(fullDateLabel(s.currentPeriodEnd)) : t.renews(fullDateLabel(s.currentPeriodEnd))}
              </Text>
            )}
            {s.status === 'past_due' && (
              <Alert color="red" variant="light" icon={<IconAlertTriangle />}>
                {t.lapsed}
              </Alert>
            )}
            {s.status === 'incomplete' && <Text size="sm">{t.waiting}</Text>}
            <Group gap="sm">
              <Button variant="default" onClick={() => portal.mutate()} loading={portal.isPending}>
                {t.manageBilling}
              </Button>
              {!s.cancelAtPeriodEnd && (
                <Button variant="subtle" color="red" onClick={() => window.confirm(t.cancelConfirm) && cancel.mutate()} loading={cancel.isPending}>
                  {t.cancelSubscription}
                </Button>
              )}
            </Group>
          </Stack>
        </Card>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        {api.TIERS.map((tier) => {
          const plan = plans.data[tier];
          if (!plan) return null;
          const current = tier === s.tier && (tier === 'free' ? s.subscribedTier === 'free' : true);
          const paidOff = tier !== 'free' && !s.billingEnabled;
          return (
            <Card key={tier} withBorder radius="md" padding="lg" aria-label={plan.name} style={tier === 'premium' ? { borderColor: 'var(--mantine-color-navy-6)', borderWidth: 2 } : undefined}>
              <Stack gap="sm" h="100%">
                <Group justify="space-between">
                  <Title order={3} fz="lg">
                    {plan.name}
                  </Title>
                  {tier === 'premium' && <Badge color="gold">{t.mostPopular}</Badge>}
                </Group>
                <Text fz={28} fw={800}>
                  {plan.price === 0 ? t.free : `$${plan.price}`}
                  {plan.price > 0 && (
                    <Text span c="dimmed" fz="sm" fw={500}>
                      {t.perMonth}
                    </Text>
                  )}
                </Text>
                <List spacing={4} size="sm" icon={<IconCheck size={14} />} style={{ flex: 1 }}>
                  {plan.features.map((f) => (
                    <List.Item key={f}>{f}</List.Item>
                  ))}
                </List>
                {paidOff ? (
                  <Text size="sm" c="dimmed" ta="center">
                    {t.billingOff}
                  </Text>
                ) : (
                  <Button
                    variant={current ? 'default' : tier === 'premium' ? 'filled' : 'light'}
                    disabled={current}
                    loading={switchNow.isPending && switchNow.variables === tier}
                    onClick={() => choose(tier)}
                  >
                    {current ? t.currentPlan : tier === 'free' ? t.getStarted : t.selectPlan}
                  </Button>
                )}
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
      {selected && plans.data[selected] && (
        <CompleteSubscription plan={plans.data[selected]} tier={selected} stripe={stripe} onRetry={retry} onDone={() => { setSelected(null); void refetch(); }} />
      )}
    </Stack>
  );
}

interface CompleteProps {
  plan: api.Plan;
  tier: api.Tier;
  stripe: StripeState;
  onRetry: () => void;
  onDone: () => void;
}

/** Spec: 'Complete Your Subscription' with the card field and 'Subscribe to {plan}'. */
function CompleteSubscription({ plan, tier, stripe, onRetry, onDone }: CompleteProps) {
  return (
    <Card withBorder radius="md" padding="lg" aria-label={t.completeTitle}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t.completeTitle}
        </Title>
        {stripe.state === 'ready' ? (
          <Elements stripe={stripe.stripe}>
            <CardForm plan={plan} tier={tier} onDone={onDone} />
          </Elements>
        ) : (
          <NotReady loading={stripe.state === 'loading'} onRetry={onRetry} planName={plan.name} />
        )}
      </Stack>
    </Card>
  );
}

/** The payment form cannot load: the plans stay, Subscribe says so, and a retry is offered. */
function NotReady({ loading, onRetry, planName }: { loading: boolean; onRetry: () => void; planName: string }) {
  return (
    <Stack gap="sm">
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle />} title={t.notReady}>
        {t.notReadyHint}
      </Alert>
      <Group gap="sm">
        <Button onClick={() => notifications.show({ title: billingToasts.notReady, message: t.notReadyHint, color: 'red' })}>{t.subscribeTo(planName)}</Button>
        <Button variant="default" onClick={onRetry} loading={loading}>
          {t.retry}
        </Button>
      </Group>
    </Stack>
  );
}

function CardForm({ plan, tier, onDone }: { plan: api.Plan; tier: api.Tier; onDone: () => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [working, setWorking] = useState(false);
  const subscribe = async () => {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) {
      notifications.show({ title: billingToasts.notReady, message: t.notReadyHint, color: 'red' });
      return;
    }
    setWorking(true);
    try {
      const { clientSecret } = await api.createSubscription(tier);
      if (clientSecret) {
        const result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card } });
        if (result.error) {
          notifications.show({ title: billingToasts.paymentFailed, message: result.error.message ?? '', color: 'red' });
          return;
        }
      }
      showSuccess(billingToasts.created);
      onDone();
    } catch (err) {
      showError(billingToasts.createFailed, err);
    } finally {
      setWorking(false);
    }
  };
  return (
    <Stack gap="sm">
      <Text size="sm" fw={500}>
        {t.cardLabel}
      </Text>
      <div style={{ padding: 12, border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}>
        <CardElement options={{ hidePostalCode: false }} />
      </div>
      <Button onClick={() => void subscribe()} disabled={working}>
        {working ? t.processing : t.subscribeTo(plan.name)}
      </Button>
    </Stack>
  );
}
