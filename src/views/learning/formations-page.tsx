import { styled } from '@linaria/react';
import { memo, useEffect, useId, useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { Formation, FormationCategory, FormationProgress } from '../../contract/formations';
import { lockedPrompt, opensCategory } from '../../domain/formation-access';
import { cardAction, courseSteps } from '../../domain/formation-progress';
import { FORMATION_TEXT } from '../../domain/formation-text-fr';
import { LEARNING_TEXT } from '../../domain/learning-text-fr';
import { useCore } from '../app-context';
import { fiveToOneColumns } from '../common/content-card';
import { Icon } from '../common/icons';
import { buttonClass } from '../common/ui';
import { usePageTitle } from '../common/use-page-title';
import { useCurrentUser } from '../use-current-user';
import { useNow } from '../use-now';
import { COURSE_PATH, coursePath, LEARNING_KEYS, markLearningScreen, mayReopenCourse, readNumber, remember } from './learning-memory';
import { ProgressRing } from './progress-ring';
import { useAllProgress, useFormationCategories, useFormations, useRefreshCatalogue } from './use-learning';

/**
 * `/formation` (spec 3 §2): the category buttons, then the chosen category's formations as cards
 * (5 columns down to 1), each with its progress and 'Commencer' / 'Continuer' / 'Revoir'. A
 * category the member's subscriptions do not open shows its prompt instead (the Prime one for 2,
 * 5 and 6). The last course is reopened once, when the member arrives here from elsewhere.
 */
export function FormationsPage() {
  usePageTitle(FORMATION_TEXT.pageTitle);
  useRefreshCatalogue();
  const { storage } = useCore();
  const [, navigate] = useLocation();
  const categories = useFormationCategories();
  const formations = useFormations();
  const progress = useAllProgress();
  const user = useCurrentUser();
  const now = useNow(60_000);
  const [chosen, setChosen] = useState<number | null>(() => readNumber(storage, LEARNING_KEYS.lastCategory));
  const lastFormation = useMemo(() => readNumber(storage, LEARNING_KEYS.lastFormation), [storage]);

  // Spec 3 §2: the last visited course reopened, if it is still a formation the member opens.
  const [reopen] = useState(mayReopenCourse);
  useEffect(() => {
    if (!reopen || formations === null) return;
    markLearningScreen();
    const path = storage.getItem(LEARNING_KEYS.lastCoursePath);
    const match = path ? COURSE_PATH.exec(path) : null;
    const target = match ? formations.find((f) => f.id === Number(match[2]) && f.categoryId === Number(match[1])) : undefined;
    if (path && target && !target.locked) navigate(path, { replace: true });
  }, [reopen, formations, storage, navigate]);
  useEffect(() => {
    if (!reopen) markLearningScreen();
  }, [reopen]);

  const sorted = categories ?? [];
  const current = sorted.find((c) => c.id === chosen) ?? sorted.find((c) => c.attributes.formations.some((f) => f.id === lastFormation)) ?? sorted[0];
  const choose = (id: number) => {
    setChosen(id);
    remember(storage, LEARNING_KEYS.lastCategory, id);
  };
  const open = current && user ? opensCategory(current.attributes.subscriptions, user, now) : true;
  const shown = useMemo(() => (current && formations ? formations.filter((f) => f.categoryId === current.id) : []), [current, formations]);

  return (
    <Page>
      <h1>{FORMATION_TEXT.pageTitle}</h1>
      {categories === null ? (
        <Muted role="status">{LEARNING_TEXT.loading}</Muted>
      ) : sorted.length === 0 ? (
        <Muted>{LEARNING_TEXT.noCategories}</Muted>
      ) : (
        <Categories role="group" aria-label={LEARNING_TEXT.categories}>
          {sorted.map((category) => (
            <CategoryButton key={category.id} category={category} pressed={category.id === current?.id} locked={user ? !opensCategory(category.attributes.subscriptions, user, now) : false} onChoose={choose} />
          ))}
        </Categories>
      )}
      {current ? (
        <section aria-label={current.attributes.title}>
          {!open ? (
            <LockedPrompt category={current} />
          ) : formations === null ? (
            <Muted role="status">{LEARNING_TEXT.loading}</Muted>
          ) : shown.length === 0 ? (
            <Muted>{LEARNING_TEXT.emptyCategory}</Muted>
          ) : (
            <div className={fiveToOneColumns}>
              {shown.map((formation) => (
                <FormationCard key={formation.id} formation={formation} progress={progress.get(formation.id) ?? null} highlighted={formation.id === lastFormation} />
              ))}
            </div>
          )}
        </section>
      ) : null}
    </Page>
  );
}

const CategoryButton = memo(function CategoryButton({ category, pressed, locked, onChoose }: { category: FormationCategory; pressed: boolean; locked: boolean; onChoose: (id: number) => void }) {
  return (
    <button type="button" aria-pressed={pressed} data-variant={pressed ? 'primary' : 'ghost'} className={buttonClass} onClick={() => onChoose(category.id)}>
      {locked ? <Icon name="lock" size={16} aria-hidden="true" /> : null}
      {category.attributes.title}
    </button>
  );
});

/** Spec 3 §2, §6: the Prime prompt for categories 2, 5 and 6, another for the other locked ones. */
function LockedPrompt({ category }: { category: FormationCategory }) {
  const prime = lockedPrompt(category.id) === 'prime';
  return (
    <Prompt>
      <Icon name="lock" size={32} aria-hidden="true" />
      <h2>{prime ? category.attributes.title : LEARNING_TEXT.lockedCategory}</h2>
      <p>{prime ? FORMATION_TEXT.primePrompt : FORMATION_TEXT.lockedPrompt}</p>
      <Link href="/profil/abonnements" className={buttonClass}>
        {prime ? FORMATION_TEXT.discoverOffers : LEARNING_TEXT.seeOffers}
      </Link>
    </Prompt>
  );
}

const FormationCard = memo(function FormationCard({ formation, progress, highlighted }: { formation: Formation; progress: FormationProgress | null; highlighted: boolean }) {
  const titleId = useId();
  const { total } = courseSteps(formation);
  const done = progress?.allChaptersDone.filter((step) => step <= total).length ?? 0;
  const action = cardAction(done, total);
  const { storage } = useCore();
  return (
    <CardBox aria-labelledby={titleId} data-last={highlighted || undefined}>
      {formation.preview_image ? <img src={formation.preview_image} alt="" loading="lazy" width={320} height={180} /> : <CoverFallback aria-hidden="true" />}
      <CardBody>
        <h2 id={titleId}>{formation.title}</h2>
        <CardFoot>
          <ProgressRing done={done} total={total} size={44} />
          <Link
            href={coursePath(formation.categoryId, formation.id)}
            className={buttonClass}
            aria-describedby={titleId}
            onClick={() => remember(storage, LEARNING_KEYS.lastFormation, formation.id)}
          >
            {action}
          </Link>
        </CardFoot>
      </CardBody>
    </CardBox>
  );
});

const Page = styled.div`
  padding: 24px 32px 48px;
  & h1 {
    margin: 0 0 16px;
    font-size: 26px;
  }
  @media (max-width: 600px) {
    padding: 16px 12px 48px;
  }
`;

const Muted = styled.p`
  color: var(--muted);
`;

const Categories = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-bottom: 24px;
  & button {
    min-height: 44px;
    max-width: 100%;
    white-space: normal;
    text-align: left;
  }
`;

const CardBox = styled.article`
  display: flex;
  flex-direction: column;
  overflow: hidden;
  background: var(--surface);
  border: 1px solid var(--border);
  border-radius: var(--radius);
  &[data-last] {
    border-color: var(--accent);
  }
  & img {
    display: block;
    width: 100%;
    height: auto;
    aspect-ratio: 16 / 9;
    object-fit: cover;
    background: var(--border);
  }
`;

const CoverFallback = styled.div`
  aspect-ratio: 16 / 9;
  background: var(--border);
`;

const CardBody = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: 12px;
  padding: 14px;
  & h2 {
    margin: 0;
    font-size: 16px;
    line-height: 1.3;
  }
`;

const CardFoot = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  margin-top: auto;
  & a {
    min-height: 44px;
  }
`;

const Prompt = styled.div`
  display: grid;
  justify-items: center;
  gap: 12px;
  max-width: 560px;
  margin: 32px auto;
  padding: 24px;
  text-align: center;
  background: var(--surface);
  border: 1px solid var(--border);
  border-radius: var(--radius);
  & h2 {
    margin: 0;
    font-size: 20px;
  }
  & p {
    margin: 0;
    line-height: 1.5;
  }
`;
