import { styled } from '@linaria/react';
import { BROKER_ROWS } from '../../domain/broker-table';
import { CONTENT_TEXT } from '../../domain/content-text-fr';
import { formatEuros } from '../../domain/toolbox';

/** Spec 3 §2, §9: the partner brokers' minimum capitals, their names not shown. Every member sees it. */
export function BrokerTable() {
  return (
    <Section aria-labelledby="courtiers-partenaires">
      <Table aria-describedby="courtiers-partenaires-note">
        <caption id="courtiers-partenaires">{CONTENT_TEXT.brokersCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{CONTENT_TEXT.brokerColumn}</th>
            <th scope="col">{CONTENT_TEXT.minimumColumn}</th>
          </tr>
        </thead>
        <tbody>
          {BROKER_ROWS.map((row) => (
            <tr key={row.rank}>
              <th scope="row">{CONTENT_TEXT.broker(row.rank)}</th>
              <td>
                {row.minimums.map((m) => (
                  <span key={m.market ?? 'all'}>{m.market === null ? formatEuros(m.euros) : CONTENT_TEXT.minimumFor(formatEuros(m.euros), CONTENT_TEXT.market[m.market])}</span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <p id="courtiers-partenaires-note">{CONTENT_TEXT.brokersIntro}</p>
    </Section>
  );
}

const Section = styled.section`
  margin-top: 40px;
  max-width: 640px;
  & > p {
    margin: 8px 0 0;
    color: var(--muted);
    font-size: 14px;
  }
`;

/** Two narrow columns: fits a phone without scrolling sideways. */
const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  background: var(--surface);
  border: 1px solid var(--border);
  border-radius: var(--radius);
  & caption {
    padding: 0 0 10px;
    text-align: left;
    font-size: 20px;
    font-weight: 700;
  }
  & th,
  & td {
    padding: 12px 14px;
    text-align: left;
    border-bottom: 1px solid var(--border);
    vertical-align: top;
  }
  & thead th {
    color: var(--muted);
    font-size: 13px;
    text-transform: uppercase;
    letter-spacing: 0.04em;
  }
  & tbody tr:last-child > * {
    border-bottom: 0;
  }
  & td span {
    display: block;
  }
`;
