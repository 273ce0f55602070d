import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

describe('a confirmation', () => {
  it('asks to Delete or Cancel unless the screen words it otherwise', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const { rerender } = render(
      <ConfirmDialog
        open
        title="Delete session"
        body="Delete Monday 9:00 am – 1:00 pm?"
        working={false}
        error={null}
        errorFallback="Failed to delete the session"
        onCancel={() => {}}
        onConfirm={onConfirm}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete session' });
    expect(dialog).toHaveTextContent('Delete Monday 9:00 am – 1:00 pm?');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();

    rerender(
      <ConfirmDialog
        open
        title="Cancel booking"
        body="Cancel the booking of Anil Deshpande?"
        working={false}
        error={null}
        errorFallback="Failed to cancel the booking"
        cancelLabel="Keep booking"
        confirmLabel="Cancel booking"
        onCancel={() => {}}
        onConfirm={onConfirm}
      />,
    );
    const asked = screen.getByRole('dialog', { name: 'Cancel booking' });
    expect(within(asked).getByRole('button', { name: 'Keep booking' })).toBeVisible();
    expect(within(asked).getByRole('button', { name: 'Cancel booking' })).toBeVisible();
  });
});
