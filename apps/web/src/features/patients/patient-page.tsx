import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { patientAuditViewLabel } from '@vaidya/contract/audit-screens';
import { calendarDateEnGb } from '@vaidya/contract/calendar-dates';
import { patientViewWords } from '@vaidya/contract/dental-screens';
import { patientPageWords as words } from '@vaidya/contract/patient-screens';
import { medicalAlertLabels, type PatientRecord } from '@vaidya/contract/patients';
import { roleMay } from '@vaidya/contract/roles';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Navigate, Link as RouterLink, useLocation, useNavigate, useOutlet, useParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { ApiError } from '../../lib/api-client';
import { useClinic } from '../../lib/clinic-context';
import { formatRupees } from '../../lib/money';
import { paths, patientAuditPath, patientDentalPath, patientPagePath } from '../../lib/paths';
import { patientKeys, usePatient } from './api/patients-api';
import { PatientActions } from './components/patient-actions';
import { ageSexOf } from './patient-format';

// The timeline (its tabs and lists) is asked for as the page's code arrives, beside the
// patient's record, and drawn below the record once it has come: the header, the alerts and
// the details never wait for it.
const timelineCode = import('./components/patient-timeline');
const PatientTimeline = lazy(async () => ({ default: (await timelineCode).PatientTimeline }));
const PatientDialog = lazy(async () => ({
  default: (await import('./components/patient-dialog')).PatientDialog,
}));
const MergePatientsDialog = lazy(async () => ({
  default: (await import('./components/merge-patients-dialog')).MergePatientsDialog,
}));
const RecordPaymentDialog = lazy(async () => ({
  default: (await import('../../components/record-payment-dialog')).RecordPaymentDialog,
}));

/** The allergies and alerts, in red at the top of the page: what nobody treating the patient may miss. */
function Warnings({ patient }: { patient: PatientRecord }) {
  const alerts = [
    ...patient.medical_alerts.map((alert) => medicalAlertLabels[alert]),
    ...(patient.alert_notes ? [patient.alert_notes] : []),
  ];
  if (patient.allergies.length === 0 && alerts.length === 0) return null;
  return (
    <Alert severity="error" variant="outlined" role="note" sx={{ mb: 2 }}>
      <Stack spacing={0.5}>
        {patient.allergies.length > 0 ? (
          <Typography sx={{ fontWeight: 700 }}>
            {words.allergiesLine(patient.allergies.join(', '))}
          </Typography>
        ) : null}
        {alerts.length > 0 ? <Typography>{words.medicalAlertsLine(alerts.join(', '))}</Typography> : null}
      </Stack>
    </Alert>
  );
}

/**
 * The patient's views, as tabs: the history (the timeline); for a dental clinic the dental
 * chart with the treatment plans, the page's child route `dental` (features/dental); for an
 * owner or a doctor the acts on the patient's records, the child route `audit`
 * (features/audit). Each child is loaded by the router when opened. Links rather than MUI's
 * Tabs, which would put the page past its JavaScript budget.
 */
function PatientViews(props: { patientId: string; pathname: string; dental: boolean; audit: boolean }) {
  const views = [
    { label: patientViewWords.history, to: patientPagePath(props.patientId) },
    ...(props.dental ? [{ label: patientViewWords.dental, to: patientDentalPath(props.patientId) }] : []),
    ...(props.audit ? [{ label: patientAuditViewLabel, to: patientAuditPath(props.patientId) }] : []),
  ];
  if (views.length < 2) return null;
  const here = props.pathname.replace(/\/$/, '');
  const openTo = views.find((view) => view.to === here)?.to ?? patientPagePath(props.patientId);
  return (
    <Stack
      component="nav"
      direction="row"
      aria-label={patientViewWords.label}
      sx={{ mt: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      {views.map((view) => (
        <Button
          key={view.label}
          component={RouterLink}
          to={view.to}
          aria-current={view.to === openTo ? 'page' : undefined}
          sx={{
            borderRadius: 0,
            borderBottom: 2,
            borderColor: view.to === openTo ? 'primary.main' : 'transparent',
            color: view.to === openTo ? 'primary.main' : 'text.secondary',
            px: 3,
          }}
        >
          {view.label}
        </Button>
      ))}
    </Stack>
  );
}

/** What the page was opened with after a merge: the sentence to show once, above the record. */
interface MergeNotice {
  mergeNotice: string;
}

const noticeOf = (state: unknown): string | null =>
  typeof state === 'object' &&
  state !== null &&
  'mergeNotice' in state &&
  typeof state.mergeNotice === 'string'
    ? state.mergeNotice
    : null;

function dateOfBirthOf(patient: PatientRecord): string | null {
  if (!patient.date_of_birth) return null;
  const date = calendarDateEnGb(patient.date_of_birth);
  return patient.date_of_birth_approximate ? words.approximateDateOfBirth(date) : date;
}

/** The rest of the record as label and value, one under another on phones, two columns wide. */
function Details({ patient }: { patient: PatientRecord }) {
  const details: [string, ReactNode][] = [
    [words.address, patient.address],
    [words.email, patient.email],
    [words.bloodGroup, patient.blood_group],
    [words.dateOfBirth, dateOfBirthOf(patient)],
    [words.firstSeen, calendarDateEnGb(patient.first_seen_on)],
    [words.notes, patient.notes],
    ...(patient.family.length > 0
      ? [[words.family, <FamilyLinks key="family" patient={patient} />] satisfies [string, ReactNode]]
      : []),
  ];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {words.details}
      </Typography>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gap: { xs: 0.5, sm: 2 },
          gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
          '& dd': { m: 0, mb: { xs: 1.5, sm: 0 }, whiteSpace: 'pre-line', overflowWrap: 'anywhere' },
          '& dt': { color: 'text.secondary' },
        }}
      >
        {details.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value || words.notRecorded}</dd>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

/** The others on the patient's phone, each a link to their page, "Kabir Shah (9 M)". */
function FamilyLinks({ patient }: { patient: PatientRecord }) {
  return patient.family.map((member, index) => (
    <span key={member.id}>
      {index > 0 ? ', ' : null}
      <Typography component={RouterLink} to={patientPagePath(member.id)} color="primary">
        {member.name}
      </Typography>{' '}
      ({ageSexOf(member)})
    </span>
  ));
}

function PatientHeader({ patient, actions }: { patient: PatientRecord; actions: ReactNode }) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'flex-start' }, mb: 2 }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h2" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {patient.name}
        </Typography>
        <Typography color="text.secondary">
          {[words.numberLabel(patient.patient_number), ageSexOf(patient), patient.mobile].join(' · ')}
        </Typography>
        <Typography color={patient.balance > 0 ? 'error' : 'text.secondary'} sx={{ fontWeight: 700 }}>
          {words.balanceDue}: {formatRupees(patient.balance)}
        </Typography>
      </Box>
      {actions}
    </Stack>
  );
}

/**
 * `/dashboard/patients/:id`: the patient's header (name, number, age/sex, mobile, balance
 * due), their allergies and alerts in red, the rest of the record, then their history under
 * tabs; Edit opens the same dialog as Add patient, filled in, and Record payment the bills
 * screen's dialog, after which the balance is asked for again. Merge joins another record of
 * the patient and opens the one kept, saying so; a merged record's page goes on to the record
 * it was merged into. Another clinic's patient, or none, is not found.
 */
export function PatientPage() {
  const { id = '' } = useParams();
  const patient = usePatient(id);
  const [editing, setEditing] = useState(false);
  const [paying, setPaying] = useState(false);
  const [merging, setMerging] = useState(false);
  const navigate = useNavigate();
  const here = useLocation();
  const notice = noticeOf(here.state);
  const { location, partner } = useClinic();
  const dental = partner.speciality_type === 'DENTIST';
  const audit = roleMay(partner.user.role, 'auditTrail');
  const childView = useOutlet();
  // A child view this clinic or role is not offered is the history, as before it had a tab.
  const childOffered = /\/audit\/?$/.test(here.pathname) ? audit : dental;
  const queryClient = useQueryClient();

  const back = (
    <Button component={RouterLink} to={paths.patients} startIcon={<ArrowBackIcon />} sx={{ mb: 2 }}>
      {words.backToPatients}
    </Button>
  );

  if (patient.isPending) {
    return (
      <>
        {back}
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={words.loading} />
        </Box>
      </>
    );
  }
  if (patient.isError) {
    const notFound = patient.error instanceof ApiError && patient.error.status === 404;
    return (
      <>
        {back}
        {notFound ? (
          <Alert severity="warning">{words.notFound}</Alert>
        ) : (
          <LoadError
            error={patient.error}
            fallback={words.fetchFailed}
            retrying={patient.isFetching}
            onRetry={() => patient.refetch()}
          />
        )}
      </>
    );
  }

  const record = patient.data;
  if (record.merged_into_id) {
    const state: MergeNotice = { mergeNotice: words.redirectedNotice(record.name) };
    return <Navigate to={`${paths.patients}/${record.merged_into_id}`} replace state={state} />;
  }
  return (
    <>
      {back}
      {notice ? (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {notice}
        </Alert>
      ) : null}
      <PatientHeader
        patient={record}
        actions={
          <PatientActions
            patient={record}
            canRecordPayment={record.balance > 0 && location !== null}
            onRecordPayment={() => setPaying(true)}
            onEdit={() => setEditing(true)}
            onMerge={() => setMerging(true)}
          />
        }
      />
      <Warnings patient={record} />
      <Details patient={record} />
      <PatientViews patientId={record.id} pathname={here.pathname} dental={dental} audit={audit} />
      {childView && childOffered ? (
        <Box sx={{ mt: 2 }}>{childView}</Box>
      ) : (
        <Suspense
          fallback={
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
              <CircularProgress aria-label={words.loading} />
            </Box>
          }
        >
          <PatientTimeline patientId={record.id} />
        </Suspense>
      )}
      {editing ? (
        <Suspense fallback={null}>
          <PatientDialog
            patient={record}
            onClose={() => setEditing(false)}
            onSaved={() => setEditing(false)}
          />
        </Suspense>
      ) : null}
      {merging ? (
        <Suspense fallback={null}>
          <MergePatientsDialog
            patient={record}
            onClose={() => setMerging(false)}
            onMerged={(kept, merged) => {
              setMerging(false);
              const state: MergeNotice = {
                mergeNotice: words.mergedNotice(merged.name, kept.name),
              };
              navigate(`${paths.patients}/${kept.id}`, { replace: kept.id !== record.id, state });
            }}
          />
        </Suspense>
      ) : null}
      {paying && location ? (
        <Suspense fallback={null}>
          <RecordPaymentDialog
            locationId={location.id}
            patient={{ customer_name: record.name, customer_mobile: record.mobile, patient_id: record.id }}
            onClose={() => setPaying(false)}
            onRecorded={() => queryClient.invalidateQueries({ queryKey: patientKeys.all })}
          />
        </Suspense>
      ) : null}
    </>
  );
}
