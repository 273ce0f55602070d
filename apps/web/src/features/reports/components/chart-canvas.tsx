import { useTheme } from '@mui/material/styles';
import { compactRupees } from '@vaidya/contract/reports-screens';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  type Scale,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import { formatRupees } from '../../../lib/money';
import type { ChartSpec } from './chart-spec';

// Only what the reports draw, so the chart's file stays small (Chart.js is tree-shaken).
Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);

/** Series colours after the theme's primary: hues told apart in print and by most colour-blind eyes. */
const otherColours = ['#e07b00', '#5b5fc7', '#b5396b', '#3c8d2f', '#4a5d73', '#8a6d00'];

const countText = (value: number) => value.toLocaleString('en-IN');

/**
 * One chart of a report, drawn by Chart.js on a canvas named by `label` (its text
 * alternative; the figures are in the table under it). Loaded with the first chart a report
 * draws, after the page: the tables never wait for it.
 */
export function ChartCanvas({ spec, label }: { spec: ChartSpec; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const primary = useTheme().palette.primary.main;

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    const money = spec.unit === 'rupees';
    const valueText = money ? formatRupees : countText;
    const valueAxis = {
      beginAtZero: true,
      stacked: spec.stacked,
      ticks: {
        precision: 0,
        callback: (value: number | string) => (money ? compactRupees(Number(value)) : value),
      },
    };
    const categoryAxis = {
      stacked: spec.stacked,
      ticks: {
        autoSkip: true,
        maxRotation: 0,
        // A long name beside a bar is cut short, on a phone most; the tooltip and the table have it whole.
        callback(this: Scale, value: number | string) {
          const label = this.getLabelForValue(Number(value));
          const room = context.canvas.clientWidth < 500 ? 14 : 40;
          return spec.horizontal && label.length > room ? `${label.slice(0, room - 1)}…` : label;
        },
      },
    };
    const seriesColours = [primary, ...otherColours];
    const chart = new Chart(context, {
      type: spec.kind,
      data: {
        labels: spec.labels,
        datasets: spec.series.map((series, index) => {
          const colour = seriesColours[index % seriesColours.length];
          return {
            label: series.label,
            data: series.values,
            borderColor: colour,
            backgroundColor: colour,
            pointRadius: spec.labels.length > 40 ? 0 : 3,
          };
        }),
      },
      options: {
        indexAxis: spec.horizontal ? 'y' : 'x',
        maintainAspectRatio: false,
        animation: false,
        interaction: { mode: 'index', intersect: false },
        scales: spec.horizontal ? { x: valueAxis, y: categoryAxis } : { x: categoryAxis, y: valueAxis },
        plugins: {
          legend: { display: spec.series.length > 1, position: 'bottom' },
          tooltip: {
            callbacks: {
              label: (item) => `${item.dataset.label}: ${valueText(Number(item.raw))}`,
            },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [spec, primary]);

  return <canvas ref={canvas} role="img" aria-label={label} />;
}
