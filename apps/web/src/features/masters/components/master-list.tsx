import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { masterMessages } from '@vaidya/contract/masters';
import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { type MasterRecord, useMasterList, useMasterMutations } from '../api/masters-api';
import type { MasterDefinition } from '../master-definition';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { ListPagination } from './list-pagination';
import { LoadingRows } from './loading-rows';
import { MasterDialog } from './master-dialog';
import { MasterErrorAlert } from './master-error-alert';
import { RowActions } from './row-actions';
import { useDebounced } from './use-debounced';

type Editing<R> = { record: R | null } | null;

/** The one list screen every master uses: search, table, pagination, add/edit dialog and delete confirmation. */
export function MasterList<R extends MasterRecord>({ definition }: { definition: MasterDefinition<R> }) {
  const { endpoints } = definition;
  const [search, setSearch] = useState('');
  const query = useDebounced(search, definition.debounceMs);
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(10);
  const list = useMasterList(endpoints, { query, page, limit });
  const { save, remove } = useMasterMutations(endpoints);
  const [editing, setEditing] = useState<Editing<R>>(null);
  const [deleting, setDeleting] = useState<R | null>(null);
  const formId = useId();

  const openDialog = (record: R | null) => {
    save.reset();
    setEditing({ record });
  };
  const submit = (payload: object) => {
    const record = editing?.record ?? null;
    save.mutate(
      { id: record?.id, payload },
      {
        onSuccess: () => {
          setEditing(null);
          if (definition.toastOnSave) {
            const label = endpoints.names.label;
            toast.success(record ? masterMessages.updated(label) : masterMessages.added(label));
          }
          if (!record) {
            setSearch('');
            setPage(0);
          }
        },
      },
    );
  };
  const askToDelete = (record: R) => {
    remove.reset();
    setDeleting(record);
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        // The last row of a later page leaves that page empty; show the one before it.
        if (rows.length === 1 && page > 0) setPage(page - 1);
      },
    });
  };

  const rows = list.data?.data.results ?? [];
  const total = list.data?.data.pagination.total ?? 0;
  const columnCount = 3 + (definition.extraColumns?.length ?? 0);

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
        <TextField
          size="small"
          placeholder={definition.searchPlaceholder}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(0);
          }}
          slotProps={{
            htmlInput: { 'aria-label': definition.searchPlaceholder },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
          }}
          sx={{ minWidth: { sm: 320 } }}
        />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => openDialog(null)}>
          {definition.addLabel}
        </Button>
      </Stack>

      {list.isError ? <MasterErrorAlert error={list.error} fallback={definition.fetchError} /> : null}

      <Paper variant="outlined">
        {list.isFetching && !list.isPending ? <LinearProgress aria-label="Loading" /> : null}
        <TableContainer>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 72 }}>S.No</TableCell>
                <TableCell>{definition.nameHeader}</TableCell>
                {definition.extraColumns?.map((column) => (
                  <TableCell key={column.header}>{column.header}</TableCell>
                ))}
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.isPending ? (
                <LoadingRows columns={columnCount} />
              ) : (
                rows.map((record, index) => {
                  const name = definition.nameOf(record);
                  return (
                    <TableRow key={record.id} hover>
                      <TableCell>{page * limit + index + 1}</TableCell>
                      <TableCell>{name}</TableCell>
                      {definition.extraColumns?.map((column) => (
                        <TableCell key={column.header}>{column.cell(record)}</TableCell>
                      ))}
                      <RowActions
                        name={name}
                        onEdit={() => openDialog(record)}
                        onDelete={() => askToDelete(record)}
                      />
                    </TableRow>
                  );
                })
              )}
            </TableBody>
          </Table>
        </TableContainer>
        {list.isSuccess && rows.length === 0 ? (
          <Alert severity="info" sx={{ m: 2 }}>
            {definition.emptyText}
          </Alert>
        ) : null}
        <ListPagination
          total={total}
          page={page}
          limit={limit}
          onPageChange={setPage}
          onLimitChange={setLimit}
        />
      </Paper>

      <MasterDialog
        open={editing !== null}
        title={editing?.record ? definition.editTitle : definition.addTitle}
        editing={Boolean(editing?.record)}
        saving={save.isPending}
        error={save.error}
        errorFallback={definition.saveError}
        formId={formId}
        onClose={() => setEditing(null)}
      >
        {editing ? definition.renderForm({ record: editing.record, formId, onSubmit: submit }) : null}
      </MasterDialog>

      <ConfirmDeleteDialog
        name={deleting ? definition.nameOf(deleting) : null}
        deleting={remove.isPending}
        error={remove.error}
        errorFallback={definition.deleteError}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </Stack>
  );
}
