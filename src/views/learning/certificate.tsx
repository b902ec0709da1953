import { css } from '@linaria/core';
import { styled } from '@linaria/react';
import { FORMATION_TEXT } from '../../domain/formation-text-fr';
import { Icon } from '../common/icons';
import { Button } from '../common/ui';

/**
 * A completed formation's certificate: one A4 page when printed. While a certificate is on the
 * page, the print rule hides everything else (the shell's navigation, bars and menus, whatever
 * their structure) with `visibility`, which descendants can override, and lays the certificate
 * over the page; the 'Imprimer' button itself is not printed.
 */
export function Certificate({ memberName, formationTitle, date, score }: { memberName: string; formationTitle: string; date: string; score: number | null }) {
  return (
    <Page data-certificate="" className={certificatePrint}>
      <Sheet aria-labelledby="certificat-titre">
        <Icon name="logo" size={40} />
        <Title id="certificat-titre">{FORMATION_TEXT.certificateTitle}</Title>
        <Line>{FORMATION_TEXT.awardedTo}</Line>
        <Name>{memberName}</Name>
        <Line>{FORMATION_TEXT.forFormation}</Line>
        <Formation>{formationTitle}</Formation>
        {score !== null ? (
          <Line>
            {FORMATION_TEXT.quizScore} : <strong>{FORMATION_TEXT.scoreShown(score)}</strong>
          </Line>
        ) : null}
        <Line>{FORMATION_TEXT.awardedOn(date)}</Line>
      </Sheet>
      <Button type="button" data-print-hidden="" onClick={() => window.print()}>
        <Icon name="download" size={18} />
        {FORMATION_TEXT.print}
      </Button>
    </Page>
  );
}

/** Global: it must reach the shell's elements, outside the certificate. */
const certificatePrint = css`
  :global() {
    @page {
      size: A4;
      margin: 15mm;
    }
    @media print {
      body:has([data-certificate]) * {
        visibility: hidden;
      }
      body:has([data-certificate]) [data-certificate],
      body:has([data-certificate]) [data-certificate] * {
        visibility: visible;
      }
      [data-certificate] {
        position: fixed;
        inset: 0;
        padding: 0;
      }
      [data-certificate] [data-print-hidden] {
        display: none;
      }
    }
  }
`;

const Page = styled.div`
  display: grid;
  justify-items: center;
  gap: 20px;
  padding: 24px 16px;
`;

const Sheet = styled.article`
  width: min(100%, 180mm);
  aspect-ratio: 210 / 297;
  max-height: 267mm;
  box-sizing: border-box;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 12px;
  padding: 32px 24px;
  border: 6px double var(--accent);
  border-radius: 4px;
  background: var(--surface);
  color: var(--text);
  text-align: center;
  break-inside: avoid;
  @media print {
    width: 100%;
    height: 100%;
    max-height: none;
    aspect-ratio: auto;
    background: #ffffff;
    color: #000000;
    print-color-adjust: exact;
  }
`;

const Title = styled.h1`
  margin: 8px 0 16px;
  font-size: clamp(24px, 5vw, 36px);
  letter-spacing: 0.02em;
`;

const Line = styled.p`
  margin: 0;
  font-size: 16px;
`;

const Name = styled.p`
  margin: 0 0 8px;
  font-size: clamp(22px, 4.5vw, 30px);
  font-weight: 700;
`;

const Formation = styled.p`
  margin: 0 0 8px;
  font-size: 20px;
  font-style: italic;
`;
