import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { discardChangesWords } from '@vaidya/contract/master-screens';
import { complaintContract } from '@vaidya/contract/masters';
import { type ReactNode, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FormDialog } from '../../../components/form-dialog';
import { uuid } from '../../../testing/fake-masters';
import { answer, fakeServer } from '../../../testing/fake-server';
import type { MasterFormProps } from '../master-definition';
import { NameForm } from './name-form';
import { TemplateForm } from './template-form';

type FormSlot = Pick<MasterFormProps<never>, 'formId' | 'onSubmit'>;

const complaintForm = (slot: FormSlot) => (
  <NameForm
    {...slot}
    name=""
    label="Complaint Name"
    payloadField="complaintName"
    nameRule={complaintContract.addBody.shape.complaintName}
  />
);

/** A list screen's part in it: a button that opens the dialog, and the dialog closing when told to. */
function ListScreen({
  title,
  form,
  onClosed,
}: {
  title: string;
  form: (slot: FormSlot) => ReactNode;
  onClosed: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <FormDialog
        open={open}
        title={title}
        editing={false}
        saving={false}
        error={null}
        errorFallback="Failed to save"
        formId="master-form"
        onClose={() => {
          onClosed();
          setOpen(false);
        }}
      >
        {open ? form({ formId: 'master-form', onSubmit: vi.fn() }) : null}
      </FormDialog>
    </>
  );
}

function renderDialog(title: string, form: (slot: FormSlot) => ReactNode) {
  const closed = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ListScreen title={title} form={form} onClosed={closed} />
    </QueryClientProvider>,
  );
  const open = async () => {
    // Found once the last dialog has faded out and the page can be reached again.
    await userEvent.click(await screen.findByRole('button', { name: 'Open' }));
    return screen.findByRole('dialog', { name: title });
  };
  return { open, closed };
}

/** A click on the dimmed page around the dialog. */
const clickOutside = (dialog: HTMLElement) => userEvent.click(dialog.parentElement as HTMLElement);

const question = () => screen.findByRole('dialog', { name: discardChangesWords.title });

/** Answers the question, and waits until it has faded out and the form can be reached again. */
async function reply(answer: string) {
  await userEvent.click(within(await question()).getByRole('button', { name: answer }));
  await waitFor(() =>
    expect(screen.queryByRole('dialog', { name: discardChangesWords.title })).not.toBeInTheDocument(),
  );
}

describe('closing a master dialog', () => {
  it('closes at once by Escape, a click outside or Cancel while nothing has been entered', async () => {
    const { open, closed } = renderDialog('Add New Complaint', complaintForm);

    await open();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(closed).toHaveBeenCalledTimes(1));

    await clickOutside(await open());
    await waitFor(() => expect(closed).toHaveBeenCalledTimes(2));

    await userEvent.click(within(await open()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(closed).toHaveBeenCalledTimes(3));
    expect(screen.queryByRole('dialog', { name: discardChangesWords.title })).not.toBeInTheDocument();
  });

  it('asks before throwing away a typed name: Keep editing keeps it, Discard closes', async () => {
    const { open, closed } = renderDialog('Add New Complaint', complaintForm);
    const dialog = await open();
    await userEvent.type(within(dialog).getByLabelText(/Complaint Name/), 'Toothache');

    await userEvent.keyboard('{Escape}');
    expect(await question()).toHaveTextContent(discardChangesWords.body);
    await reply(discardChangesWords.keepEditing);
    expect(within(dialog).getByLabelText(/Complaint Name/)).toHaveValue('Toothache');
    expect(closed).not.toHaveBeenCalled();

    await clickOutside(dialog);
    await reply(discardChangesWords.keepEditing);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await reply(discardChangesWords.discard);

    await waitFor(() => expect(closed).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Opened again, it starts empty, so Escape closes it at once.
    expect(within(await open()).getByLabelText(/Complaint Name/)).toHaveValue('');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(closed).toHaveBeenCalledTimes(2));
  });

  it('asks after a medicine is taken off a template, though nothing was typed', async () => {
    const paracetamol = {
      id: uuid(11),
      product_name: 'Paracetamol 500',
      price: 20,
      tax_percentage: null,
      composition: 'Paracetamol 500 mg',
      dosage_qty: '1 tablet',
      instructions: 'After meal',
      days: 3,
      is_morning: true,
      is_afternoon: false,
      is_evening: true,
      is_sos: false,
    };
    const amoxicillin = { ...paracetamol, id: uuid(12), product_name: 'Amoxicillin 250' };
    fakeServer({ 'GET /api/masters/get-products-of-template': answer({ data: [paracetamol, amoxicillin] }) });
    const template = {
      id: uuid(21),
      template_name: 'Post extraction',
      medicines: [paracetamol, amoxicillin],
    };
    const { open, closed } = renderDialog('Edit Medicine Template', (slot) => (
      <TemplateForm {...slot} record={template} />
    ));

    const dialog = await open();
    const chip = await within(dialog).findByRole('button', { name: 'Amoxicillin 250' });
    chip.focus();
    await userEvent.keyboard('{Backspace}');
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Amoxicillin 250' })).toBeNull());

    await userEvent.keyboard('{Escape}');
    expect(await question()).toBeVisible();
    expect(closed).not.toHaveBeenCalled();
  });
});
