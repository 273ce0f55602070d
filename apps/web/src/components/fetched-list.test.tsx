import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { FetchedList } from './fetched-list';

/** Answers the list's fetches in turn, as a server would: each is a list or a failure. */
function answering(...answers: (string[] | Error)[]) {
  return () => {
    const next = answers.shift() ?? [];
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  };
}

function Queues({ fetchQueues }: { fetchQueues: () => Promise<string[]> }) {
  const queues = useQuery({ queryKey: ['queues'], queryFn: fetchQueues, retry: false });
  return (
    <FetchedList query={queues} fetchError="Failed to load the queues" empty="No queues yet">
      {(names) => (
        <ul aria-label="Queues">
          {names.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      )}
    </FetchedList>
  );
}

function renderQueues(fetchQueues: () => Promise<string[]>) {
  const queryClient = new QueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <Queues fetchQueues={fetchQueues} />
    </QueryClientProvider>,
  );
}

describe('a fetched list', () => {
  it('holds its place while it loads, then shows its items', async () => {
    renderQueues(answering(['Dr. Kulkarni', 'Dr. Joshi']));

    expect(document.querySelector('.MuiSkeleton-root')).not.toBeNull();
    const list = await screen.findByRole('list', { name: 'Queues' });
    expect(list).toHaveTextContent('Dr. KulkarniDr. Joshi');
    expect(document.querySelector('.MuiSkeleton-root')).toBeNull();
  });

  it('says so when it is empty', async () => {
    renderQueues(answering([]));

    expect(await screen.findByText('No queues yet')).toBeVisible();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('says why it could not be fetched, and fetches again on Retry', async () => {
    const user = userEvent.setup();
    renderQueues(
      answering(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'offline' }), ['Dr. Kulkarni']),
    );

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the queues');
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('list', { name: 'Queues' })).toHaveTextContent('Dr. Kulkarni');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
