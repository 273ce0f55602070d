import type { Queue } from '@vaidya/contract/schedule';
import { useEffect, useState } from 'react';
import { sessionKeys } from '../../lib/session';

/** The queue the desk looked at last, remembered like the location (selLocId). */
export function rememberedQueueId(): string | null {
  return localStorage.getItem(sessionKeys.selectedQueueId);
}

/**
 * The remembered queue while the location still has it, otherwise its first; whichever is
 * shown is remembered, so the next visit's loader can ask for its tokens at once.
 */
export function useQueueSelection(queues: Queue[]) {
  const [chosenId, setChosenId] = useState(rememberedQueueId);
  const queue = queues.find((candidate) => candidate.id === chosenId) ?? queues[0];
  const queueId = queue?.id;

  useEffect(() => {
    if (queueId) localStorage.setItem(sessionKeys.selectedQueueId, queueId);
  }, [queueId]);

  return { queue, selectQueue: setChosenId };
}
