import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { calendarDateEnGb } from '@vaidya/contract/calendar-dates';
import type { DentalFinding } from '@vaidya/contract/dental';
import { dentalChartWords, findingMenuWords as words } from '@vaidya/contract/dental-screens';
import { toast } from 'react-toastify';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { LoadError } from '../../../components/load-error';
import { useMay } from '../../../lib/partner-details-query';
import { useToothHistory, useVoidFinding } from '../api/dental-api';

const summaryOf = (finding: DentalFinding) =>
  words.historyLine(
    dentalChartWords.finding(finding.condition, finding.state),
    finding.surfaces.join(', ') || words.wholeTooth,
  );

/** What was recorded with the finding beyond its condition: date and who, material, grade, note. */
function detailsOf(finding: DentalFinding): string {
  return [
    words.recorded(calendarDateEnGb(finding.recorded_on), finding.recorded_by_name),
    ...(finding.material ? [`${words.material}: ${finding.material}`] : []),
    ...(finding.mobility_grade ? [words.grade(finding.mobility_grade)] : []),
    ...(finding.note ? [finding.note] : []),
  ].join(' · ');
}

/**
 * Every entry of a tooth, oldest first, voided ones too: struck through and saying who marked
 * them. A standing entry can be marked entered in error; it stays in the history.
 */
export function ToothHistory({ patientId, tooth }: { patientId: string; tooth: number }) {
  const history = useToothHistory(patientId, tooth);
  const voiding = useVoidFinding(patientId);
  const mayWrite = useMay('clinicalRecords');
  if (history.isPending) return <LinearProgress aria-label={words.historyLoading} />;
  if (history.isError) {
    return (
      <LoadError
        error={history.error}
        fallback={words.historyFailed}
        retrying={history.isFetching}
        onRetry={() => history.refetch()}
      />
    );
  }
  if (history.data.length === 0) {
    return <Typography color="text.secondary">{words.historyEmpty}</Typography>;
  }
  return (
    <>
      {voiding.error ? (
        <ApiErrorAlert error={voiding.error} fallback={words.voidFailed} sx={{ mb: 1 }} />
      ) : null}
      <List dense disablePadding aria-label={words.history}>
        {history.data.map((finding) => {
          const summary = summaryOf(finding);
          const voided = finding.voided_at !== null;
          return (
            <ListItem
              key={finding.id}
              divider
              disableGutters
              secondaryAction={
                voided || !mayWrite ? null : (
                  <Button
                    size="small"
                    color="error"
                    aria-label={words.enteredInErrorOf(summary, calendarDateEnGb(finding.recorded_on))}
                    loading={voiding.isPending && voiding.variables === finding.id}
                    disabled={voiding.isPending}
                    onClick={() =>
                      voiding.mutate(finding.id, {
                        onSuccess: (answer) => toast.success(answer.message ?? words.voidedToast),
                      })
                    }
                  >
                    {words.enteredInError}
                  </Button>
                )
              }
              sx={{ pr: voided || !mayWrite ? 0 : 16 }}
            >
              <ListItemText
                primary={voided ? <s>{summary}</s> : summary}
                secondary={
                  voided ? (
                    <>
                      <s>{detailsOf(finding)}</s>
                      <br />
                      {words.voided(finding.voided_by_name ?? '')}
                    </>
                  ) : (
                    detailsOf(finding)
                  )
                }
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          );
        })}
      </List>
    </>
  );
}
