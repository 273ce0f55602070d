import Typography from '@mui/material/Typography';
import { serverStatusTexts as texts } from '@vaidya/contract/app-screens';
import { useHealth } from '../api/health';

/** A quiet line for whoever is looking: is the API up, and on which database. */
export function ServerStatus() {
  const health = useHealth();
  const text = health.isPending
    ? texts.checking
    : health.isError
      ? texts.unreachable
      : texts.answered(health.data.status, health.data.database);
  return (
    <Typography variant="caption" color="text.secondary" role="status">
      {text}
    </Typography>
  );
}
