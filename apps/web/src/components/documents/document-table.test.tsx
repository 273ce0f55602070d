import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type DocumentColumn, DocumentTable } from './document-table';

interface Line {
  id: string;
  name: string;
  amount: string;
}

const lines: Line[] = [
  { id: 'l1', name: 'Scaling and polishing', amount: '₹800.00' },
  { id: 'l2', name: 'Amoxicillin 500', amount: '₹150.00' },
];

const columns: DocumentColumn<Line>[] = [
  { heading: 'S.No', cell: (_line, index) => index + 1 },
  { heading: 'Item', cell: (line) => line.name },
  { heading: 'Amount', cell: (line) => line.amount, amount: true },
];

describe('a printed document’s table', () => {
  it('heads each column, then gives each entry a row of its cells, in order and numbered from 1', () => {
    render(<DocumentTable columns={columns} rows={lines} rowKey={(line) => line.id} />);

    const [headings, ...rows] = screen.getAllByRole('row');
    expect(
      within(headings as HTMLElement)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['S.No', 'Item', 'Amount']);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['1', 'Scaling and polishing', '₹800.00'],
      ['2', 'Amoxicillin 500', '₹150.00'],
    ]);
  });

  it('keeps its heading row when there are no entries', () => {
    render(<DocumentTable columns={columns} rows={[]} rowKey={(line) => line.id} />);

    expect(screen.getAllByRole('row')).toHaveLength(1);
    expect(screen.getAllByRole('columnheader')).toHaveLength(3);
  });
});
