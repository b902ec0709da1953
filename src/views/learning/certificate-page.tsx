import { css } from '@linaria/core';
import { styled } from '@linaria/react';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { courseSteps, isCompleted } from '../../domain/formation-progress';
import { frenchFormat } from '../../domain/dates-fr';
import { FORMATION_TEXT } from '../../domain/formation-text-fr';
import { LEARNING_TEXT } from '../../domain/learning-text-fr';
import { Icon } from '../common/icons';
import { ErrorText } from '../common/ui';
import { usePageTitle } from '../common/use-page-title';
import { useCurrentUser } from '../use-current-user';
import { Certificate } from './certificate';
import { backLink } from './back-link';
import { coursePath, markLearningScreen } from './learning-memory';
import { useFormation, useFormationProgress, useRefreshFormation } from './use-learning';

const longDate = frenchFormat({ day: 'numeric', month: 'long', year: 'numeric' });

/**
 * `/formation/{categoryId}/{formationId}/certificat`: the certificate of a completed formation —
 * the member, the formation, the date it was completed and the quiz score — printed alone on one
 * A4 page (the `Certificate` component's print rule).
 */
export function CertificatePage({ params }: { params: { categoryId: string; formationId: string } }) {
  const formationId = Number(params.formationId);
  const lookup = useFormation(formationId);
  const progress = useFormationProgress(formationId);
  const user = useCurrentUser();
  useRefreshFormation(formationId);
  useEffect(markLearningScreen, []);
  usePageTitle(FORMATION_TEXT.certificateTitle);

  if (lookup.status === 'missing')
    return (
      <Page>
        <h1>{FORMATION_TEXT.certificateTitle}</h1>
        <ErrorText role="alert">{FORMATION_TEXT.unknownFormation}</ErrorText>
      </Page>
    );
  if (lookup.status === 'loading' || progress === undefined)
    return (
      <Page>
        <h1>{FORMATION_TEXT.certificateTitle}</h1>
        <p role="status">{LEARNING_TEXT.loading}</p>
      </Page>
    );
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
        <h1>{FORMATION_TEXT.certificateTitle}</h1>
        <p>{LEARNING_TEXT.certificateUnavailable}</p>
      </Page>
    );
  const date = progress.updatedAt ? new Date(progress.updatedAt) : new Date();
  return (
    <Page>
      <Tools className={noPrint}>{back}</Tools>
      <Certificate memberName={user?.username ?? ''} formationTitle={formation.title} date={longDate(date)} score={progress.quizzResult} />
    </Page>
  );
}

const Page = styled.div`
  padding: 20px 32px 48px;
  @media (max-width: 600px) {
    padding: 12px;
  }
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
