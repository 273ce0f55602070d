import { chipClasses } from '@mui/material/Chip';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { searchPickerWords } from '@vaidya/contract/search-picker-screens';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SearchPicker } from './search-picker';

interface Medicine {
  id: string;
  name: string;
  composition: string;
}

const catalogue: Medicine[] = [
  { id: 'm1', name: 'Aceclofenac + Paracetamol', composition: 'Aceclofenac 100 mg + Paracetamol 325 mg' },
  { id: 'm2', name: 'Amoxicillin 500', composition: 'Amoxicillin 500 mg' },
  { id: 'm3', name: 'Chlorhexidine Mouthwash', composition: 'Chlorhexidine gluconate 0.2% w/v' },
  { id: 'm4', name: 'Chlorhexidine Mouthwash 0.2%', composition: 'Chlorhexidine gluconate 0.2% w/v' },
  { id: 'm5', name: 'Paracetamol 650', composition: 'Paracetamol 650 mg' },
];

interface WaitingSearch {
  term: string;
  answer: () => void;
  fail: () => void;
}

/**
 * Stands in for the server, answering slower than anyone types: every search waits
 * until the test answers it, so the test decides when and in which order the answers
 * arrive. It matches names and compositions, as the API does.
 */
function slowServer() {
  const waiting: WaitingSearch[] = [];
  const search = (term: string) =>
    new Promise<Medicine[]>((resolve, reject) => {
      const matching = catalogue.filter((medicine) =>
        `${medicine.name} ${medicine.composition}`.toLowerCase().includes(term.toLowerCase()),
      );
      waiting.push({ term, answer: () => resolve(matching), fail: () => reject(new Error('offline')) });
    });
  const settle = async (term: string, how: 'answer' | 'fail') => {
    await waitFor(() => expect(waiting.map((request) => request.term)).toContain(term));
    const requests = waiting.filter((request) => request.term === term);
    await act(async () => {
      for (const request of requests) {
        waiting.splice(waiting.indexOf(request), 1);
        request[how]();
      }
      // The query cache tells the screen on a later turn of the event loop; let it.
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  };
  return {
    search,
    /** The terms asked for and not yet answered. */
    waitingTerms: () => waiting.map((request) => request.term),
    answer: (term: string) => settle(term, 'answer'),
    fail: (term: string) => settle(term, 'fail'),
  };
}

type SlowServer = ReturnType<typeof slowServer>;

/** The picker in a form, as a dialog holds it, keeping what is picked. */
function MedicinesForm({
  server,
  debounceMs,
  onPick,
  onSubmit,
}: {
  server: SlowServer;
  debounceMs: number;
  onPick: (medicines: Medicine[]) => void;
  onSubmit: () => void;
}) {
  const [value, setValue] = useState<Medicine[]>([]);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <SearchPicker
        label="Medicines"
        value={value}
        onChange={(medicines) => {
          onPick(medicines);
          setValue(medicines);
        }}
        search={server.search}
        searchKey={['medicines', 'picker']}
        itemLabel={(medicine) => medicine.name}
        itemKey={(medicine) => medicine.id}
        itemDetail={(medicine) => medicine.composition}
        debounceMs={debounceMs}
      />
    </form>
  );
}

function renderPicker({ debounceMs = 30 }: { debounceMs?: number } = {}) {
  const server = slowServer();
  const picked = vi.fn<(medicines: Medicine[]) => void>();
  const submitted = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MedicinesForm server={server} debounceMs={debounceMs} onPick={picked} onSubmit={submitted} />
    </QueryClientProvider>,
  );
  return { server, picked, submitted, input: screen.getByRole('combobox', { name: 'Medicines' }) };
}

const offeredNames = () =>
  screen.queryAllByRole('option').map((option) => option.firstChild?.firstChild?.textContent);

describe('the search picker', () => {
  it('offers nothing while the answer for the typed term is on its way, then picks the typed drug', async () => {
    const { server, picked, submitted, input } = renderPicker();
    const user = userEvent.setup();

    // Opened, it lists the first medicines A–Z, as the reported mistake began.
    await user.click(input);
    await server.answer('');
    expect(await screen.findByRole('option', { name: /Aceclofenac \+ Paracetamol/ })).toBeVisible();

    // Typed fast and picked at once: the A–Z list is gone, only "Searching…" stands there.
    await user.type(input, 'chlorhex');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(screen.getByRole('status')).toHaveTextContent(searchPickerWords.searching);
    expect(picked).not.toHaveBeenCalled();
    expect(submitted).not.toHaveBeenCalled();

    await server.answer('chlorhex');
    await waitFor(() =>
      expect(offeredNames()).toEqual(['Chlorhexidine Mouthwash', 'Chlorhexidine Mouthwash 0.2%']),
    );
    await user.keyboard('{ArrowDown}{Enter}');

    expect(picked).toHaveBeenLastCalledWith([catalogue[2]]);
    expect(screen.getByRole('button', { name: 'Chlorhexidine Mouthwash' })).toBeVisible();
    expect(submitted).not.toHaveBeenCalled();
  });

  it('offers nothing before the typing has paused long enough to search', async () => {
    const { server, picked, input } = renderPicker({ debounceMs: 60_000 });
    const user = userEvent.setup();
    await user.click(input);
    await server.answer('');
    expect(await screen.findAllByRole('option')).toHaveLength(catalogue.length);

    await user.type(input, 'amox');
    await user.keyboard('{ArrowDown}{Enter}');

    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(screen.getByRole('status')).toHaveTextContent(searchPickerWords.searching);
    expect(server.waitingTerms()).not.toContain('amox');
    expect(picked).not.toHaveBeenCalled();
  });

  it('drops an answer for an older term that arrives after the answer for the new one', async () => {
    const { server, picked, input } = renderPicker();
    const user = userEvent.setup();

    await user.type(input, 'para');
    await waitFor(() => expect(server.waitingTerms()).toContain('para'));
    await user.clear(input);
    await user.type(input, 'amox');
    await server.answer('amox');
    await waitFor(() => expect(offeredNames()).toEqual(['Amoxicillin 500']));

    await server.answer('para');

    expect(offeredNames()).toEqual(['Amoxicillin 500']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(picked).toHaveBeenLastCalledWith([catalogue[1]]);
  });

  it('finds a medicine by its composition and shows it under the name', async () => {
    const { server, input } = renderPicker();
    const user = userEvent.setup();

    await user.type(input, 'gluconate');
    await server.answer('gluconate');

    expect(
      await screen.findByRole('option', {
        name: 'Chlorhexidine Mouthwash Chlorhexidine gluconate 0.2% w/v',
      }),
    ).toBeVisible();
  });

  it('tells similar names apart on their chips and never offers a picked medicine twice', async () => {
    const { server, picked, input } = renderPicker();
    const user = userEvent.setup();

    await user.type(input, 'mouthwash');
    await server.answer('mouthwash');
    await user.click(await screen.findByRole('option', { name: /^Chlorhexidine Mouthwash 0\.2%/ }));
    await user.type(input, 'mouthwash');
    await waitFor(() => expect(offeredNames()).toEqual(['Chlorhexidine Mouthwash']));
    await user.click(screen.getByRole('option', { name: /^Chlorhexidine Mouthwash/ }));

    expect(picked).toHaveBeenLastCalledWith([catalogue[3], catalogue[2]]);
    const chips = [
      screen.getByRole('button', { name: 'Chlorhexidine Mouthwash 0.2%' }),
      screen.getByRole('button', { name: 'Chlorhexidine Mouthwash' }),
    ];
    for (const chip of chips) {
      // The whole name wraps inside the chip instead of ending in an ellipsis.
      expect(chip.querySelector(`.${chipClasses.label}`)).toHaveStyle({ whiteSpace: 'normal' });
    }

    await user.type(input, 'mouthwash');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Nothing matches "mouthwash"'));
    expect(screen.queryAllByRole('option')).toEqual([]);
  });

  it('clears only the typed text with its ×, and removes picked items one at a time', async () => {
    const { server, picked, input } = renderPicker();
    const user = userEvent.setup();
    await user.type(input, 'mouthwash');
    await server.answer('mouthwash');
    await user.click(await screen.findByRole('option', { name: /^Chlorhexidine Mouthwash 0\.2%/ }));
    await user.type(input, 'mouthwash');
    await waitFor(() => expect(offeredNames()).toEqual(['Chlorhexidine Mouthwash']));
    await user.click(screen.getByRole('option', { name: /^Chlorhexidine Mouthwash/ }));
    expect(picked).toHaveBeenLastCalledWith([catalogue[3], catalogue[2]]);
    // MUI's × (titled "Clear") shows on hover and focus, through styles jsdom does not apply.
    const clearButton = () => screen.queryByTitle('Clear');
    // Nothing typed: no × that could only wipe the picked items.
    expect(clearButton()).not.toBeInTheDocument();

    await user.type(input, 'para');
    await user.click(clearButton() as HTMLElement);

    expect(input).toHaveValue('');
    expect(picked).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('button', { name: 'Chlorhexidine Mouthwash 0.2%' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Chlorhexidine Mouthwash' })).toBeVisible();

    const chip = screen.getByRole('button', { name: 'Chlorhexidine Mouthwash 0.2%' });
    await user.click(within(chip).getByTestId('CancelIcon'));
    expect(picked).toHaveBeenLastCalledWith([catalogue[2]]);
    expect(screen.queryByRole('button', { name: 'Chlorhexidine Mouthwash 0.2%' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Chlorhexidine Mouthwash' })).toBeVisible();
  });

  it('offers the matches in the server’s order, best first, and ↓ Enter picks the best', async () => {
    // The API ranks "amo": the name starting with it, then the names holding it elsewhere; not A–Z.
    const rankedNames = ['Amoxicillin 500', 'Paracetamol 650', 'Aceclofenac + Paracetamol'];
    const ranked = rankedNames.flatMap((name) => catalogue.filter((medicine) => medicine.name === name));
    const picked = vi.fn<(medicines: Medicine[]) => void>();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SearchPicker
          label="Medicines"
          value={[]}
          onChange={picked}
          search={async (term) => (term === 'amo' ? ranked : [])}
          searchKey={['medicines', 'ranked']}
          itemLabel={(medicine) => medicine.name}
          itemKey={(medicine) => medicine.id}
          debounceMs={0}
        />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();

    await user.type(screen.getByRole('combobox', { name: 'Medicines' }), 'amo');

    await waitFor(() => expect(offeredNames()).toEqual(rankedNames));
    await user.keyboard('{ArrowDown}{Enter}');
    expect(picked).toHaveBeenLastCalledWith([ranked[0]]);
  });

  it('says so when the search fails, and offers nothing', async () => {
    const { server, picked, input } = renderPicker();
    const user = userEvent.setup();

    await user.type(input, 'amox');
    await server.fail('amox');

    expect(await within(screen.getByRole('status')).findByText(searchPickerWords.searchFailed)).toBeVisible();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(picked).not.toHaveBeenCalled();
  });
});
