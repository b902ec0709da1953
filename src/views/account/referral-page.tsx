import { styled } from '@linaria/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import type { AffiliationAnswer, Referral, Transfer } from '../../contract/referral';
import { frenchFormat } from '../../domain/dates-fr';
import { formatPrice } from '../../domain/pricing';
import { earningsByMonth, transferReference } from '../../domain/referral';
import { REFERRAL_TEXT as T } from '../../domain/referral-text-fr';
import { TEXT } from '../../domain/text-fr';
import { affiliationCreationMachine, copyLinkMachine } from '../../machines/referral-page-machine';
import { affiliation$, referrals$, transfers$ } from '../../store/referral-queries';
import { useLazySync } from '../app-context';
import { useQuery } from '../common/use-query';
import { DataTable, type Column } from '../common/data-table';
import { Icon } from '../common/icons';
import { Tabs } from '../common/tabs';
import { toast } from '../common/toast';
import { Button, buttonClass, ErrorText } from '../common/ui';
import { usePageTitle } from '../common/use-page-title';
import { AccountPage } from './account-page';
import { ReferralQr } from './referral-qr';

type TabKey = 'description' | 'code' | 'referrals' | 'transfers';
const TABS = (Object.keys(T.tabs) as TabKey[]).map((key) => ({ key, label: T.tabs[key] }));
const day = frenchFormat({ day: 'numeric', month: 'short', year: 'numeric' });
const monthLabel = frenchFormat({ month: 'short', year: '2-digit', timeZone: 'UTC' });
const percent = (value: number) => `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 }).format(value)} %`;

/**
 * `/profil/parrainage` (spec 3 §2 "Affiliation"): the tabs Description, Code, Parrainages and
 * Virements. Without an affiliation, the invitation and 'Créer une affiliation' (the page's data
 * reloads 0.8 s after; the server's error as a toast). The data is the store's, refreshed when the
 * page opens; the creation and the copy are machines.
 */
export function ReferralPage() {
  usePageTitle(T.title);
  const referral = useLazySync((services) => services.referral);
  const answer = useQuery(affiliation$, [], null);
  const referrals = useQuery(referrals$, [], null);
  const transfers = useQuery(transfers$, [], null);
  const [error, setError] = useState<string | null>(null);
  const [tab, setTab] = useState<TabKey>('description');

  const refresh = useMemo(() => () => referral.refresh().then(setError), [referral]);
  useEffect(() => void refresh(), [refresh]);

  const creation = useActorRef(
    affiliationCreationMachine.provide({
      actors: {
        createAffiliation: fromPromise(() => referral.createAffiliation()),
        reload: fromPromise(async () => {
          await refresh();
          setTab('code');
        }),
      },
      actions: { notifyError: (_, { error: message }) => void toast.error(message || TEXT.requestFailed) },
    }),
  );
  const creating = useSelector(creation, (s) => s.matches('creating') || s.matches('created') || s.matches('reloading'));
  useEffect(() => {
    const subscription = creation.subscribe((s) => {
      if (s.matches('created')) toast.success(T.created);
    });
    return () => subscription.unsubscribe();
  }, [creation]);

  return (
    <Page>
      <h1>{T.title}</h1>
      {answer === null && error === null ? <p role="status">{T.loading}</p> : null}
      {error !== null ? (
        <Failure>
          <ErrorText role="alert">{error}</ErrorText>
          <Button type="button" variant="ghost" onClick={() => void refresh()}>
            <Icon name="retry" size={18} />
            {T.retry}
          </Button>
        </Failure>
      ) : null}
      {answer !== null && answer.affiliation === null ? (
        <Invitation>
          <Icon name="gift" size={28} />
          <p>{T.invitation}</p>
          <Button type="button" disabled={creating} onClick={() => creation.send({ type: 'affiliation.create' })}>
            {creating ? T.creating : T.create}
          </Button>
        </Invitation>
      ) : null}
      <Tabs label={T.title} tabs={TABS} selected={tab} onSelect={setTab}>
        {tab === 'description' ? <DescriptionTab /> : null}
        {tab === 'code' ? <CodeTab answer={answer} /> : null}
        {tab === 'referrals' ? <ReferralsTab referrals={referrals} /> : null}
        {tab === 'transfers' ? <TransfersTab answer={answer} referrals={referrals} transfers={transfers} /> : null}
      </Tabs>
    </Page>
  );
}

function DescriptionTab() {
  return (
    <Section>
      <h2>{T.stepsTitle}</h2>
      <Steps>
        {T.steps.map((step) => (
          <li key={step.title}>
            <strong>{step.title}</strong>
            <span>{step.text}</span>
          </li>
        ))}
      </Steps>
      {T.footnotes.map((note) => (
        <Note key={note}>{note}</Note>
      ))}
    </Section>
  );
}

function CodeTab({ answer }: { answer: AffiliationAnswer | null }) {
  const copy = useActorRef(
    copyLinkMachine.provide({
      actors: {
        copy: fromPromise(async () => {
          if (!answer?.referralLink || !navigator.clipboard) throw new Error('presse-papier indisponible');
          await navigator.clipboard.writeText(answer.referralLink);
        }),
      },
    }),
  );
  const copyState = useSelector(copy, (s) => s.value);
  if (!answer?.affiliation || !answer.referralLink) return <Section><p>{T.invitation}</p></Section>;
  const { code, ref_coupon } = answer.affiliation;
  return (
    <Section>
      <Facts>
        <div>
          <dt>{T.code}</dt>
          <dd>
            <CodeText>{code}</CodeText>
          </dd>
        </div>
        <div>
          <dt>{T.coupon}</dt>
          <dd>
            <CodeText>{ref_coupon}</CodeText>
          </dd>
        </div>
      </Facts>
      <SharePanel aria-labelledby="share-title">
        <h2 id="share-title">{T.share}</h2>
        <ReferralQr link={answer.referralLink} label={T.qr} />
        <Note>{T.qrHint}</Note>
        <label htmlFor="referral-link">{T.link}</label>
        <LinkRow>
          <input id="referral-link" readOnly value={answer.referralLink} onFocus={(event) => event.currentTarget.select()} />
          <Button type="button" onClick={() => copy.send({ type: 'link.copy' })} disabled={copyState === 'copying'}>
            <Icon name={copyState === 'copied' ? 'check' : 'copy'} size={18} />
            {copyState === 'copied' ? T.copied : T.copy}
          </Button>
        </LinkRow>
        <p role="status" aria-live="polite">
          {copyState === 'copied' ? T.copied : copyState === 'failed' ? T.copyFailed : ''}
        </p>
      </SharePanel>
    </Section>
  );
}

const rewardText = (r: Referral) => (r.reward.kind === 'commission' ? formatPrice(r.reward.amount) : T.months(r.reward.months));

const REFERRAL_COLUMNS: Column<Referral>[] = [
  { header: T.columns.user, cell: (r) => r.user.username },
  { header: T.columns.date, cell: (r) => day(new Date(r.date)) },
  { header: T.columns.amount, cell: (r) => formatPrice(r.recu.montant) },
  { header: T.columns.vat, cell: (r) => percent(r.tvaPercent) },
  { header: T.columns.reward, cell: rewardText },
  { header: T.columns.status, cell: (r) => <Status data-paid={r.affilationPaid || undefined}>{r.affilationPaid ? T.paid : T.pending}</Status> },
];

const TRANSFER_COLUMNS: Column<Transfer>[] = [
  { header: T.columns.reference, cell: (_, row) => transferReference(row + 1) },
  { header: T.columns.date, cell: (t) => day(new Date(t.date)) },
  // Euros paid to the connected account, else free months added to the VIP.
  { header: T.columns.amount, cell: (t) => (t.stripeConnectId !== null ? formatPrice(t.amount) : T.months(t.amount)) },
  { header: T.columns.status, cell: () => <Status data-paid="">{T.processed}</Status> },
];

function ReferralsTab({ referrals }: { referrals: Referral[] | null }) {
  if (referrals === null) return null;
  if (referrals.length === 0) return <Section><p>{T.referralsEmpty}</p></Section>;
  return (
    <Section>
      <DataTable caption={T.referralsCaption} columns={REFERRAL_COLUMNS} rows={referrals} rowKey={(r) => r.id} />
    </Section>
  );
}

function TransfersTab({ answer, referrals, transfers }: { answer: AffiliationAnswer | null; referrals: Referral[] | null; transfers: Transfer[] | null }) {
  const connected = answer?.stripeConnectId != null;
  const earnings = useMemo(
    () => earningsByMonth((referrals ?? []).flatMap((r) => (r.reward.kind === 'commission' ? [{ date: r.date, cents: Math.round(r.reward.amount * 100) }] : []))),
    [referrals],
  );
  return (
    <Section>
      <Mode>
        <strong>{connected ? T.commissionsMode : T.freeMonthsMode}</strong>
        <span>{connected ? T.commissionsModeText : T.freeMonthsModeText}</span>
        {!connected && answer ? (
          <a className={buttonClass} href={answer.connectUrl}>
            <Icon name="external" size={18} />
            {T.connect}
          </a>
        ) : null}
      </Mode>
      {earnings.length > 0 ? <EarningsChart months={earnings} /> : null}
      {transfers === null ? null : transfers.length === 0 ? (
        <p>{T.transfersEmpty}</p>
      ) : (
        <DataTable caption={T.transfersCaption} columns={TRANSFER_COLUMNS} rows={transfers} rowKey={(t) => t.id} />
      )}
    </Section>
  );
}

/** Commissions by month as bars (ours): the label reads every month's sum. */
function EarningsChart({ months }: { months: { month: string; cents: number }[] }) {
  const max = Math.max(...months.map((m) => m.cents), 1);
  const label = (m: { month: string }) => monthLabel(new Date(`${m.month}-01T00:00:00Z`));
  const width = Math.max(months.length * 56, 160);
  return (
    <Chart>
      <h2>{T.chartTitle}</h2>
      <svg viewBox={`0 0 ${width} 140`} role="img" aria-label={T.chartLabel(months.map((m) => `${label(m)} ${formatPrice(m.cents / 100)}`))}>
        {months.map((m, i) => {
          const height = Math.round((m.cents / max) * 96);
          return (
            <g key={m.month} transform={`translate(${i * 56 + 8}, 0)`}>
              <rect x={4} y={112 - height} width={32} height={Math.max(height, 1)} rx={4} fill="var(--accent)" />
              <text x={20} y={132} textAnchor="middle" fontSize={11} fill="currentColor">
                {label(m)}
              </text>
              <text x={20} y={106 - height} textAnchor="middle" fontSize={10} fill="currentColor">
                {m.cents > 0 ? formatPrice(m.cents / 100).replace(/\s?€/, '') : ''}
              </text>
            </g>
          );
        })}
      </svg>
    </Chart>
  );
}

const Page = styled(AccountPage)`
  max-width: 880px;
  & h1 {
    margin: 0 0 8px;
  }
`;

const Failure = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
`;

const Invitation = styled.div`
  display: grid;
  grid-template-columns: auto 1fr;
  align-items: center;
  gap: 12px 16px;
  padding: 16px;
  border: 1px solid var(--border);
  border-radius: 12px;
  background: var(--surface);
  & p {
    margin: 0;
  }
  & button {
    grid-column: 1 / -1;
    justify-self: start;
  }
`;

const Section = styled.div`
  display: grid;
  gap: 12px;
  & h2 {
    margin: 8px 0 0;
    font-size: 18px;
  }
`;

const Steps = styled.ol`
  display: grid;
  gap: 12px;
  margin: 0;
  padding-left: 24px;
  & li {
    display: grid;
    gap: 2px;
  }
`;

const Note = styled.p`
  margin: 0;
  color: var(--muted);
  font-size: 14px;
`;

const Facts = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: 12px 32px;
  margin: 0;
  & dt {
    color: var(--muted);
    font-size: 14px;
  }
  & dd {
    margin: 4px 0 0;
  }
`;

const CodeText = styled.code`
  font-size: 20px;
  font-weight: 700;
  letter-spacing: 0.04em;
`;

const SharePanel = styled.section`
  display: grid;
  gap: 10px;
  justify-items: start;
  padding: 16px;
  border: 1px solid var(--border);
  border-radius: 12px;
  & p[role='status'] {
    margin: 0;
    min-height: 1.4em;
  }
`;

const LinkRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  width: 100%;
  & input {
    flex: 1 1 240px;
    min-width: 0;
    min-height: 44px;
    padding: 0 10px;
    border: 1px solid var(--border);
    border-radius: 8px;
    background: var(--bg);
    color: var(--text);
    font: inherit;
  }
`;

const Status = styled.span`
  display: inline-block;
  padding: 2px 10px;
  border-radius: 999px;
  border: 1px solid var(--border);
  &[data-paid] {
    border-color: var(--accent);
    font-weight: 600;
  }
`;

const Mode = styled.div`
  display: grid;
  gap: 6px;
  justify-items: start;
  padding: 16px;
  border-radius: 12px;
  background: var(--surface);
  & a {
    margin-top: 6px;
  }
`;

const Chart = styled.figure`
  margin: 0;
  & svg {
    display: block;
    width: 100%;
    max-width: 560px;
    height: auto;
    color: var(--text);
  }
`;
