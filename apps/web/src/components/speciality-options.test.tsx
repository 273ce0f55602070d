import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { specialities } from '@vaidya/contract/specialities';
import { specialityLabels } from '@vaidya/contract/speciality-labels';
import { describe, expect, it } from 'vitest';
import { SpecialityOptions } from './speciality-options';

describe('the speciality options', () => {
  it('prompt first, then offer every speciality by its label; the prompt cannot be chosen', async () => {
    const user = userEvent.setup();
    render(
      <select aria-label="Speciality" defaultValue="">
        <SpecialityOptions prompt="Choose a speciality" />
      </select>,
    );
    const select = screen.getByRole('combobox', { name: 'Speciality' });
    const options = within(select).getAllByRole('option');

    expect(options.map((option) => option.textContent)).toEqual([
      'Choose a speciality',
      ...specialities.map((speciality) => specialityLabels[speciality]),
    ]);
    expect(options[0]).toBeDisabled();

    await user.selectOptions(select, specialityLabels.DENTIST);
    expect(select).toHaveValue('DENTIST');
  });
});
