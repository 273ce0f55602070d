import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PatientLink } from './patient-link';

const patientId = '0b7a3c2e-1d4f-4a5b-8c6d-7e8f9a0b1c2d';

describe('a patient’s name', () => {
  it('is a link to their page, named by the name alone', async () => {
    const router = createMemoryRouter(
      [
        { path: '/dashboard/bookings', element: <PatientLink patientId={patientId} name="Asha Verma" /> },
        { path: '/dashboard/patients/:id', element: <h1>Patient page</h1> },
      ],
      { initialEntries: ['/dashboard/bookings'] },
    );
    render(<RouterProvider router={router} />);

    const link = screen.getByRole('link', { name: 'Asha Verma' });
    expect(link).toHaveAttribute('href', `/dashboard/patients/${patientId}`);
    await userEvent.click(link);
    expect(await screen.findByRole('heading', { name: 'Patient page' })).toBeVisible();
  });
});
