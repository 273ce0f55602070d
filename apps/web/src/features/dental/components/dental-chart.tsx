import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { DentalFinding, ToothNumbering, ToothSurface } from '@vaidya/contract/dental';
import { dentalChartWords as words } from '@vaidya/contract/dental-screens';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import {
  type Arch,
  type ChartRow,
  columnX,
  narrowRows,
  rowsWidth,
  surfacesOfTooth,
  toothWidth,
  wideRows,
  type Zone,
} from '../chart-layout';
import {
  conditionCodes,
  findingSummary,
  frameDashes,
  stateColours,
  type ToothView,
  toothLabel,
  toothSummary,
  toothViews,
} from '../chart-view';
import { patternId, StatePatterns } from './state-patterns';

/** What the chart opens the finding menu on: a tooth, or one of its surfaces. */
export interface ChartTarget {
  tooth: number;
  surface: ToothSurface | null;
}

interface DentalChartProps {
  /** The current findings (get-chart without a tooth). */
  findings: readonly DentalFinding[];
  mixedDentition: boolean;
  numbering: ToothNumbering;
  onOpen: (target: ChartTarget) => void;
}

/** A row's height: the number, the tooth's drawing, its condition letters; a phone's rows have a side label above. */
const rowHeight = 64;
const sideLabelHeight = 16;
const archGap = 14;
/** The tooth's drawing: a square of five zones, inside its cell. */
const square = 30;
const inner = 12;
const squareX = (toothWidth - square) / 2;
const squareY = 16;

/** The zones of the square as SVG paths, relative to the cell. */
function zonePath(zone: Zone): string {
  const a = squareX;
  const b = squareY;
  const s = square;
  const i = (square - inner) / 2;
  const points: Record<Zone, [number, number][]> = {
    top: [
      [a, b],
      [a + s, b],
      [a + s - i, b + i],
      [a + i, b + i],
    ],
    bottom: [
      [a, b + s],
      [a + s, b + s],
      [a + s - i, b + s - i],
      [a + i, b + s - i],
    ],
    left: [
      [a, b],
      [a + i, b + i],
      [a + i, b + s - i],
      [a, b + s],
    ],
    right: [
      [a + s, b],
      [a + s - i, b + i],
      [a + s - i, b + s - i],
      [a + s, b + s],
    ],
    centre: [
      [a + i, b + i],
      [a + s - i, b + i],
      [a + s - i, b + s - i],
      [a + i, b + s - i],
    ],
  };
  return `M${points[zone].map(([x, y]) => `${x},${y}`).join('L')}Z`;
}

const zones: Zone[] = ['top', 'left', 'centre', 'right', 'bottom'];

/** A focusable part of the chart: a tooth ("36") or one of its surfaces ("36O"). */
const keyOf = (tooth: number, surface: ToothSurface | null) => `${tooth}${surface ?? ''}`;

interface Placed {
  tooth: number;
  row: number;
  column: number;
  x: number;
  y: number;
}

/** Each row's top, with room for a side label on a phone and a gap between the arches. */
function placeRows(rows: ChartRow[], columns: number): { placed: Placed[]; height: number; labels: Label[] } {
  const placed: Placed[] = [];
  const labels: Label[] = [];
  let y = 0;
  rows.forEach((row, index) => {
    const previous = rows[index - 1];
    if (previous && previous.arch !== row.arch) y += archGap;
    if (row.side && previous?.side !== row.side) {
      labels.push({ y: y + 12, text: row.side === 'right' ? words.patientRight : words.patientLeft });
      y += sideLabelHeight;
    }
    for (const { tooth, column } of row.teeth) {
      placed.push({ tooth, row: index, column, x: columnX(column, columns), y });
    }
    y += rowHeight;
  });
  return { placed, height: y, labels };
}

interface Label {
  y: number;
  text: string;
}

/**
 * The patient's mouth as an SVG: each tooth a button, each of its five surfaces a button, all
 * one stop of the Tab key (a roving tabindex). Arrows move between teeth (left and right along
 * the rows in reading order, up and down between rows), Enter or Space opens the finding menu
 * of what has focus, a surface's letter moves to that surface of the tooth and Escape back.
 * States are drawn in colour and pattern (solid, striped, dotted), conditions as letters under
 * each tooth. A screen of 600 px and more shows both arches; a phone one at a time, its
 * quadrants stacked, with a toggle.
 */
export function DentalChart({ findings, mixedDentition, numbering, onOpen }: DentalChartProps) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('sm'));
  const [arch, setArch] = useState<Arch>('upper');
  const rows = wide ? wideRows(mixedDentition) : narrowRows(arch, mixedDentition);
  const columns = wide ? 16 : 8;
  const { placed, height, labels } = placeRows(rows, columns);
  const views = toothViews(findings);
  const prefix = useId();
  const hintId = `${prefix}-hint`;

  const elements = useRef(new Map<string, SVGGElement | SVGPathElement>());
  const [current, setCurrent] = useState<string | null>(null);
  const [focused, setFocused] = useState<string | null>(null);
  const firstTooth = placed[0]?.tooth ?? 11;
  const shownKeys = new Set(
    placed.flatMap(({ tooth }) => [
      keyOf(tooth, null),
      ...zones.map((zone) => keyOf(tooth, surfacesOfTooth(tooth)[zone])),
    ]),
  );
  const tabbable = current && shownKeys.has(current) ? current : keyOf(firstTooth, null);

  const focus = (tooth: number, surface: ToothSurface | null) => {
    const key = keyOf(tooth, surface);
    setCurrent(key);
    elements.current.get(key)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent, tooth: number, surface: ToothSurface | null) => {
    const index = placed.findIndex((place) => place.tooth === tooth);
    const here = placed[index];
    if (!here) return;
    const nearestIn = (row: number) =>
      placed
        .filter((place) => place.row === row)
        .reduce<Placed | undefined>(
          (best, place) =>
            !best || Math.abs(place.column - here.column) < Math.abs(best.column - here.column)
              ? place
              : best,
          undefined,
        );
    const moveTo = (key: string): Placed | undefined | null => {
      switch (key) {
        case 'ArrowRight':
          return placed[index + 1];
        case 'ArrowLeft':
          return placed[index - 1];
        case 'ArrowDown':
          return nearestIn(here.row + 1);
        case 'ArrowUp':
          return nearestIn(here.row - 1);
        case 'Home':
          return placed[0];
        case 'End':
          return placed.at(-1);
        default:
          return null;
      }
    };
    const target = moveTo(event.key);
    if (target !== null) {
      event.preventDefault();
      if (target) focus(target.tooth, null);
      return;
    }
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen({ tooth, surface });
      return;
    }
    if (event.key === 'Escape' && surface) {
      event.preventDefault();
      focus(tooth, null);
      return;
    }
    const letter = event.key.toUpperCase();
    const zone = zones.find((candidate) => surfacesOfTooth(tooth)[candidate] === letter);
    if (zone && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      focus(tooth, surfacesOfTooth(tooth)[zone]);
    }
  };

  const focusHandlers = (key: string) => ({
    onFocus: () => {
      setCurrent(key);
      setFocused(key);
    },
    onBlur: () => setFocused((was) => (was === key ? null : was)),
  });

  const width = rowsWidth(columns);
  return (
    <Box>
      {wide ? null : (
        <ToggleButtonGroup
          exclusive
          size="small"
          aria-label={words.archToggle}
          value={arch}
          onChange={(_event, chosen: Arch | null) => {
            if (chosen) setArch(chosen);
          }}
          sx={{ mb: 1 }}
        >
          <ToggleButton value="upper">{words.upperArch}</ToggleButton>
          <ToggleButton value="lower">{words.lowerArch}</ToggleButton>
        </ToggleButtonGroup>
      )}
      {wide ? (
        <Stack direction="row" sx={{ justifyContent: 'space-between', maxWidth: 900, mx: 'auto' }}>
          <Typography variant="caption" color="text.secondary">
            {words.patientRight}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {words.patientLeft}
          </Typography>
        </Stack>
      ) : null}
      <Box
        component="svg"
        role="group"
        aria-label={words.title}
        aria-describedby={hintId}
        viewBox={`-2 -2 ${width + 4} ${height + 4}`}
        sx={{
          display: 'block',
          width: '100%',
          maxWidth: wide ? 900 : 420,
          mx: 'auto',
          height: 'auto',
          userSelect: 'none',
          '& [role="button"]': { cursor: 'pointer', outline: 'none' },
        }}
      >
        <StatePatterns prefix={prefix} />
        {labels.map((label) => (
          <text key={label.y} x={0} y={label.y} fontSize="11" fill="#45545e">
            {label.text}
          </text>
        ))}
        {wide ? (
          <line x1={width / 2} x2={width / 2} y1={0} y2={height} stroke="#c4ced4" strokeDasharray="3 3" />
        ) : null}
        {placed.map((place) => (
          <Tooth
            key={place.tooth}
            place={place}
            view={views.get(place.tooth)}
            label={toothLabel(place.tooth, numbering)}
            prefix={prefix}
            tabbable={tabbable}
            focused={focused}
            register={(key, element) => {
              if (element) elements.current.set(key, element);
              else elements.current.delete(key);
            }}
            focusHandlers={focusHandlers}
            onKeyDown={onKeyDown}
            onOpen={(surface) => {
              setCurrent(keyOf(place.tooth, surface));
              onOpen({ tooth: place.tooth, surface });
            }}
          />
        ))}
      </Box>
      <Typography id={hintId} variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {words.keyboardHint}
      </Typography>
    </Box>
  );
}

interface ToothProps {
  place: Placed;
  view: ToothView | undefined;
  label: string;
  prefix: string;
  tabbable: string;
  focused: string | null;
  register: (key: string, element: SVGGElement | SVGPathElement | null) => void;
  focusHandlers: (key: string) => { onFocus: () => void; onBlur: () => void };
  onKeyDown: (event: KeyboardEvent, tooth: number, surface: ToothSurface | null) => void;
  onOpen: (surface: ToothSurface | null) => void;
}

const focusRing = '#0b5563';

function Tooth({
  place,
  view,
  label,
  prefix,
  tabbable,
  focused,
  register,
  focusHandlers,
  onKeyDown,
  onOpen,
}: ToothProps) {
  const { tooth } = place;
  const toothKey = keyOf(tooth, null);
  const whole = view?.whole ?? null;
  const codes = conditionCodes(view);
  const surfaceOf = surfacesOfTooth(tooth);
  const missing = whole?.condition === 'missing';
  return (
    <g transform={`translate(${place.x},${place.y})`}>
      {/* biome-ignore lint/a11y/useSemanticElements: a tooth is drawn in SVG, where no <button> can be. */}
      <g
        role="button"
        ref={(element) => register(toothKey, element)}
        tabIndex={tabbable === toothKey ? 0 : -1}
        aria-label={words.tooth(label, toothSummary(view))}
        data-tooth={tooth}
        onClick={() => onOpen(null)}
        onKeyDown={(event) => onKeyDown(event, tooth, null)}
        {...focusHandlers(toothKey)}
      >
        <rect
          x={1}
          y={0}
          width={toothWidth - 2}
          height={rowHeight - 2}
          rx={4}
          fill={focused === toothKey ? '#e3f1f3' : 'transparent'}
          stroke={focused === toothKey ? focusRing : 'none'}
          strokeWidth={2}
        />
        {whole ? (
          <rect
            x={squareX - 3}
            y={squareY - 3}
            width={square + 6}
            height={square + 6}
            rx={3}
            fill="none"
            stroke={stateColours[whole.state]}
            strokeWidth={2.5}
            strokeDasharray={frameDashes[whole.state]}
            strokeLinecap="round"
          />
        ) : null}
      </g>
      {/* The number and the letters, which the tooth's name also says, drawn over its button: clicks go through. */}
      <text
        x={toothWidth / 2}
        y={12}
        textAnchor="middle"
        fontSize="12"
        fontWeight={600}
        pointerEvents="none"
        fill={missing ? '#45545e' : '#1b2a33'}
      >
        {label}
      </text>
      <text
        x={toothWidth / 2}
        y={rowHeight - 6}
        textAnchor="middle"
        fontSize="10"
        fill="#1b2a33"
        pointerEvents="none"
      >
        {codes.slice(0, 2).join(' ')}
        {codes.length > 2 ? '+' : ''}
      </text>
      {zones.map((zone) => {
        const surface = surfaceOf[zone];
        const key = keyOf(tooth, surface);
        const finding = view?.surfaces[surface];
        return (
          // biome-ignore lint/a11y/useSemanticElements: a surface is drawn in SVG, where no <button> can be.
          <path
            key={zone}
            role="button"
            ref={(element) => register(key, element)}
            tabIndex={tabbable === key ? 0 : -1}
            aria-label={words.surface(label, surface, findingSummary(finding))}
            d={zonePath(zone)}
            fill={finding ? `url(#${patternId(prefix, finding.state)})` : missing ? '#eceff1' : '#fff'}
            stroke={focused === key ? focusRing : '#6b7b85'}
            strokeWidth={focused === key ? 2.5 : 1}
            onClick={() => onOpen(surface)}
            onKeyDown={(event) => onKeyDown(event, tooth, surface)}
            {...focusHandlers(key)}
          />
        );
      })}
      {missing && whole ? (
        <g stroke={stateColours[whole.state]} strokeWidth={2.5} pointerEvents="none">
          <line x1={squareX - 2} y1={squareY - 2} x2={squareX + square + 2} y2={squareY + square + 2} />
          <line x1={squareX + square + 2} y1={squareY - 2} x2={squareX - 2} y2={squareY + square + 2} />
        </g>
      ) : null}
    </g>
  );
}
