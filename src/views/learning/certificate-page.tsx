import { css } from '@linaria/core';
import { styled } from '@linaria/react';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { courseSteps, isCompleted } from '../../domain/formation-progress';
import { frenchFormat } from '../../domain/dates-fr';
import { FORMATION_TEXT } from '../../domain/formation-text-fr';
import { LEARNING_TEXT } from '../../domain/learning-text-fr';
import { Icon } from '../common/icons';
import { Button, ErrorText } from '../common/ui';
import { usePageTitle } from '../common/use-page-title';
import { useCurrentUser } from '../use-current-user';
import { coursePath, markLearningScreen } from './learning-memory';
import { useFormation, useFormationProgress, useRefreshFormation } from './use-learning';

const longDate = frenchFormat({ day: 'numeric', month: 'long', year: 'numeric' });

/**
 * `/formation/{categoryId}/{formationId}/certificat`: the certificate of a completed formation —
 * the member, the formation, the date and the quiz score — printed alone on one A4 page.
 */
export function CertificatePage({ params }: { params: { categoryId: string; formationId: string } }) {
  const formationId = Number(params.formationId);
  const lookup = useFormation(formationId);
  const progress = useFormationProgress(formationId);
  const user = useCurrentUser();
  useRefreshFormation(formationId);
  useEffect(markLearningScreen, []);
  usePageTitle(LEARNING_TEXT.certificateTitle);

  if (lookup.status === 'missing') return <Page><ErrorText role="alert">{FORMATION_TEXT.unknownFormation}</ErrorText></Page>;
  if (lookup.status === 'loading' || progress === undefined) return <Page><p role="status">{LEARNING_TEXT.loading}</p></Page>;
  const { formation } = lookup;
  const back = (
    <Link href={coursePath(formation.categoryId, formation.id)} className={backLink}>
      <Icon name="back" size={18} aria-hidden="true" />
      {LEARNING_TEXT.backToCourse}
    </Link>
  );
  const done = progress?.completed || (progress ? isCompleted(progress.allChaptersDone, courseSteps(formation).total) : false);
  if (!progress || !done)
    return (
      <Page>
        {back}
        <p>{LEARNING_TEXT.certificateUnavailable}</p>
      </Page>
    );
  const date = progress.updatedAt ? new Date(progress.updatedAt) : new Date();
  return (
    <Page>
      <Tools className={noPrint}>
        {back}
        <Button onClick={() => window.print()}>{LEARNING_TEXT.print}</Button>
      </Tools>
      <Sheet className={printable} aria-labelledby="certificate-title">
        <Icon name="logo" size={48} aria-hidden="true" />
        <h1 id="certificate-title">{LEARNING_TEXT.certificateTitle}</h1>
        <p>{LEARNING_TEXT.certifies}</p>
        <Name>{user?.username ?? ''}</Name>
        <p>{LEARNING_TEXT.finished}</p>
        <Title>{formation.title}</Title>
        {progress.quizzResult !== null ? (
          <p>
            {LEARNING_TEXT.quizScore} <strong>{FORMATION_TEXT.score(progress.quizzResult)}</strong>
          </p>
        ) : null}
        <p>{LEARNING_TEXT.onDate(longDate(date))}</p>
        <Brand>{LEARNING_TEXT.brand}</Brand>
      </Sheet>
    </Page>
  );
}

const Page = styled.div`
  padding: 20px 32px 48px;
  @media (max-width: 600px) {
    padding: 12px;
  }
`;

const backLink = css`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 44px;
  color: var(--accent);
  font-weight: 600;
  text-decoration: none;
`;

const Tools = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  margin-bottom: 16px;
`;

const noPrint = css`
  @media print {
    display: none !important;
  }
`;

/** Printed alone, centred on one A4 page: everything else on the page is hidden when printing. */
const printable = css`
  :global() {
    @media print {
      @page {
        size: A4 portrait;
        margin: 12mm;
      }
      body * {
        visibility: hidden;
      }
    }
  }
  @media print {
    visibility: visible;
    position: fixed;
    inset: 0;
    margin: 0;
    border-width: 6px;
    break-inside: avoid;
    & * {
      visibility: visible;
    }
  }
`;

const Sheet = styled.section`
  display: grid;
  justify-items: center;
  gap: 8px;
  max-width: 760px;
  margin: 0 auto;
  padding: 48px 24px;
  text-align: center;
  border: 4px double var(--accent);
  border-radius: var(--radius);
  background: var(--surface);
  color: var(--text);
  & h1 {
    margin: 8px 0 16px;
    font-size: 30px;
  }
  & p {
    margin: 0;
  }
`;

const Name = styled.p`
  font-size: 26px;
  font-weight: 700;
`;

const Title = styled.p`
  font-size: 22px;
  font-weight: 600;
  font-style: italic;
`;

const Brand = styled.p`
  margin-top: 24px !important;
  color: var(--muted);
  letter-spacing: 0.2em;
  text-transform: uppercase;
`;
