import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, it } from 'vitest';
import { LandingPage } from './landing-page';

it('introduces Vaidya and leads the visitor to sign in', async () => {
  const router = createMemoryRouter([
    { path: '/', Component: LandingPage },
    { path: '/signin', element: <h1>Sign in</h1> },
  ]);
  render(<RouterProvider router={router} />);

  expect(screen.getByRole('heading', { level: 1, name: 'Vaidya' })).toBeVisible();
  expect(screen.getByText(/appointments and queues, prescriptions, bills and WhatsApp/)).toBeVisible();

  await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));

  expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(router.state.location.pathname).toBe('/signin');
});
