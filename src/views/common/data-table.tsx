import { styled } from '@linaria/react';
import type { ReactNode } from 'react';

/** One column: its header, and what each row shows in it. */
export type Column<Row> = { header: string; cell: (row: Row, index: number) => ReactNode };

/**
 * A captioned table of rows in a region that scrolls sideways on its own (a phone never scrolls the
 * page sideways for it) and takes the focus to be scrolled by keyboard. The first column names its
 * row (`th scope="row"`).
 */
export function DataTable<Row>(props: { caption: string; columns: readonly Column<Row>[]; rows: readonly Row[]; rowKey: (row: Row) => string | number }) {
  const [first, ...rest] = props.columns;
  return (
    <Scroll role="region" aria-label={props.caption} tabIndex={0}>
      <table>
        <caption>{props.caption}</caption>
        <thead>
          <tr>
            {props.columns.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row, index) => (
            <tr key={props.rowKey(row)}>
              {first ? <th scope="row">{first.cell(row, index)}</th> : null}
              {rest.map((column) => (
                <td key={column.header}>{column.cell(row, index)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Scroll>
  );
}

const Scroll = styled.div`
  overflow-x: auto;
  max-width: 100%;
  & table {
    width: 100%;
    border-collapse: collapse;
    white-space: nowrap;
  }
  & caption {
    text-align: left;
    font-weight: 700;
    padding-bottom: 8px;
  }
  & th,
  & td {
    padding: 10px 12px;
    border-bottom: 1px solid var(--border);
    text-align: left;
  }
  & thead th {
    color: var(--muted);
    font-size: 14px;
  }
  &:focus-visible {
    outline: 2px solid var(--accent);
  }
`;
