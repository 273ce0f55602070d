import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { calendarDateEnGb } from '@vaidya/contract/calendar-dates';
import type { PlanAlternative, ToothNumbering, TreatmentPlan } from '@vaidya/contract/dental';
import { treatmentPlanWords as words } from '@vaidya/contract/dental-screens';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { toast } from 'react-toastify';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { LoadError } from '../../../components/load-error';
import { formatRupees } from '../../../lib/money';
import { useMay } from '../../../lib/partner-details-query';
import { planEstimatePath } from '../../../lib/paths';
import { useAcceptPlan, useTreatmentPlans } from '../api/dental-api';
import { acceptedAlternative, bySitting, itemLine } from '../plan-lines';
import { Figures } from './figures';

// The builder (the treatments picker, the date field) and the sitting's form are fetched when
// opened: the list draws without them, and the page stays within its JavaScript budget.
const PlanBuilder = lazy(async () => ({ default: (await import('./plan-builder')).PlanBuilder }));
const CompleteSittingDialog = lazy(async () => ({
  default: (await import('./complete-sitting-dialog')).CompleteSittingDialog,
}));

/** The estimate's address, a page of its own to print. */
export const estimatePath = (plan: Pick<TreatmentPlan, 'id' | 'patient_id'>) =>
  planEstimatePath(plan.patient_id, plan.id);

const statusColours = { proposed: 'default', accepted: 'info', completed: 'success' } as const;

/**
 * The patient's treatment plans, newest first, and New plan; each plan opens in the builder
 * (until work on it starts), prints as an estimate, offers its alternatives for acceptance
 * and, once accepted, its items for completing sitting by sitting.
 */
export function TreatmentPlans({ patientId, numbering }: { patientId: string; numbering: ToothNumbering }) {
  const plans = useTreatmentPlans(patientId);
  const [building, setBuilding] = useState<{ plan: TreatmentPlan | null } | null>(null);
  const [completing, setCompleting] = useState<TreatmentPlan | null>(null);
  // The front desk reads plans and sends their estimates; a doctor or the owner changes them (issue 23).
  const mayWrite = useMay('clinicalRecords');

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="treatment-plans-title"
      sx={{ p: { xs: 1.5, sm: 3 } }}
    >
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
        <Typography variant="h6" component="h2" id="treatment-plans-title">
          {words.title}
        </Typography>
        {mayWrite ? (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setBuilding({ plan: null })}>
            {words.newPlan}
          </Button>
        ) : null}
      </Stack>
      {plans.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={words.loading} />
        </Box>
      ) : plans.isError ? (
        <LoadError
          error={plans.error}
          fallback={words.fetchFailed}
          retrying={plans.isFetching}
          onRetry={() => plans.refetch()}
        />
      ) : plans.data.length === 0 ? (
        <Typography color="text.secondary">{words.empty}</Typography>
      ) : (
        <Stack spacing={2}>
          {plans.data.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              numbering={numbering}
              onEdit={() => setBuilding({ plan })}
              onCompleteSitting={() => setCompleting(plan)}
            />
          ))}
        </Stack>
      )}
      {building ? (
        <Suspense fallback={<CircularProgress aria-label={words.loading} />}>
          <PlanBuilder
            patientId={patientId}
            plan={building.plan}
            numbering={numbering}
            onClose={() => setBuilding(null)}
          />
        </Suspense>
      ) : null}
      {completing ? (
        <Suspense fallback={<CircularProgress aria-label={words.loading} />}>
          <CompleteSittingDialog
            plan={completing}
            pending={pendingItems(completing)}
            numbering={numbering}
            onClose={() => setCompleting(null)}
          />
        </Suspense>
      ) : null}
    </Paper>
  );
}

/** The accepted alternative's items not done yet, in sitting order. */
const pendingItems = (plan: TreatmentPlan) =>
  (acceptedAlternative(plan)?.items ?? [])
    .filter((item) => item.status === 'planned')
    .sort((a, b) => a.sitting - b.sitting);

function PlanCard({
  plan,
  numbering,
  onEdit,
  onCompleteSitting,
}: {
  plan: TreatmentPlan;
  numbering: ToothNumbering;
  onEdit: () => void;
  onCompleteSitting: () => void;
}) {
  const accept = useAcceptPlan(plan.patient_id);
  const mayWrite = useMay('clinicalRecords');
  const accepted = acceptedAlternative(plan);
  const started = plan.alternatives.some((alternative) =>
    alternative.items.some((item) => item.status === 'completed'),
  );
  const shown = accepted ? [accepted] : plan.alternatives;
  const titleId = `plan-${plan.id}`;
  return (
    <Paper variant="outlined" component="article" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, mb: 1.5 }}
      >
        <Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="subtitle1" component="h3" id={titleId} sx={{ fontWeight: 700 }}>
              {plan.title}
            </Typography>
            <Chip size="small" label={words.statuses[plan.status]} color={statusColours[plan.status]} />
          </Stack>
          {plan.valid_until ? (
            <Typography variant="body2" color="text.secondary">
              {words.validUntil(calendarDateEnGb(plan.valid_until))}
            </Typography>
          ) : null}
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button component={RouterLink} to={estimatePath(plan)} variant="outlined" size="small">
            {words.estimate}
          </Button>
          {started || !mayWrite ? null : (
            <Button variant="outlined" size="small" onClick={onEdit}>
              {words.edit}
            </Button>
          )}
          {mayWrite && accepted && plan.status === 'accepted' ? (
            <Button variant="contained" size="small" onClick={onCompleteSitting}>
              {words.completeSitting}
            </Button>
          ) : null}
        </Stack>
      </Stack>
      {accept.error ? (
        <ApiErrorAlert error={accept.error} fallback={words.acceptFailed} sx={{ mb: 1 }} />
      ) : null}
      {accepted ? null : (
        <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
          {words.alternatives}
        </Typography>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: `repeat(${shown.length}, minmax(0, 1fr))` },
        }}
      >
        {shown.map((alternative) => (
          <AlternativeView
            key={alternative.id}
            alternative={alternative}
            numbering={numbering}
            framed={!accepted}
            action={
              accepted || !mayWrite ? null : (
                <Button
                  variant="contained"
                  size="small"
                  aria-label={words.acceptAlternative(alternative.title)}
                  loading={accept.isPending && accept.variables?.alternativeId === alternative.id}
                  disabled={accept.isPending}
                  onClick={() =>
                    accept.mutate(
                      { planId: plan.id, alternativeId: alternative.id },
                      { onSuccess: () => toast.success(words.acceptedToast(alternative.title)) },
                    )
                  }
                >
                  {words.accept}
                </Button>
              )
            }
          />
        ))}
      </Box>
      {accepted ? (
        <Figures
          sx={{ mt: 1.5, maxWidth: 320, ml: 'auto' }}
          rows={[
            { label: words.money.billed, amount: formatRupees(plan.billed) },
            { label: words.money.paid, amount: formatRupees(plan.paid) },
            { label: words.money.left, amount: formatRupees(plan.left), total: true },
          ]}
        />
      ) : null}
      {plan.sittings.length > 0 ? (
        <Box component="ul" sx={{ m: 0, mt: 1.5, pl: 2.5 }}>
          {plan.sittings.map((sitting) => (
            <li key={`${sitting.sitting}-${sitting.completed_on}-${sitting.note}`}>
              <Typography variant="body2">
                <strong>{words.sitting(sitting.sitting)}</strong> ·{' '}
                {words.sittingDone(calendarDateEnGb(sitting.completed_on), sitting.recorded_by_name)}
                {sitting.note ? ` · ${sitting.note}` : ''}
              </Typography>
            </li>
          ))}
        </Box>
      ) : null}
    </Paper>
  );
}

/** An alternative's items by sitting, each with its state and whether it is billed, and its totals. */
function AlternativeView({
  alternative,
  numbering,
  framed,
  action,
}: {
  alternative: PlanAlternative;
  numbering: ToothNumbering;
  framed: boolean;
  action: React.ReactNode;
}) {
  return (
    <Box
      component="section"
      aria-label={alternative.title}
      sx={framed ? { p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 } : undefined}
    >
      {framed ? (
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>{alternative.title}</Typography>
          {action}
        </Stack>
      ) : null}
      {bySitting(alternative.items).map(({ sitting, items }) => (
        <Box key={sitting} sx={{ mb: 1 }}>
          <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
            {words.sitting(sitting)}
          </Typography>
          <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {items.map((item) => (
              <Box
                component="li"
                key={item.id}
                sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', py: 0.5 }}
              >
                <Typography sx={{ flex: '1 1 12rem', overflowWrap: 'anywhere' }}>
                  {itemLine(item, numbering)}
                </Typography>
                {framed ? null : (
                  <>
                    <Chip
                      size="small"
                      variant="outlined"
                      color={item.status === 'completed' ? 'success' : 'default'}
                      label={
                        item.completed_on
                          ? words.completedOn(calendarDateEnGb(item.completed_on))
                          : words.itemStatuses[item.status]
                      }
                    />
                    {item.status === 'completed' ? (
                      <Chip
                        size="small"
                        variant="outlined"
                        label={item.bill_id ? words.billed : words.notBilled}
                      />
                    ) : null}
                  </>
                )}
                <Typography sx={{ minWidth: '6rem', textAlign: 'right' }}>
                  {formatRupees(item.total)}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      ))}
      <Figures
        rows={[
          { label: words.subtotal, amount: formatRupees(alternative.subtotal) },
          ...(alternative.discount > 0
            ? [{ label: words.discount, amount: `−${formatRupees(alternative.discount)}` }]
            : []),
          { label: words.tax, amount: formatRupees(alternative.tax) },
          { label: words.total, amount: formatRupees(alternative.total), total: true },
        ]}
      />
    </Box>
  );
}
