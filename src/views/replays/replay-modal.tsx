import { styled } from '@linaria/react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { FORBIDDEN_REPLAY_SLUG, type Replay } from '../../contract/replays';
import { mayWatch, NO_REPLAY_FILTER, REPLAY_MODAL_DELAY_MS } from '../../domain/replay-rules';
import { REPLAY_TEXT } from '../../domain/replay-text-fr';
import type { PageResult } from '../../sync/page-loader';
import { Dialog, DialogActions } from '../common/dialog';
import { Icon } from '../common/icons';
import { Button, buttonClass, ErrorText } from '../common/ui';
import { useCurrentUser } from '../use-current-user';
import { useNow } from '../use-now';
import { ReplayVideo } from './replay-video';
import { useReplayBySlug, useReplayPosition, useReplaySync } from './use-replays';

type Lookup = { status: 'asking' } | { status: 'answered'; result: PageResult };

/**
 * `/replay/{slug}`: the replay's modal, opened 0.5 s after the address (spec 3 §2, §4). A VIP
 * sees the video; a locked replay, or `/replay/forbiden`, shows the access-refused message with
 * the way to the subscriptions. The replay is asked again on open, so its lock follows the
 * member's rights of now.
 */
export function ReplayModal({ slug, onClose }: { slug: string; onClose: () => void }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setOpen(true), REPLAY_MODAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const forbidden = slug === FORBIDDEN_REPLAY_SLUG;
  const stored = useReplayBySlug(slug);
  const lookup = useLookup(slug, !forbidden);
  const user = useCurrentUser();
  const now = useNow(60_000);

  const view = forbidden ? { kind: 'refused' as const } : decide(stored, lookup, user, now);
  const title = view.kind === 'watch' ? view.replay.attributes.title : view.kind === 'refused' ? REPLAY_TEXT.accessTitle : REPLAY_TEXT.pageTitle;
  return (
    <Dialog title={title} open={open} onClose={onClose} wide>
      {view.kind === 'watch' ? (
        <Player replay={view.replay} />
      ) : view.kind === 'refused' ? (
        <Refused>
          <Icon name="lock" size={32} />
          <p>{REPLAY_TEXT.accessRefused}</p>
        </Refused>
      ) : view.kind === 'loading' ? (
        <p role="status">{REPLAY_TEXT.loading}</p>
      ) : (
        <ErrorText role="alert">{view.kind === 'missing' ? REPLAY_TEXT.notFound : view.error}</ErrorText>
      )}
      <DialogActions>
        {view.kind === 'refused' ? (
          <Link href="/profil/abonnements" className={buttonClass}>
            {REPLAY_TEXT.becomeVip}
          </Link>
        ) : null}
        <Button type="button" variant="ghost" onClick={onClose}>
          {REPLAY_TEXT.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

type View = { kind: 'watch'; replay: Replay } | { kind: 'refused' } | { kind: 'loading' } | { kind: 'missing' } | { kind: 'failed'; error: string };

/**
 * What the modal shows. A stored replay the member may watch plays at once; a refusal waits for
 * the server's fresh answer (a member who just became VIP), unless that answer cannot come.
 */
function decide(stored: Replay | null | undefined, lookup: Lookup, user: ReturnType<typeof useCurrentUser>, now: Date): View {
  if (stored && mayWatch(stored, user, now)) return { kind: 'watch', replay: stored };
  if (lookup.status === 'asking' || stored === undefined || user === null) return { kind: 'loading' };
  if (stored) return { kind: 'refused' };
  const { result } = lookup;
  if (!result.ok && result.status === 403) return { kind: 'refused' };
  if (!result.ok) return { kind: 'failed', error: result.error };
  return { kind: 'missing' };
}

function useLookup(slug: string, ask: boolean): Lookup {
  const sync = useReplaySync();
  const [lookup, setLookup] = useState<Lookup>({ status: 'asking' });
  useEffect(() => {
    if (!ask) return;
    let live = true;
    void sync.loadPage({ ...NO_REPLAY_FILTER, slug }, 1).then((result) => live && setLookup({ status: 'answered', result }));
    return () => {
      live = false;
    };
  }, [sync, slug, ask]);
  return lookup;
}

/** The video once the kept position is read (it starts there). */
function Player({ replay }: { replay: Replay }) {
  const position = useReplayPosition(replay.id);
  if (position === undefined) return <p role="status">{REPLAY_TEXT.loading}</p>;
  return (
    <>
      <ReplayVideo replay={replay} resumeAt={position ?? 0} />
      {replay.attributes.description ? <Description>{replay.attributes.description}</Description> : null}
    </>
  );
}

const Refused = styled.div`
  display: grid;
  justify-items: center;
  gap: 12px;
  text-align: center;
  color: var(--text);
  & svg {
    color: var(--gold);
  }
  & p {
    margin: 0;
    line-height: 1.5;
  }
`;

const Description = styled.p`
  margin: 12px 0 0;
  line-height: 1.5;
  color: var(--muted);
`;
