import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { dentalConditions, findingStates } from '@vaidya/contract/dental';
import { dentalChartWords as words } from '@vaidya/contract/dental-screens';
import { useId } from 'react';
import { frameDashes, stateColours } from '../chart-view';
import { patternId, StatePatterns } from './state-patterns';

const listSx = {
  m: 0,
  p: 0,
  listStyle: 'none',
  display: 'flex',
  flexWrap: 'wrap',
  gap: '4px 16px',
} as const;

/**
 * The chart's key: each state as its colour and pattern (a surface's fill, a whole tooth's
 * frame) and named, each condition as the letters under a tooth and named. Nothing rests on
 * colour alone.
 */
export function ChartLegend() {
  const prefix = useId();
  return (
    <Box component="section" aria-label={words.legend} sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3">
        {words.legendStates}
      </Typography>
      <Box component="ul" sx={listSx}>
        {findingStates.map((state) => (
          <Box component="li" key={state} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <svg width="44" height="20" viewBox="0 0 44 20" aria-hidden="true" focusable="false">
              <StatePatterns prefix={`${prefix}-${state}`} />
              <rect
                x="1"
                y="2"
                width="16"
                height="16"
                fill={`url(#${patternId(`${prefix}-${state}`, state)})`}
                stroke="#6b7b85"
              />
              <rect
                x="24"
                y="2"
                width="16"
                height="16"
                rx="2"
                fill="none"
                stroke={stateColours[state]}
                strokeWidth="2.5"
                strokeDasharray={frameDashes[state]}
                strokeLinecap="round"
              />
            </svg>
            <Typography variant="body2">
              {words.stateNames[state]} ({words.statePatterns[state]})
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
        {words.legendConditions}
      </Typography>
      <Box component="ul" sx={listSx}>
        {dentalConditions.map((condition) => (
          <Box component="li" key={condition}>
            <Typography variant="body2">
              <Box component="strong" sx={{ fontFamily: 'monospace' }}>
                {words.conditionCodes[condition]}
              </Box>{' '}
              {words.conditionNames[condition]}
            </Typography>
          </Box>
        ))}
        <Box component="li">
          <Typography variant="body2">{words.legendMissing}</Typography>
        </Box>
      </Box>
    </Box>
  );
}
