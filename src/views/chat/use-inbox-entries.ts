import type { InboxEntry } from '../../domain/inbox';
import { inboxEntries$ } from '../../store/inbox-queries';
import { useQuery } from '../common/use-query';

const NONE: InboxEntry[] = [];

/** The inbox's entries, newest first (the 'Non lus' button's count and the inbox dialog read the same query). */
export const useInboxEntries = (): InboxEntry[] => useQuery(inboxEntries$, [], NONE);
