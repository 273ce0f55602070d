import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DentalFinding } from '@vaidya/contract/dental';
import { describe, expect, it, vi } from 'vitest';
import { onAScreenOf } from '../../../testing/screen-width';
import { fakeFinding } from '../fake-dental';
import { type ChartTarget, DentalChart } from './dental-chart';

function drawChart(findings: DentalFinding[] = [], options: { mixed?: boolean; universal?: boolean } = {}) {
  const onOpen = vi.fn<(target: ChartTarget) => void>();
  render(
    <DentalChart
      findings={findings}
      mixedDentition={options.mixed ?? false}
      numbering={options.universal ? 'UNIVERSAL' : 'FDI'}
      onOpen={onOpen}
    />,
  );
  return onOpen;
}

const tooth = (name: string | RegExp) => screen.getByRole('button', { name });

describe('the dental chart', () => {
  it('is one stop of the Tab key, on the upper right third molar, and arrows move between teeth', async () => {
    const user = userEvent.setup();
    drawChart();
    const buttons = screen.getAllByRole('button');
    // 32 teeth, each with five surfaces.
    expect(buttons).toHaveLength(32 * 6);
    expect(buttons.filter((button) => button.getAttribute('tabindex') === '0')).toHaveLength(1);

    await user.tab();
    expect(tooth('Tooth 18')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tooth('Tooth 17')).toHaveFocus();
    // Reading order runs across the midline: 11, then 21.
    await user.keyboard('{ArrowRight>6}');
    expect(tooth('Tooth 11')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tooth('Tooth 21')).toHaveFocus();
    // Down is the tooth under it in the lower arch; Up goes back.
    await user.keyboard('{ArrowDown}');
    expect(tooth('Tooth 31')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tooth('Tooth 41')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(tooth('Tooth 11')).toHaveFocus();
    await user.keyboard('{End}');
    expect(tooth('Tooth 38')).toHaveFocus();
    // The tooth last left is the one Tab comes back to.
    expect(tooth('Tooth 38')).toHaveAttribute('tabindex', '0');
    expect(tooth('Tooth 18')).toHaveAttribute('tabindex', '-1');
  });

  it('opens the finding menu with Enter on a tooth, and on a surface reached by its letter', async () => {
    const user = userEvent.setup();
    const onOpen = drawChart();
    await user.tab();
    await user.keyboard('{ArrowDown}{ArrowRight>2}');
    expect(tooth('Tooth 46')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenLastCalledWith({ tooth: 46, surface: null });

    await user.keyboard('o');
    expect(tooth('Tooth 46 occlusal')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenLastCalledWith({ tooth: 46, surface: 'O' });
    await user.keyboard('m');
    expect(tooth('Tooth 46 mesial')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(tooth('Tooth 46')).toHaveFocus();
    // An incisor has an incisal edge, no occlusal surface.
    await user.keyboard('{Home}{ArrowRight>7}i');
    expect(tooth('Tooth 11 incisal')).toHaveFocus();
    await user.keyboard(' ');
    expect(onOpen).toHaveBeenLastCalledWith({ tooth: 11, surface: 'I' });
  });

  it('names each tooth and surface with what is charted on it', async () => {
    const user = userEvent.setup();
    const onOpen = drawChart([
      fakeFinding(1, { surfaces: ['O', 'M'], condition: 'caries', state: 'planned' }),
      fakeFinding(2, { condition: 'root_canal_treated', state: 'completed' }),
      fakeFinding(3, { tooth: 18, condition: 'missing' }),
    ]);
    expect(
      tooth('Tooth 36: Root canal treated, completed; O caries, planned; M caries, planned'),
    ).toBeInTheDocument();
    expect(tooth('Tooth 36 occlusal: Caries, planned')).toBeInTheDocument();
    expect(tooth('Tooth 36 distal')).toBeInTheDocument();
    expect(tooth('Tooth 18: Missing, existing')).toBeInTheDocument();
    await user.click(tooth('Tooth 36 occlusal: Caries, planned'));
    expect(onOpen).toHaveBeenLastCalledWith({ tooth: 36, surface: 'O' });
  });

  it('numbers teeth the Universal way when the clinic does', () => {
    drawChart([], { universal: true });
    // 18 is 1, 28 is 16, 38 is 17, 48 is 32.
    expect(screen.getAllByRole('button')[0]).toHaveAccessibleName('Tooth 1');
    expect(tooth('Tooth 16')).toBeInTheDocument();
    expect(tooth('Tooth 32')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tooth 36' })).toBeNull();
  });

  it('adds the primary teeth in mixed dentition', () => {
    drawChart([], { mixed: true });
    expect(screen.getAllByRole('button')).toHaveLength(52 * 6);
    expect(tooth('Tooth 55')).toBeInTheDocument();
    expect(tooth('Tooth 85')).toBeInTheDocument();
  });

  it('shows one arch at a time on a phone, with a toggle between them', async () => {
    onAScreenOf(360);
    const user = userEvent.setup();
    drawChart();
    expect(tooth('Tooth 18')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tooth 48' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Lower arch' }));
    expect(tooth('Tooth 48')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tooth 18' })).toBeNull();
    // The patient's right quadrant sits over the left: Down from 48 is 31, under it.
    await user.tab();
    expect(tooth('Tooth 48')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(tooth('Tooth 31')).toHaveFocus();
  });
});
