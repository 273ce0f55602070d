import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ClinicContext } from '../../../lib/clinic-context';
import { sushrutDental } from '../../../testing/fake-server';
import { MedicineForm } from './medicine-form';
import { TreatmentForm } from './treatment-form';
import { TreatmentMastersForm } from './treatment-masters-form';

const formProps = { record: null, formId: 'master-form', onSubmit: () => undefined };

// A phone picks its keyboard from the `<input>`'s own inputmode attribute.
describe('the number fields of the masters’ forms open the number keypad', () => {
  it('medicine: price and tax with a decimal point, days in digits', () => {
    render(<MedicineForm {...formProps} />);

    expect(screen.getByRole('textbox', { name: 'Price' })).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByRole('textbox', { name: 'Tax' })).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByRole('textbox', { name: 'Days' })).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByRole('textbox', { name: /Medicine Name/ })).not.toHaveAttribute('inputmode');
  });

  it('treatment in the consultation list: price with a decimal point', () => {
    render(<TreatmentForm {...formProps} />);

    expect(screen.getByRole('textbox', { name: 'Price' })).toHaveAttribute('inputmode', 'decimal');
  });

  it('treatment masters: fees with a decimal point', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ClinicContext value={{ partner: sushrutDental, location: null, selectLocation: () => undefined }}>
          <TreatmentMastersForm {...formProps} />
        </ClinicContext>
      </QueryClientProvider>,
    );

    expect(screen.getByRole('textbox', { name: /Fees/ })).toHaveAttribute('inputmode', 'decimal');
  });
});
