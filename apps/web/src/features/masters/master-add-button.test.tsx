import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { productContract, treatmentContract } from '@vaidya/contract/masters';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeMaster, uuid } from '../../testing/fake-masters';
import { fakeServer, type Handler, storeSignedInSession } from '../../testing/fake-server';
import { renderApp } from '../../testing/render-app';

/** The medicine form's code, held back until a test lets it arrive, as on a slow connection. */
const medicineFormCode = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { arrived, arrive: () => arrive() };
});
vi.mock('./components/medicine-form', async (importOriginal) => {
  await medicineFormCode.arrived;
  return importOriginal();
});

// The router loads these lazily; the first test would otherwise spend its waits on compiling them.
const journeyTimeout = 30_000;

beforeAll(async () => {
  await Promise.all([
    import('../../app/dashboard-layout'),
    import('./prescription-masters-page'),
    import('./treatment-masters-page'),
    import('./components/treatment-masters-form'),
  ]);
});

const paracetamol = {
  id: uuid(11),
  product_name: 'Paracetamol 500',
  price: 20,
  tax_percentage: 12,
  composition: 'Paracetamol',
  dosage_qty: '1 tablet',
  instructions: 'After meal',
  days: 3,
  is_morning: true,
  is_afternoon: false,
  is_evening: true,
  is_sos: false,
};

const dentalTreatmentTypes = {
  data: [
    { id: 1, treatment_name: 'Filling' },
    { id: 2, treatment_name: 'Root Canal Treatment' },
  ],
};

/** An answer held until `release`, as a slow server's would be. */
function heldAnswer(body: unknown): { handler: Handler; release: () => void } {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    handler: async () => {
      await released;
      return Response.json(body);
    },
    release: () => release(),
  };
}

describe('the Add button of a master list', { timeout: journeyTimeout }, () => {
  it('waits, disabled and saying why, until its form’s code has arrived', async () => {
    storeSignedInSession();
    fakeServer(fakeMaster(productContract.names, [paracetamol]));
    renderApp('/dashboard/prescription-masters?list=medicines');
    expect(await screen.findByRole('cell', { name: 'Paracetamol 500' })).toBeVisible();

    const add = screen.getByRole('button', { name: 'Add Medicine' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription('Getting the form ready…');

    medicineFormCode.arrive();
    await waitFor(() => expect(add).toBeEnabled());
    expect(add).not.toHaveAccessibleDescription();
    await userEvent.click(add);
    const dialog = await screen.findByRole('dialog', { name: 'Add New Medicine' });
    expect(await within(dialog).findByLabelText(/Medicine Name/)).toBeVisible();
  });

  it('on a dentist’s treatment masters, waits for the dental chart’s treatment types too', async () => {
    storeSignedInSession();
    const types = heldAnswer(dentalTreatmentTypes);
    fakeServer({
      ...fakeMaster(treatmentContract.names, []),
      'GET /api/masters/get-dental-treatment-types': types.handler,
    });
    renderApp('/dashboard/treatment-masters');
    expect(await screen.findByText('No Treatments Found')).toBeVisible();

    const add = screen.getByRole('button', { name: 'Add Treatment' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription('Getting the form ready…');

    types.release();
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(add);
    const dialog = await screen.findByRole('dialog', { name: 'Add New Item' });
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Chart' }));
    // Ticking Chart lists the types at once, without a wait for them.
    expect(within(dialog).getByRole('combobox', { name: /Treatment type/ })).toBeEnabled();
  });

  it('says so when the form cannot be loaded, and Retry gets it', async () => {
    storeSignedInSession();
    let serverDown = true;
    fakeServer({
      ...fakeMaster(treatmentContract.names, []),
      'GET /api/masters/get-dental-treatment-types': () =>
        serverDown
          ? Response.json({ message: 'Internal error', code: 'INTERNAL' }, { status: 500 })
          : Response.json(dentalTreatmentTypes),
    });
    renderApp('/dashboard/treatment-masters');

    const failed = 'The form could not be loaded. Check the connection and retry.';
    expect(await screen.findByText(failed)).toBeVisible();
    const add = screen.getByRole('button', { name: 'Add Treatment' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription(failed);

    serverDown = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(add).toBeEnabled());
    expect(screen.queryByText(failed)).not.toBeInTheDocument();
  });
});
