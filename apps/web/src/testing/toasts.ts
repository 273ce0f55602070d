import { screen } from '@testing-library/react';

const toastKinds = ['success', 'warning', 'error', 'info', 'default'] as const;

/** The toast saying `text`, visible, and its kind as react-toastify draws it (the colour and icon). */
export async function findToast(text: string) {
  const words = await screen.findByText(text);
  const toast = words.closest('.Toastify__toast');
  const kind = toastKinds.find((candidate) => toast?.classList.contains(`Toastify__toast--${candidate}`));
  return { words, kind };
}
