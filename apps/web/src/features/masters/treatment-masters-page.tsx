import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { masterMessages, treatmentContract, treatmentMasterTexts } from '@vaidya/contract/masters';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { useClinic } from '../../lib/clinic-context';
import { useMasterList, useMasterMutations } from './api/masters-api';
import { ConfirmDeleteDialog } from './components/confirm-delete-dialog';
import { ListPagination } from './components/list-pagination';
import { LoadingRows } from './components/loading-rows';
import { MasterErrorAlert } from './components/master-error-alert';
import { RowActions } from './components/row-actions';
import type { Treatment } from './components/treatment-form';
import { TreatmentMastersDialog } from './components/treatment-masters-dialog';
import { masterPaths } from './master-definitions';

const columnCount = 4;

export function TreatmentMastersPage() {
  const navigate = useNavigate();
  const { partner } = useClinic();
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(10);
  const list = useMasterList(treatmentContract, { query: '', page, limit });
  const { save, remove } = useMasterMutations(treatmentContract);
  const [editing, setEditing] = useState<Treatment | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Treatment | null>(null);
  const label = treatmentContract.names.label;

  const openDialog = (record: Treatment | null) => {
    save.reset();
    setEditing(record);
  };
  const submit = (payload: object) =>
    save.mutate(
      { id: editing?.id, payload },
      {
        onSuccess: () => {
          toast.success(editing ? masterMessages.updated(label) : masterMessages.added(label));
          if (!editing) setPage(0);
          setEditing(undefined);
        },
      },
    );
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(masterMessages.deleted(label));
        setDeleting(null);
      },
    });
  };

  const rows = list.data?.data.results ?? [];

  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <IconButton
            aria-label="Back to Consultation Masters"
            onClick={() => navigate(masterPaths.prescriptionMasters)}
          >
            <ArrowBackIcon />
          </IconButton>
          <Typography variant="h2" component="h1">
            Treatment Masters
          </Typography>
        </Stack>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => openDialog(null)}>
          Add Treatment
        </Button>
      </Stack>

      {list.isError ? (
        <MasterErrorAlert error={list.error} fallback={treatmentMasterTexts.fetchError} />
      ) : null}

      <Paper variant="outlined">
        {list.isFetching && !list.isPending ? <LinearProgress aria-label="Loading" /> : null}
        <TableContainer>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Treatment Name</TableCell>
                <TableCell>Fees (₹)</TableCell>
                <TableCell>Chart</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.isPending ? (
                <LoadingRows columns={columnCount} />
              ) : (
                rows.map((treatment) => (
                  <TableRow key={treatment.id} hover>
                    <TableCell>{treatment.treatment_name}</TableCell>
                    <TableCell>{treatment.price ?? '—'}</TableCell>
                    <TableCell>
                      <Checkbox
                        checked={treatment.has_chart}
                        readOnly
                        disabled
                        slotProps={{ input: { 'aria-label': `Chart for ${treatment.treatment_name}` } }}
                      />
                    </TableCell>
                    <RowActions
                      name={treatment.treatment_name}
                      onEdit={() => openDialog(treatment)}
                      onDelete={() => {
                        remove.reset();
                        setDeleting(treatment);
                      }}
                    />
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </TableContainer>
        {list.isSuccess && rows.length === 0 ? (
          <Box sx={{ p: 4, textAlign: 'center' }}>
            <Typography variant="h6" component="p">
              {treatmentMasterTexts.empty}
            </Typography>
            <Typography color="text.secondary">{treatmentMasterTexts.emptyHint}</Typography>
          </Box>
        ) : null}
        <ListPagination
          total={list.data?.data.pagination.total ?? 0}
          page={page}
          limit={limit}
          onPageChange={setPage}
          onLimitChange={setLimit}
        />
      </Paper>

      <TreatmentMastersDialog
        record={editing}
        offerChart={partner.speciality_type === 'DENTIST'}
        saving={save.isPending}
        error={save.error}
        onClose={() => setEditing(undefined)}
        onSubmit={submit}
      />
      <ConfirmDeleteDialog
        name={deleting?.treatment_name ?? null}
        deleting={remove.isPending}
        error={remove.error}
        errorFallback={treatmentMasterTexts.deleteError}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </Stack>
  );
}
