import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FormEvent, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client';
import { ActionDialog, type DialogAction } from './action-dialog';

interface ScreenProps {
  working: boolean;
  error: unknown;
  action: DialogAction;
  onSubmit: (event: FormEvent) => void;
}

/** A screen that opens the dialog and closes it when the dialog asks. */
function Screen({ working, error, action, onSubmit }: ScreenProps) {
  const [open, setOpen] = useState(true);
  return (
    <ActionDialog
      open={open}
      title="Edit name"
      working={working}
      error={error}
      errorFallback="Failed to update the name"
      cancelLabel="Close"
      action={action}
      onClose={() => setOpen(false)}
    >
      <form id="name-form" onSubmit={onSubmit}>
        <input aria-label="Name" />
      </form>
    </ActionDialog>
  );
}

function renderOpened({
  working = false,
  error = null,
  action,
}: {
  working?: boolean;
  error?: unknown;
  action?: DialogAction;
} = {}) {
  const onAction = vi.fn();
  const submitted = vi.fn((event: FormEvent) => event.preventDefault());
  render(
    <Screen
      working={working}
      error={error}
      action={action ?? { label: 'Save', onClick: onAction }}
      onSubmit={submitted}
    />,
  );
  return { dialog: screen.getByRole('dialog', { name: 'Edit name' }), onAction, submitted };
}

describe('a dialog asking for one action', () => {
  it('acts on its button, and closes on its other', async () => {
    const user = userEvent.setup();
    const { dialog, onAction } = renderOpened();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(onAction).toHaveBeenCalledOnce();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
  });

  it('submits the form inside when its action names it', async () => {
    const user = userEvent.setup();
    const { dialog, submitted } = renderOpened({ action: { label: 'Save', formId: 'name-form' } });

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(submitted).toHaveBeenCalledOnce();
  });

  it('cannot be closed while its action is on its way', async () => {
    const user = userEvent.setup();
    const { dialog } = renderOpened({ working: true });

    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeDisabled();
    await user.keyboard('{Escape}');

    expect(screen.getByRole('dialog', { name: 'Edit name' })).toBeVisible();
  });

  it('says why the action failed: the server’s sentence, or the screen’s own', () => {
    const refused = new ApiError({
      status: 422,
      code: 'BUSINESS_RULE',
      message: 'This booking is already completed',
    });
    const { dialog } = renderOpened({ error: refused });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This booking is already completed');
  });

  it('falls back to the screen’s sentence when the server gave none', () => {
    const { dialog } = renderOpened({
      error: new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'offline' }),
    });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Failed to update the name');
  });

  it('keeps its action off while the action is not possible', () => {
    const { dialog } = renderOpened({ action: { label: 'Save', onClick: () => {}, disabled: true } });
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});
