import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * A master list's Add button once its form has loaded: until then it is disabled and a
 * click would do nothing, so a test clicking at once would race the form's chunk.
 */
export async function readyAddButton(name: string): Promise<HTMLElement> {
  const button = await screen.findByRole('button', { name });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}
