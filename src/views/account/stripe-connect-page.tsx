import { styled } from '@linaria/react';
import { useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { STRIPE_CONNECT_TEXT } from '../../domain/account-text-fr';
import { useLazySync } from '../app-context';
import { buttonClass, ErrorText } from '../common/ui';
import { usePageTitle } from '../common/use-page-title';
import { AccountPage } from './account-page';

const T = STRIPE_CONNECT_TEXT;

/**
 * A provider's code is good once: the page's effect may run twice (React's strict mode, a remount),
 * the call goes once per code and page load.
 */
const links = new Map<string, Promise<string | null>>();

/**
 * `/stripe_connect?code=` (spec 1 §2, §8): the code the payout provider sent back goes to the
 * server, which links the member's payout account; without a code, 'Paramètre manquant' (said by
 * the billing sync, which then asks nothing).
 */
export function StripeConnectPage() {
  const billing = useLazySync((services) => services.billing);
  const params = new URLSearchParams(useSearch());
  const code = (params.get('code') ?? '').trim();
  const state = params.get('state');
  const [result, setResult] = useState<{ status: 'linking' } | { status: 'linked' } | { status: 'failed'; error: string }>({ status: 'linking' });
  usePageTitle(T.title);
  useEffect(() => {
    let live = true;
    let link = links.get(code);
    if (!link) {
      link = billing.linkPayoutAccount({ code, state });
      links.set(code, link);
    }
    void link.then((error) => {
      if (!live) return;
      if (error) return setResult({ status: 'failed', error });
      setResult({ status: 'linked' });
    });
    return () => {
      live = false;
    };
  }, [billing, code, state]);

  return (
    <Page>
      <h1>{T.title}</h1>
      {/* Without a code the answer comes at once, with nothing to say meanwhile. */}
      {result.status === 'linking' && code !== '' ? <p role="status">{T.linking}</p> : null}
      {result.status === 'linked' ? (
        <>
          <p role="status">{T.linked}</p>
          <Link className={buttonClass} href="/profil/parrainage">
            {T.toReferral}
          </Link>
        </>
      ) : null}
      {result.status === 'failed' ? <ErrorText role="alert">{result.error}</ErrorText> : null}
    </Page>
  );
}

const Page = styled(AccountPage)`
  display: grid;
  justify-items: start;
  gap: 12px;
  & h1,
  & p {
    margin: 0;
  }
`;
