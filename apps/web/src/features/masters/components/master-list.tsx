import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import OutlinedInput from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { alpha, keyframes, type Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell, { tableCellClasses } from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { masterScreenWords } from '@vaidya/contract/master-screens';
import { masterMessages } from '@vaidya/contract/masters';
import { Fragment, type Ref, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormDialog } from '../../../components/form-dialog';
import { ListPagination } from '../../../components/list-pagination';
import { useEditDialog } from '../../../components/use-edit-dialog';
import { retryOnceUnlessRefused } from '../../../lib/api-client';
import { useClinic } from '../../../lib/clinic-context';
import { useDocumentTitle } from '../../../lib/document-title';
import { useMay } from '../../../lib/partner-details-query';
import { useDebounced } from '../../../lib/use-debounced';
import { type MasterRecord, useMasterList, useMasterMutations } from '../api/masters-api';
import type { MasterColumn, MasterDefinition, MasterForm } from '../master-definition';
import { LoadingRows } from './loading-rows';
import { RowActions } from './row-actions';

/** On a 360 px phone the default cell padding leaves the name too little room beside the actions. */
const narrowCellsOnPhones = { [`& .${tableCellClasses.root}`]: { px: { xs: 1, sm: 2 } } };

/** Spec §9: master screens start at 10 rows a page. */
const firstLimit = 10;

/** Spec §9: searches wait 500 ms after typing stops, unless the master says otherwise. */
const defaultSearchDebounceMs = 500;

/** The just-added row lights up and fades back, so the eye finds it without it staying loud. */
const fadeFromHighlight = keyframes`from { background-color: var(--just-added-highlight); }`;
const justAddedRowStyle = {
  '--just-added-highlight': (theme: Theme) => alpha(theme.palette.primary.main, 0.24),
  animation: `${fadeFromHighlight} 3s ease-out`,
};

/** Read by screen readers only: why Add is still disabled. */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
} as const;

/** The list's form, loaded (with what it shows once open) while the list itself arrives; Add waits for it. */
function useMasterForm(form: MasterForm) {
  const queryClient = useQueryClient();
  const { partner } = useClinic();
  return useQuery({
    queryKey: ['master-form', form.name],
    queryFn: async () => {
      await form.prepare({ queryClient, partner });
      return true;
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: retryOnceUnlessRefused,
  });
}

/**
 * The one list screen every master uses, the Treatment Masters page included: heading
 * with a back arrow, search, table, pagination, add/edit dialog and delete confirmation.
 * What differs between masters is the definition. Below the `sm` breakpoint each row is
 * its name over a line of its other columns, beside the edit and delete buttons, so
 * every action stays in reach at 360 px without scrolling sideways.
 */
export function MasterList<R extends MasterRecord>({
  definition,
  onBack,
}: {
  definition: MasterDefinition<R>;
  onBack: () => void;
}) {
  const { endpoints, texts } = definition;
  useDocumentTitle(texts.title);
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [search, setSearch] = useState('');
  const settledSearch = useDebounced(search, definition.searchDebounceMs ?? defaultSearchDebounceMs);
  // Only typing waits: an emptied box (by hand, or after an add) shows the whole list at once.
  const query = search.trim() === '' ? '' : settledSearch;
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(firstLimit);
  const list = useMasterList(endpoints, { query, page, limit });
  const { save, remove } = useMasterMutations(endpoints);
  const dialog = useEditDialog<R>(texts);
  const [deleting, setDeleting] = useState<R | null>(null);
  const [justAdded, setJustAdded] = useState<R | null>(null);
  const justAddedRow = useRef<HTMLTableRowElement>(null);
  const formId = useId();
  const formStateId = useId();
  const form = useMasterForm(definition.form);
  const mayChange = useMay('masters');
  const label = endpoints.names.label;

  const rows = list.data?.data.results ?? [];
  const pagination = list.data?.data.pagination;
  const total = pagination?.total;
  // Numbered by the answer on screen, which until the next page arrives is the previous one.
  const rowsBefore = pagination ? (pagination.page - 1) * pagination.limit : 0;
  const settled = list.isSuccess && !list.isFetching && !list.isPlaceholderData;

  /*
   * After an add the list goes back to its first page (spec §4), but in A–Z order the
   * new row may belong on any page, and the server cannot say which. So the new row is
   * lit up where it stands when the first page holds it, and otherwise shown above that
   * page, marked, until the next page, page size or search; from then on it sits in its
   * place like any other row. It is placed only once the first page has come back, so
   * it does not appear above the page and then jump into it.
   */
  const justAddedOnPage = justAdded !== null && rows.some((row) => row.id === justAdded.id);
  const pinned = justAdded !== null && !justAddedOnPage && settled ? justAdded : null;
  const shownJustAddedId = pinned?.id ?? (justAddedOnPage && settled ? justAdded.id : undefined);
  useEffect(() => {
    if (shownJustAddedId) justAddedRow.current?.scrollIntoView({ block: 'nearest' });
  }, [shownJustAddedId]);

  const goToPage = (next: number) => {
    setJustAdded(null);
    setPage(next);
  };
  const changeLimit = (next: number) => {
    setJustAdded(null);
    setLimit(next);
  };

  const openDialog = (record: R | null) => {
    save.reset();
    dialog.open(record);
  };
  const submit = (payload: object) => {
    const record = dialog.record;
    save.mutate(
      { id: record?.id, payload },
      {
        onSuccess: (saved) => {
          dialog.close();
          if (record) {
            if (definition.toastOnSave) toast.success(saved.message ?? masterMessages.updated(label));
            setJustAdded((shown) => (shown?.id === saved.data.id ? saved.data : shown));
            return;
          }
          toast.success(saved.message ?? masterMessages.added(label));
          // Spec §4: after adding, search and page go back to the start and the list reloads.
          setSearch('');
          setPage(0);
          setJustAdded(saved.data);
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
      onSuccess: (deleted) => {
        setDeleting(null);
        if (definition.toastOnDelete) toast.success(deleted.message ?? masterMessages.deleted(label));
        if (deleting.id === justAdded?.id) setJustAdded(null);
        // The last row of a later page leaves that page empty; show the one before it.
        else if (rows.length === 1 && page > 0) goToPage(page - 1);
      },
    });
  };

  // While a step back or a search is on its way, the rows shown are the previous answer's.
  const showEmpty = list.isSuccess && !list.isPlaceholderData && total === 0;
  const detailColumns = definition.columns.filter(
    (column) => column.header !== texts.nameHeader && column.header !== masterScreenWords.serialNumber,
  );
  const headers = compact
    ? [{ header: texts.nameHeader, width: undefined }]
    : definition.columns.map(({ header, width }) => ({ header, width }));

  const renderRow = (record: R, rowNumber: number | undefined) => {
    const isJustAdded = record.id === shownJustAddedId;
    return (
      <RecordRow
        key={record.id}
        rowRef={isJustAdded ? justAddedRow : undefined}
        definition={definition}
        record={record}
        rowNumber={rowNumber}
        compact={compact}
        detailColumns={detailColumns}
        justAdded={isJustAdded}
        mayChange={mayChange}
        onEdit={() => openDialog(record)}
        onDelete={() => askToDelete(record)}
      />
    );
  };

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
        {/* The front desk reads the lists; only a doctor or the owner changes them (issue 23). */}
        {mayChange ? (
          <Button
            variant="contained"
            startIcon={
              form.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : <AddIcon />
            }
            disabled={!form.isSuccess}
            aria-describedby={form.isSuccess ? undefined : formStateId}
            onClick={() => openDialog(null)}
          >
            {texts.addLabel}
          </Button>
        ) : null}
      </Stack>
      {form.isPending ? (
        <Box id={formStateId} sx={visuallyHidden}>
          {masterScreenWords.formPreparing}
        </Box>
      ) : null}
      {form.isError ? (
        <ApiErrorAlert
          slotProps={{ message: { id: formStateId } }}
          error={form.error}
          fallback={masterScreenWords.formFailed}
          action={
            <Button color="inherit" size="small" loading={form.isFetching} onClick={() => form.refetch()}>
              {masterScreenWords.retry}
            </Button>
          }
        />
      ) : null}

      {/* A bare outlined input: the whole TextField (labels, helper text, the other
          variants) would add to every list's first load for a box that needs none of it. */}
      <OutlinedInput
        size="small"
        placeholder={texts.searchPlaceholder}
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          goToPage(0);
        }}
        inputProps={{ 'aria-label': texts.searchPlaceholder }}
        startAdornment={
          <InputAdornment position="start">
            <SearchIcon />
          </InputAdornment>
        }
        sx={{ maxWidth: { sm: 360 } }}
      />

      {list.isError ? (
        <ApiErrorAlert
          error={list.error}
          fallback={texts.fetchError}
          action={
            <Button color="inherit" size="small" loading={list.isFetching} onClick={() => list.refetch()}>
              {masterScreenWords.retry}
            </Button>
          }
        />
      ) : null}

      <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }}>
        {/* Over the table's top edge rather than above it, so the table does not move when it comes and goes. */}
        {list.isFetching && !list.isPending ? (
          <LinearProgress
            aria-label={masterScreenWords.loading}
            sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }}
          />
        ) : null}
        <TableContainer>
          <Table size="small" sx={narrowCellsOnPhones}>
            <TableHead>
              <TableRow>
                {headers.map(({ header, width }) => (
                  <TableCell key={header} sx={{ width }}>
                    {header}
                  </TableCell>
                ))}
                {mayChange ? <TableCell align="right">{masterScreenWords.actions}</TableCell> : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {list.isPending ? (
                <LoadingRows
                  rows={limit}
                  cells={headers.length}
                  lines={compact && detailColumns.length > 0 ? 2 : 1}
                />
              ) : (
                <>
                  {pinned ? renderRow(pinned, undefined) : null}
                  {rows.map((record, index) => renderRow(record, rowsBefore + index + 1))}
                </>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        {showEmpty ? (
          query ? (
            <Alert severity="info" sx={{ m: 2 }}>
              {texts.noMatch(query)}
            </Alert>
          ) : (
            <Alert severity="info" sx={{ m: 2 }}>
              {texts.emptyHint ? <AlertTitle>{texts.empty}</AlertTitle> : texts.empty}
              {texts.emptyHint}
            </Alert>
          )
        ) : null}
        <ListPagination
          total={total}
          page={page}
          limit={limit}
          compact={compact}
          onPageChange={goToPage}
          onLimitChange={changeLimit}
        />
      </Paper>

      <FormDialog
        {...dialog.formDialogProps}
        saving={save.isPending}
        error={save.error}
        errorFallback={texts.saveError}
        formId={formId}
      >
        {dialog.isOpen ? definition.renderForm({ record: dialog.record, formId, onSubmit: submit }) : null}
      </FormDialog>

      <ConfirmDialog
        open={deleting !== null}
        title={masterScreenWords.confirmDeleteTitle}
        body={masterScreenWords.confirmDelete(deleting ? definition.nameOf(deleting) : '')}
        working={remove.isPending}
        error={remove.error}
        errorFallback={texts.deleteError}
        cancelLabel={masterScreenWords.cancel}
        confirmLabel={masterScreenWords.delete}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </Stack>
  );
}

/**
 * One record: on wide screens a cell per column; on phones (`compact`) its name over a
 * line of its other columns, each after its header ("Price ₹75 · Type Service").
 */
function RecordRow<R extends MasterRecord>({
  rowRef,
  definition,
  record,
  rowNumber,
  compact,
  detailColumns,
  justAdded,
  mayChange,
  onEdit,
  onDelete,
}: {
  rowRef: Ref<HTMLTableRowElement> | undefined;
  definition: MasterDefinition<R>;
  record: R;
  rowNumber: number | undefined;
  compact: boolean;
  detailColumns: MasterColumn<R>[];
  justAdded: boolean;
  /** Whether the role may edit and delete (issue 23); the front desk's rows have no Actions cell. */
  mayChange: boolean;
  onEdit(): void;
  onDelete(): void;
}) {
  const name = definition.nameOf(record);
  // The toast has already said it aloud; the mark is for the eye, and leaves the cell named by the record alone.
  const mark = justAdded ? (
    <Box
      component="span"
      aria-hidden
      sx={{
        ml: 1,
        px: 0.75,
        borderRadius: 1,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        typography: 'caption',
        whiteSpace: 'nowrap',
      }}
    >
      {masterScreenWords.justAdded}
    </Box>
  ) : null;

  return (
    <TableRow ref={rowRef} hover sx={justAdded ? justAddedRowStyle : undefined}>
      {compact ? (
        <TableCell sx={{ overflowWrap: 'anywhere' }}>
          {name}
          {mark}
          {detailColumns.length > 0 ? (
            <Typography variant="body2" color="text.secondary" component="div">
              {detailColumns.map((column, index) => (
                <Fragment key={column.header}>
                  {index > 0 ? ' · ' : null}
                  <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                    {column.header}{' '}
                    <Box component="span" sx={{ color: 'text.primary' }}>
                      {column.cell(record, rowNumber)}
                    </Box>
                  </Box>
                </Fragment>
              ))}
            </Typography>
          ) : null}
        </TableCell>
      ) : (
        definition.columns.map((column) => (
          <TableCell key={column.header} sx={{ overflowWrap: 'anywhere' }}>
            {column.cell(record, rowNumber)}
            {column.header === definition.texts.nameHeader ? mark : null}
          </TableCell>
        ))
      )}
      {mayChange ? <RowActions name={name} onEdit={onEdit} onDelete={onDelete} /> : null}
    </TableRow>
  );
}
