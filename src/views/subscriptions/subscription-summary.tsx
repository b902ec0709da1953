import { styled } from '@linaria/react';
import { useState } from 'react';
import { toast } from '../common/toast';
import { Link, useLocation } from 'wouter';
import { BILLING_TEXT, type SubscriptionsResponse, type SubscriptionSummary as Plan } from '../../contract/billing';
import type { User } from '../../contract/user';
import { UPGRADE_PATH } from '../../domain/checkout';
import { formatPrice, upgradeAllowed } from '../../domain/pricing';
import { isUnlimited } from '../../domain/subscriptions';
import { SUBSCRIPTION_LABELS, SUBSCRIPTIONS_TEXT } from '../../domain/subscriptions-text-fr';
import { OFFERS_PATH } from '../../domain/upsell';
import { useApp, useLazySync } from '../app-context';
import { ConfirmDialog } from '../chat/confirm-dialog';
import { Button, Card, buttonClass } from '../common/ui';

const T = SUBSCRIPTIONS_TEXT;
export const formatDate = (iso: string) => new Date(iso).toLocaleDateString('fr-FR', { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * What the member holds and pays (spec 1 §2): each running subscription with its expiry, each plan
 * with its renewal (and the cancel button), the three-instalment schedule, the failed payment.
 */
export function SubscriptionSummary(props: { user: User; summary: SubscriptionsResponse | null; now: Date }) {
  const { user, summary, now } = props;
  const billing = useLazySync((services) => services.billing);
  const [, navigate] = useLocation();
  const [cancelling, setCancelling] = useState<Plan | null>(null);
  const running = latestPerId(user).filter((entry) => SUBSCRIPTION_LABELS[entry.id] && entry.expiry.getTime() > now.getTime());

  async function answer(yes: boolean) {
    const plan = cancelling;
    setCancelling(null);
    if (!yes || !plan) return;
    const error = await billing.cancelSubscription(plan.stripeSubscriptionId);
    if (error) toast.error(error);
    else navigate(`${OFFERS_PATH}/canceled`);
  }

  return (
    <>
      {summary?.pendingPayment ? (
        <Notice role="alert" aria-label={T.pendingTitle}>
          <strong>{T.pendingTitle}</strong>
          <p>{T.pendingText(summary.pendingPayment.libelle, formatPrice(summary.pendingPayment.amount))}</p>
          <a className={buttonClass} href={summary.pendingPayment.payment_url} target="_blank" rel="opener">
            {T.pendingPay}
          </a>
        </Notice>
      ) : null}

      <Card aria-labelledby="summary-title">
        <h2 id="summary-title">{T.summaryTitle}</h2>
        {running.length === 0 ? <p>{T.noSubscription}</p> : null}
        <List>
          {running.map((entry) => (
            <li key={entry.id}>
              <strong>{SUBSCRIPTION_LABELS[entry.id]}</strong> — {isUnlimited(user, entry.id, now) ? T.unlimited : T.expires(formatDate(entry.expiry.toISOString()))}
            </li>
          ))}
        </List>
        {summary?.subscriptions.map((plan) => (
          <PlanRow key={plan.stripeSubscriptionId} aria-label={plan.libelle}>
            <div>
              <strong>{plan.libelle}</strong> · {formatPrice(plan.amount)}
              <Muted>
                {plan.renews && plan.nextPaymentAt ? T.renews(formatDate(plan.nextPaymentAt)) : plan.payment_3x ? null : T.renewalStopped}
              </Muted>
            </div>
            {plan.mobilePayment ? <Muted>{BILLING_TEXT.mobileSubscription}</Muted> : null}
            {plan.renews && !plan.mobilePayment && !plan.payment_3x ? (
              <Button variant="ghost" onClick={() => setCancelling(plan)}>
                {T.cancelRenewal}
              </Button>
            ) : null}
            {plan.payment_3x ? <Instalments plan={plan} /> : null}
          </PlanRow>
        ))}
        {upgradeAllowed(user, now) ? (
          <Link className={buttonClass} href={UPGRADE_PATH}>
            {T.upgradeCta}
          </Link>
        ) : null}
      </Card>
      <ConfirmDialog question={cancelling ? T.cancelQuestion : null} onAnswer={(yes) => void answer(yes)} />
    </>
  );
}

function Instalments({ plan }: { plan: Plan }) {
  return (
    <Schedule aria-label={T.instalmentsTitle}>
      <caption>{T.instalmentsTitle}</caption>
      <tbody>
        {(plan.payment_3x ?? []).map((instalment, index) => (
          <tr key={instalment.date}>
            <td>{index + 1}/3</td>
            <td>{formatDate(instalment.date)}</td>
            <td>{formatPrice(instalment.amount)}</td>
            <td>{instalment.paid ? T.instalmentPaid : T.instalmentDue}</td>
          </tr>
        ))}
      </tbody>
    </Schedule>
  );
}

/** One line per subscription id, with its latest expiry. */
function latestPerId(user: User): { id: number; expiry: Date }[] {
  const latest = new Map<number, number>();
  for (const entry of user.abonnements) {
    const t = Date.parse(entry.expiration);
    latest.set(entry.abonnement.id, Math.max(t, latest.get(entry.abonnement.id) ?? t));
  }
  return [...latest].sort(([a], [b]) => a - b).map(([id, t]) => ({ id, expiry: new Date(t) }));
}

const Notice = styled.section`
  border: 1px solid var(--danger);
  border-radius: var(--radius);
  padding: 16px 20px;
  display: grid;
  gap: 8px;
  justify-items: start;
  & p {
    margin: 0;
  }
`;
const List = styled.ul`
  margin: 0 0 12px;
  padding-left: 18px;
`;
const PlanRow = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 12px 0;
  border-top: 1px solid var(--border);
`;
const Muted = styled.span`
  display: block;
  font-size: 13px;
  color: var(--muted);
`;
const Schedule = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 14px;
  & caption {
    text-align: left;
    font-weight: 600;
    padding-bottom: 6px;
  }
  & td {
    padding: 4px 8px 4px 0;
    border-top: 1px solid var(--border);
  }
`;
