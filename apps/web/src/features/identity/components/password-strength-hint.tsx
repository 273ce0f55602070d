import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { passwordPolicy, passwordUserInputs } from '@vaidya/contract/identity';
import {
  type PasswordStrength,
  passwordStrengthAdvice,
  passwordStrengthChecking,
  passwordStrengthLabels,
  passwordStrengthName,
} from '@vaidya/contract/password-strength';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';

type Scorer = (password: string, userInputs: string[]) => number;

let scorerLoading: Promise<Scorer> | undefined;

/** One download per visit, shared by every hint on the page. */
function loadScorer(): Promise<Scorer> {
  scorerLoading ??= import('../password-strength').then(
    (module) => module.scorePassword,
    (error: unknown) => {
      // A later hint may try again: the connection may be back by then.
      scorerLoading = undefined;
      throw error;
    },
  );
  return scorerLoading;
}

type ScorerState = { status: 'idle' | 'loading' | 'unavailable' } | { status: 'ready'; score: Scorer };

/** The estimator, fetched once `wanted` turns true (the first character typed). */
function useScorer(wanted: boolean): ScorerState {
  const [state, setState] = useState<ScorerState>({ status: 'idle' });
  useEffect(() => {
    if (!wanted || state.status !== 'idle') return;
    setState({ status: 'loading' });
    loadScorer().then(
      (score) => setState({ status: 'ready', score }),
      () => setState({ status: 'unavailable' }),
    );
  }, [wanted, state.status]);
  return state;
}

function strengthOf(password: string, score: number | undefined): PasswordStrength | undefined {
  // Code points, as the server counts them: an emoji is one character to the person typing it.
  if ([...password].length < passwordPolicy.minLength) return 'tooShort';
  if (score === undefined) return undefined;
  if (score < passwordPolicy.minStrengthScore) return 'weak';
  return score >= 4 ? 'strong' : 'good';
}

const meter: Record<PasswordStrength, { filled: number; color: string }> = {
  tooShort: { filled: 1, color: 'error.main' },
  weak: { filled: 2, color: 'error.main' },
  good: { filled: 3, color: 'primary.main' },
  strong: { filled: 4, color: 'success.main' },
};

/** What the server counts against the password: the email, and the names where it knows them. */
interface PasswordStrengthHintProps {
  password: string;
  email: string;
  personName?: string;
  clinicName?: string;
}

/**
 * How easy the new password is to guess, scored as the server scores it, so "Weak" is
 * what the server will refuse. The server's check stays the authority: when the
 * estimator cannot be fetched the hint simply stays away.
 */
export function PasswordStrengthHint({ password, email, personName, clinicName }: PasswordStrengthHintProps) {
  const typed = useDeferredValue(password);
  const scorer = useScorer(typed.length > 0);
  const userInputs = useMemo(
    () => passwordUserInputs(email, [personName, clinicName]),
    [email, personName, clinicName],
  );
  const score = useMemo(
    () => (scorer.status === 'ready' && typed.length > 0 ? scorer.score(typed, userInputs) : undefined),
    [scorer, typed, userInputs],
  );

  if (typed.length === 0 || scorer.status === 'unavailable') return null;
  const strength = strengthOf(typed, score);
  const missing = passwordPolicy.minLength - [...typed].length;

  return (
    <Box role="status" aria-live="polite" aria-label={passwordStrengthName} sx={{ mt: 1, px: 1.75 }}>
      <Box aria-hidden sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 0.5, mb: 0.5 }}>
        {[1, 2, 3, 4].map((segment) => (
          <Box
            key={segment}
            sx={{
              height: 4,
              borderRadius: 2,
              bgcolor: strength && segment <= meter[strength].filled ? meter[strength].color : 'divider',
            }}
          />
        ))}
      </Box>
      <Typography variant="caption" component="p" color="text.secondary">
        {strength ? (
          <>
            <Box component="strong" sx={{ color: meter[strength].color }}>
              {passwordStrengthLabels[strength]}
            </Box>
            {' · '}
            {strength === 'tooShort'
              ? passwordStrengthAdvice.tooShort(missing)
              : passwordStrengthAdvice[strength]}
          </>
        ) : (
          passwordStrengthChecking
        )}
      </Typography>
    </Box>
  );
}
