import { useMemo } from 'react';
import type { Observable } from 'rxjs';
import type { ComptoirDatabase } from '../../store/database';
import { boxes$, cards$, countries$, invoices$, paymentConfig$, subscriptions$, upgrade$ } from '../../store/billing-queries';
import { useApp } from '../app-context';
import { useObservable } from '../use-observable';

/** One store query as a value; the observable is built once per database. */
function useStore<T>(query: (db: ComptoirDatabase) => Observable<T>, initial: T): T {
  const { db } = useApp();
  const source$ = useMemo(() => query(db), [db, query]);
  return useObservable(source$, initial);
}

export const useBoxes = () => useStore(boxes$, null);
export const useCountries = () => useStore(countries$, null);
export const usePaymentConfig = () => useStore(paymentConfig$, null);
export const useSubscriptions = () => useStore(subscriptions$, null);
export const useInvoices = () => useStore(invoices$, null);
export const useCards = () => useStore(cards$, null);
export const useUpgrade = () => useStore(upgrade$, null);
