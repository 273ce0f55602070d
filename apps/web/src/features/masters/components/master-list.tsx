import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell, { tableCellClasses } from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { masterScreenWords } from '@vaidya/contract/master-screens';
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

/** On a 360 px phone the default cell padding pushes the actions column out of view. */
const narrowCellsOnPhones = { [`& .${tableCellClasses.root}`]: { px: { xs: 1, sm: 2 } } };

/** Spec §9: master screens start at 10 rows a page. */
const firstLimit = 10;

/**
 * The one list screen every master uses, the Treatment Masters page included: heading
 * with a back arrow, search, table, pagination, add/edit dialog and delete confirmation.
 * What differs between masters is the definition.
 */
export function MasterList<R extends MasterRecord>({
  definition,
  onBack,
}: {
  definition: MasterDefinition<R>;
  onBack: () => void;
}) {
  const { endpoints, texts } = definition;
  const [search, setSearch] = useState('');
  const query = useDebounced(search, definition.searchDebounceMs ?? 0);
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(firstLimit);
  const list = useMasterList(endpoints, { query, page, limit });
  const { save, remove } = useMasterMutations(endpoints);
  const [editing, setEditing] = useState<Editing<R>>(null);
  const [deleting, setDeleting] = useState<R | null>(null);
  const formId = useId();
  const label = endpoints.names.label;

  const rows = list.data?.data.results ?? [];
  const total = list.data?.data.pagination.total ?? 0;

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
            toast.success(record ? masterMessages.updated(label) : masterMessages.added(label));
          }
          // Spec §4: after adding, search and page go back to the start and the list reloads.
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
        if (definition.toastOnDelete) toast.success(masterMessages.deleted(label));
        // The last row of a later page leaves that page empty; show the one before it.
        if (rows.length === 1 && page > 0) setPage(page - 1);
      },
    });
  };

  // While a step back or a search is on its way, the rows shown are the previous answer's.
  const showEmpty = list.isSuccess && !list.isPlaceholderData && total === 0;

  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        useFlexGap
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          <IconButton aria-label={masterScreenWords.back} onClick={onBack}>
            <ArrowBackIcon />
          </IconButton>
          <Typography variant="h2" component="h1">
            {texts.title}
          </Typography>
        </Stack>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => openDialog(null)}>
          {texts.addLabel}
        </Button>
      </Stack>

      {texts.searchPlaceholder ? (
        <TextField
          size="small"
          placeholder={texts.searchPlaceholder}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(0);
          }}
          slotProps={{
            htmlInput: { 'aria-label': texts.searchPlaceholder },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
          }}
          sx={{ maxWidth: { sm: 360 } }}
        />
      ) : null}

      {list.isError ? <MasterErrorAlert error={list.error} fallback={texts.fetchError} /> : null}

      <Paper variant="outlined">
        {list.isFetching && !list.isPending ? (
          <LinearProgress aria-label={masterScreenWords.loading} />
        ) : null}
        <TableContainer>
          <Table size="small" sx={narrowCellsOnPhones}>
            <TableHead>
              <TableRow>
                {definition.columns.map((column) => (
                  <TableCell key={column.header} sx={{ width: column.width }}>
                    {column.header}
                  </TableCell>
                ))}
                <TableCell align="right">{masterScreenWords.actions}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.isPending ? (
                <LoadingRows columns={definition.columns.length + 1} />
              ) : (
                rows.map((record, index) => {
                  const name = definition.nameOf(record);
                  return (
                    <TableRow key={record.id} hover>
                      {definition.columns.map((column) => (
                        <TableCell key={column.header}>
                          {column.cell(record, page * limit + index + 1)}
                        </TableCell>
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
        {showEmpty ? (
          <Alert severity="info" sx={{ m: 2 }}>
            {texts.emptyHint ? <AlertTitle>{texts.empty}</AlertTitle> : texts.empty}
            {texts.emptyHint}
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
        title={editing?.record ? texts.editTitle : texts.addTitle}
        editing={Boolean(editing?.record)}
        saving={save.isPending}
        error={save.error}
        errorFallback={texts.saveError}
        formId={formId}
        onClose={() => setEditing(null)}
      >
        {editing ? definition.renderForm({ record: editing.record, formId, onSubmit: submit }) : null}
      </MasterDialog>

      <ConfirmDeleteDialog
        name={deleting ? definition.nameOf(deleting) : null}
        deleting={remove.isPending}
        error={remove.error}
        errorFallback={texts.deleteError}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </Stack>
  );
}
