import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { clinicDate } from '@vaidya/contract/calendar-dates';
import { referralsScreen as intro } from '@vaidya/contract/page-intros';
import {
  newClientRequestBody,
  type Referral,
  type ReferralStatus,
  referralMessages,
  referralTextMaxLength,
} from '@vaidya/contract/referrals';
import { referralsPageTexts as words } from '@vaidya/contract/referrals-screens';
import { specialityLabels } from '@vaidya/contract/speciality-labels';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { ErrorAlert } from '../../components/error-alert';
import { FormTextField } from '../../components/form-text-field';
import { PageHeader } from '../../components/page-header';
import { ScrollBox } from '../../components/scroll-box';
import { SpecialityOptions } from '../../components/speciality-options';
import { useClinicTimeZone } from '../../lib/clinic-context';
import { mobileInputAttributes, typedMobile } from '../../lib/mobile-input';
import { useReferClinic, useReferralLink, useReferrals } from './api/referrals-api';

const statusColours: Record<ReferralStatus, 'default' | 'info' | 'success'> = {
  invited: 'default',
  signed_up: 'info',
  active: 'success',
};

/**
 * `/dashboard/referrals` (issue 12): refer a clinic (spec §7 new-client-request), the
 * clinic's referrals with their status, and its own referral link to share.
 */
export function ReferralsPage() {
  return (
    <>
      <PageHeader title={intro.title} description={intro.description} />
      <Stack spacing={3}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
          <ReferForm />
          <ReferralLinkCard />
        </Stack>
        <ReferralList />
      </Stack>
    </>
  );
}

/** Spec §7 new-client-request: four fields checked with the contract's schema, in the server's words. */
function ReferForm() {
  const refer = useReferClinic();
  const { control, handleSubmit, reset } = useForm({
    resolver: zodResolver(newClientRequestBody),
    defaultValues: { name: '', mobile: '', city: '' },
  });
  const submit = handleSubmit((referral) =>
    refer.mutate(referral, {
      onSuccess: (answer) => {
        toast.success(answer.message ?? referralMessages.sent);
        reset();
      },
    }),
  );
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, flex: 1, width: '100%' }}>
      <Typography variant="h6" component="h2">
        {words.formTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {words.formHint}
      </Typography>
      <form noValidate onSubmit={submit} aria-label={words.formTitle}>
        <Stack spacing={2}>
          {refer.error ? <ErrorAlert error={refer.error} /> : null}
          <FormTextField
            control={control}
            name="name"
            label={words.clinicName}
            required
            slotProps={{ htmlInput: { maxLength: referralTextMaxLength.name } }}
          />
          <FormTextField
            control={control}
            name="mobile"
            label={words.mobile}
            type="tel"
            required
            keepOfTyped={typedMobile}
            slotProps={{
              input: { startAdornment: <InputAdornment position="start">+91</InputAdornment> },
              htmlInput: mobileInputAttributes,
            }}
          />
          <FormTextField
            control={control}
            name="speciality"
            label={words.speciality}
            select
            required
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <SpecialityOptions prompt={words.chooseSpeciality} />
          </FormTextField>
          <FormTextField
            control={control}
            name="city"
            label={words.city}
            required
            slotProps={{ htmlInput: { maxLength: referralTextMaxLength.city } }}
          />
          <Button
            type="submit"
            variant="contained"
            loading={refer.isPending}
            sx={{ alignSelf: 'flex-start' }}
          >
            {words.submit}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

function ReferralLinkCard() {
  const link = useReferralLink();
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(words.copied);
    } catch {
      toast.error(words.copyFailed);
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, flex: 1, width: '100%' }}>
      <Typography variant="h6" component="h2">
        {words.linkTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {words.linkHint}
      </Typography>
      {link.isPending ? <LinearProgress aria-label={words.linkTitle} /> : null}
      {link.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => link.refetch()}>
              {words.retry}
            </Button>
          }
        >
          {words.linkFailed}
        </Alert>
      ) : null}
      {link.data ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            label={words.linkLabel}
            value={link.data.url}
            fullWidth
            size="small"
            slotProps={{ htmlInput: { readOnly: true } }}
          />
          <Button variant="outlined" onClick={() => copy(link.data.url)}>
            {words.copy}
          </Button>
        </Stack>
      ) : null}
    </Paper>
  );
}

function ReferralList() {
  const referrals = useReferrals();
  const timeZone = useClinicTimeZone();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" id="referrals-title" sx={{ mb: 1 }}>
        {words.listTitle}
      </Typography>
      {referrals.isPending ? <LinearProgress aria-label={words.loading} /> : null}
      {referrals.isError ? (
        <ErrorAlert
          error={referrals.error}
          action={
            <Button
              color="inherit"
              size="small"
              loading={referrals.isFetching}
              onClick={() => referrals.refetch()}
            >
              {words.retry}
            </Button>
          }
        />
      ) : null}
      {referrals.data?.length === 0 ? (
        <Typography color="text.secondary">{words.listEmpty}</Typography>
      ) : null}
      {referrals.data?.length ? (
        <ScrollBox label={words.listTitle}>
          <Table size="small" aria-labelledby="referrals-title">
            <TableHead>
              <TableRow>
                <TableCell>{words.columns.name}</TableCell>
                <TableCell>{words.columns.mobile}</TableCell>
                <TableCell>{words.columns.speciality}</TableCell>
                <TableCell>{words.columns.city}</TableCell>
                <TableCell>{words.columns.status}</TableCell>
                <TableCell>{words.columns.date}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {referrals.data.map((referral: Referral) => (
                <TableRow key={referral.id}>
                  <TableCell>{referral.name}</TableCell>
                  <TableCell>{referral.mobile}</TableCell>
                  <TableCell>{specialityLabels[referral.speciality]}</TableCell>
                  <TableCell>{referral.city || words.noCity}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      label={words.statuses[referral.status]}
                      color={statusColours[referral.status]}
                    />
                  </TableCell>
                  <TableCell>{clinicDate(referral.created_at, timeZone)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollBox>
      ) : null}
    </Paper>
  );
}
