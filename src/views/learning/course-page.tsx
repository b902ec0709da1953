import { styled } from '@linaria/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { Link, useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import type { Formation, FormationProgress } from '../../contract/formations';
import { lockedPrompt } from '../../domain/formation-access';
import { emptyProgress } from '../../domain/formation-progress';
import { FORMATION_TEXT } from '../../domain/formation-text-fr';
import { LEARNING_TEXT } from '../../domain/learning-text-fr';
import { courseProgressMachine } from '../../machines/course-progress-machine';
import { useCore } from '../app-context';
import { Icon } from '../common/icons';
import { Button, buttonClass, ErrorText } from '../common/ui';
import { usePageTitle } from '../common/use-page-title';
import { backLink } from './back-link';
import { ChapterVideo } from './chapter-video';
import { CourseQuiz } from './course-quiz';
import { StepList } from './step-list';
import { certificatePath, coursePath, LEARNING_KEYS, markLearningScreen, remember } from './learning-memory';
import { useFormation, useFormationProgress, useLearning, useRefreshFormation } from './use-learning';

/**
 * The course player, `/formation/{categoryId}/{formationId}/{step}` (spec 3 §2, the second reading
 * of the course route: the card's link plus the step). It waits for the formation and its stored
 * progress, then runs the course progress machine; the step is written into the address as the
 * member moves (replacing the entry, so Back leaves the course).
 */
export function CoursePage({ params }: { params: { categoryId: string; formationId: string; step?: string } }) {
  const formationId = Number(params.formationId);
  const lookup = useFormation(formationId);
  const progress = useFormationProgress(formationId);
  useRefreshFormation(formationId);
  useEffect(markLearningScreen, []);
  usePageTitle(lookup.status === 'found' ? lookup.formation.title : FORMATION_TEXT.pageTitle);

  if (lookup.status === 'missing' || !Number.isInteger(formationId))
    return (
      <Page>
        <BackLink />
        <h1>{FORMATION_TEXT.pageTitle}</h1>
        <ErrorText role="alert">{FORMATION_TEXT.unknownFormation}</ErrorText>
      </Page>
    );
  if (lookup.status === 'loading' || progress === undefined)
    return (
      <Page>
        <BackLink />
        <h1>{FORMATION_TEXT.pageTitle}</h1>
        <p role="status">{LEARNING_TEXT.loading}</p>
      </Page>
    );
  const { formation } = lookup;
  if (formation.locked)
    return (
      <Page>
        <BackLink />
        <h1>{formation.title}</h1>
        <p>{lockedPrompt(formation.categoryId) === 'prime' ? FORMATION_TEXT.primePrompt : FORMATION_TEXT.lockedPrompt}</p>
        <Link href="/profil/abonnements" className={buttonClass}>
          {lockedPrompt(formation.categoryId) === 'prime' ? FORMATION_TEXT.discoverOffers : LEARNING_TEXT.seeOffers}
        </Link>
      </Page>
    );
  const requested = params.step !== undefined && /^\d+$/.test(params.step) ? Number(params.step) : null;
  return <CoursePlayer key={formation.id} formation={formation} progress={progress ?? { ...emptyProgress(formation.id), updatedAt: null }} requestedStep={requested} />;
}

function CoursePlayer({ formation, progress, requestedStep }: { formation: Formation; progress: FormationProgress; requestedStep: number | null }) {
  const learning = useLearning();
  const { storage } = useCore();
  const [location, navigate] = useLocation();
  const machine = useMemo(
    () =>
      courseProgressMachine.provide({
        actors: {
          saveStep: fromPromise(({ input }) => learning.validateStep(input.formationId, input.step)),
          submitQuiz: fromPromise(({ input }) => learning.submitQuiz(input.formationId, input.answers)),
        },
      }),
    [learning],
  );
  const actor = useActorRef(machine, { input: { formation, progress, requestedStep } });
  const step = useSelector(actor, (s) => s.context.step);
  const done = useSelector(actor, (s) => s.context.done);
  const total = useSelector(actor, (s) => s.context.total);
  const completed = useSelector(actor, (s) => s.context.completed);
  const score = useSelector(actor, (s) => s.context.quizzResult);
  const saving = useSelector(actor, (s) => s.matches({ course: 'saving' }));
  const failed = useSelector(actor, (s) => s.matches({ course: 'failed' }));
  const error = useSelector(actor, (s) => s.context.error);

  // The store's changes (a sync, another device) merge into the machine.
  useEffect(() => {
    actor.send({ type: 'PROGRESS_CHANGED', progress });
  }, [actor, progress]);

  // The step into the address, replacing the entry; the path remembered for the next visit.
  const path = coursePath(formation.categoryId, formation.id, step);
  useEffect(() => {
    if (location !== path) navigate(path, { replace: true });
    remember(storage, LEARNING_KEYS.lastCoursePath, path);
    remember(storage, LEARNING_KEYS.lastFormation, formation.id);
    remember(storage, LEARNING_KEYS.lastCategory, formation.categoryId);
    // Only the step moves the address; an address typed by the member goes through GO_TO below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);
  useEffect(() => {
    if (requestedStep !== null && requestedStep !== actor.getSnapshot().context.step) actor.send({ type: 'GO_TO', step: requestedStep });
  }, [actor, requestedStep]);

  const chapter = step <= formation.chapitres.length ? formation.chapitres[step - 1] : undefined;
  const paragraphs = chapter?.text ? chapter.text.split(/\n+/).filter((p) => p.trim() !== '') : [];
  return (
    <Page>
      <BackLink />
      <Header>
        <h1>{formation.title}</h1>
        <p>{FORMATION_TEXT.stepOf(step, Math.max(total, 1))}</p>
      </Header>
      <Layout>
        <StepList formation={formation} done={done} current={step} onGo={(target) => actor.send({ type: 'GO_TO', step: target })} />
        <Main>
          {completed ? (
            <Completed role="status">
              <Icon name="check" size={20} aria-hidden="true" />
              <span>
                {LEARNING_TEXT.completed}
                {score !== null ? ` — ${LEARNING_TEXT.yourScore} : ${FORMATION_TEXT.scoreShown(score)}` : ''}
              </span>
              <Link href={certificatePath(formation.categoryId, formation.id)} className={buttonClass}>
                {LEARNING_TEXT.seeCertificate}
              </Link>
            </Completed>
          ) : null}
          {chapter ? (
            <section aria-labelledby="chapter-title">
              <h2 id="chapter-title">{chapter.name}</h2>
              {chapter.videoUrl ? <ChapterVideo key={chapter.id} formationId={formation.id} chapter={chapter} resumeAt={progress.positions[String(chapter.id)] ?? 0} /> : null}
              {paragraphs.length > 0 ? (
                <Text aria-label={LEARNING_TEXT.chapterText}>
                  {paragraphs.map((p, k) => (
                    <p key={k}>{p}</p>
                  ))}
                </Text>
              ) : null}
              {failed && error ? (
                <Failure role="alert">
                  <ErrorText>{error}</ErrorText>
                  <Button variant="ghost" onClick={() => actor.send({ type: 'RETRY' })}>
                    {LEARNING_TEXT.retry}
                  </Button>
                </Failure>
              ) : null}
              <Actions>
                <Button onClick={() => actor.send({ type: 'VALIDATE' })} disabled={saving}>
                  {done.includes(step) ? <Icon name="check" size={18} aria-hidden="true" /> : null}
                  {FORMATION_TEXT.validateCourse}
                </Button>
              </Actions>
            </section>
          ) : (
            <CourseQuiz actor={actor} formation={formation} />
          )}
        </Main>
      </Layout>
    </Page>
  );
}

function BackLink() {
  return (
    <Link href="/formation" className={backLink}>
      <Icon name="back" size={18} aria-hidden="true" />
      {FORMATION_TEXT.backToFormations}
    </Link>
  );
}

const Page = styled.div`
  padding: 20px 32px 48px;
  max-width: 1280px;
  @media (max-width: 600px) {
    padding: 12px 12px 48px;
  }
`;


const Header = styled.header`
  margin: 8px 0 16px;
  & h1 {
    margin: 0;
    font-size: 24px;
  }
  & p {
    margin: 4px 0 0;
    color: var(--muted);
  }
`;

const Layout = styled.div`
  display: grid;
  grid-template-columns: 280px minmax(0, 1fr);
  gap: 24px;
  align-items: start;
  @media (max-width: 900px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Main = styled.div`
  display: grid;
  gap: 16px;
  min-width: 0;
  & h2 {
    margin: 0 0 12px;
    font-size: 20px;
  }
`;

const Text = styled.div`
  max-width: 72ch;
  line-height: 1.6;
`;

const Actions = styled.div`
  display: flex;
  gap: 12px;
  margin-top: 16px;
  & button {
    min-height: 44px;
  }
`;

const Failure = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
`;

const Completed = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  padding: 12px 16px;
  border: 1px solid var(--accent);
  border-radius: var(--radius);
  background: var(--surface);
  font-weight: 600;
`;
