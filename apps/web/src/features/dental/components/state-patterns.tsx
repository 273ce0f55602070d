import { type FindingState, findingStates } from '@vaidya/contract/dental';
import { stateColours } from '../chart-view';

/** The id of a state's fill pattern inside an SVG whose patterns were defined with `prefix`. */
export const patternId = (prefix: string, state: FindingState) => `${prefix}-${state}`;

/**
 * The fills of the states: existing solid, planned striped, completed dotted, each in its
 * colour, so a surface reads by its pattern where its colour does not (colour blindness, paper).
 */
export function StatePatterns({ prefix }: { prefix: string }) {
  return (
    <defs>
      {findingStates.map((state) => {
        const colour = stateColours[state];
        const id = patternId(prefix, state);
        if (state === 'existing') {
          return (
            <pattern key={state} id={id} width="4" height="4" patternUnits="userSpaceOnUse">
              <rect width="4" height="4" fill={colour} />
            </pattern>
          );
        }
        if (state === 'planned') {
          return (
            <pattern
              key={state}
              id={id}
              width="5"
              height="5"
              patternUnits="userSpaceOnUse"
              patternTransform="rotate(45)"
            >
              <rect width="5" height="5" fill="#fff" />
              <rect width="2.5" height="5" fill={colour} />
            </pattern>
          );
        }
        return (
          <pattern key={state} id={id} width="4" height="4" patternUnits="userSpaceOnUse">
            <rect width="4" height="4" fill="#fff" />
            <circle cx="2" cy="2" r="1.4" fill={colour} />
          </pattern>
        );
      })}
    </defs>
  );
}
