import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  dentalTextMaxLength,
  fdiTeeth,
  maxAlternatives,
  type ToothNumbering,
  type ToothSurface,
  type TreatmentPlan,
} from '@vaidya/contract/dental';
import { planBuilderWords as words } from '@vaidya/contract/dental-screens';
import type { treatmentContract } from '@vaidya/contract/masters';
import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { DateField } from '../../../components/date-field';
import { SearchPicker } from '../../../components/search-picker';
import { masterSearches } from '../../../lib/master-searches';
import { formatRupees } from '../../../lib/money';
import { useSavePlan } from '../api/dental-api';
import { toothSurfacesInOrder } from '../chart-layout';
import { toothLabel } from '../chart-view';
import {
  bodyOfDraft,
  checkPlan,
  type DraftAlternative,
  type DraftItem,
  draftOfPlan,
  emptyAlternative,
  emptyPlanDraft,
  itemOfTreatment,
  type PlanErrors,
  totalsOfAlternative,
} from '../plan-draft';
import { Figures } from './figures';

type Treatment = z.infer<typeof treatmentContract.record>;

/** The picker adds an item per pick and holds nothing: one treatment may be planned on several teeth. */
const noneHeld: Treatment[] = [];

const paise = (amount: number) => formatRupees(amount / 100);

interface PlanBuilderProps {
  patientId: string;
  /** The plan to edit; null builds a new one. */
  plan: TreatmentPlan | null;
  numbering: ToothNumbering;
  onClose: () => void;
}

/**
 * The plan builder: a title and how long the quote holds, then one to four alternatives side
 * by side (RCT and crown beside extraction and implant), each a list of treatments from the
 * master, each on a tooth and surfaces, in a sitting, with its price (the master's, editable)
 * and tax, and the alternative's discount; its subtotal, tax and total follow every keystroke,
 * by the bills' arithmetic. Checked by the contract before it is sent; full screen on a phone.
 */
export function PlanBuilder({ patientId, plan, numbering, onClose }: PlanBuilderProps) {
  const theme = useTheme();
  const phone = !useMediaQuery(theme.breakpoints.up('sm'));
  const titleId = useId();
  const [draft, setDraft] = useState(() => (plan ? draftOfPlan(plan) : emptyPlanDraft()));
  const [errors, setErrors] = useState<PlanErrors>({});
  const save = useSavePlan(patientId);

  const changeAlternative = (key: string, change: Partial<DraftAlternative>) =>
    setDraft((current) => ({
      ...current,
      alternatives: current.alternatives.map((alternative) =>
        alternative.key === key ? { ...alternative, ...change } : alternative,
      ),
    }));

  const submit = () => {
    const body = bodyOfDraft(draft);
    const refused = checkPlan(body, draft);
    setErrors(refused ?? {});
    if (refused) return;
    save.mutate(
      { id: plan?.id ?? null, body },
      {
        onSuccess: (answer) => {
          toast.success(answer.message ?? (plan ? words.updatedToast : words.addedToast));
          onClose();
        },
      },
    );
  };

  const shownBeside = (path: string) =>
    /^(title|validUntil|alternatives\.\d+\.(title|discount|items|items\.\d+\.\w+))$/.test(path);
  const listed = Object.entries(errors).filter(([path]) => !shownBeside(path));
  const columns = draft.alternatives.length;

  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      fullWidth
      maxWidth={columns > 1 ? 'xl' : 'md'}
      fullScreen={phone}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{plan ? words.editTitle : words.addTitle}</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          id={`${titleId}-form`}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack spacing={2} sx={{ pt: 1 }}>
            {save.error ? <ApiErrorAlert error={save.error} fallback={words.saveFailed} /> : null}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label={words.planTitle}
                required
                value={draft.title}
                onChange={(event) => setDraft((current) => ({ ...current, title: event.target.value }))}
                error={Boolean(errors.title)}
                helperText={errors.title}
                slotProps={{ htmlInput: { maxLength: dentalTextMaxLength.title } }}
                sx={{ flex: 2 }}
              />
              <DateField
                label={words.validUntil}
                value={draft.validUntil}
                onChange={(validUntil) => setDraft((current) => ({ ...current, validUntil }))}
                error={errors.validUntil}
                sx={{ flex: 1 }}
              />
            </Stack>
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', md: `repeat(${columns}, minmax(0, 1fr))` },
              }}
            >
              {draft.alternatives.map((alternative, index) => (
                <AlternativeEditor
                  key={alternative.key}
                  alternative={alternative}
                  index={index}
                  errors={errors}
                  numbering={numbering}
                  canRemove={columns > 1}
                  onChange={(change) => changeAlternative(alternative.key, change)}
                  onRemove={() =>
                    setDraft((current) => ({
                      ...current,
                      alternatives: current.alternatives.filter((other) => other.key !== alternative.key),
                    }))
                  }
                />
              ))}
            </Box>
            {columns < maxAlternatives ? (
              <Box>
                <Button
                  variant="outlined"
                  onClick={() =>
                    setDraft((current) => ({
                      ...current,
                      alternatives: [
                        ...current.alternatives,
                        emptyAlternative(current.alternatives.length + 1),
                      ],
                    }))
                  }
                >
                  {words.addAlternative}
                </Button>
              </Box>
            ) : null}
            {listed.length > 0 ? (
              <Alert severity="error">
                {words.fixErrors}
                <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                  {listed.map(([path, message]) => (
                    <li key={path}>{message}</li>
                  ))}
                </Box>
              </Alert>
            ) : null}
          </Stack>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          {words.cancel}
        </Button>
        <Button type="submit" form={`${titleId}-form`} variant="contained" loading={save.isPending}>
          {words.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

interface AlternativeEditorProps {
  alternative: DraftAlternative;
  index: number;
  errors: PlanErrors;
  numbering: ToothNumbering;
  canRemove: boolean;
  onChange: (change: Partial<DraftAlternative>) => void;
  onRemove: () => void;
}

/** One alternative: its title, its treatments, its discount and its live totals. */
function AlternativeEditor({
  alternative,
  index,
  errors,
  numbering,
  canRemove,
  onChange,
  onRemove,
}: AlternativeEditorProps) {
  const at = (field: string) => errors[`alternatives.${index}.${field}`];
  const totals = totalsOfAlternative(alternative);
  const heading = words.alternative(index + 1);
  const changeItem = (key: string, change: Partial<DraftItem>) =>
    onChange({ items: alternative.items.map((item) => (item.key === key ? { ...item, ...change } : item)) });
  return (
    <Paper variant="outlined" component="section" aria-label={heading} sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            label={words.alternativeTitle}
            required
            fullWidth
            value={alternative.title}
            onChange={(event) => onChange({ title: event.target.value })}
            error={Boolean(at('title'))}
            helperText={at('title') ?? heading}
            slotProps={{ htmlInput: { maxLength: dentalTextMaxLength.title } }}
          />
          {canRemove ? (
            <IconButton aria-label={words.removeAlternative(alternative.title || heading)} onClick={onRemove}>
              <DeleteOutlinedIcon />
            </IconButton>
          ) : null}
        </Stack>
        <SearchPicker<Treatment>
          label={words.addTreatment}
          value={noneHeld}
          onChange={(picked) =>
            onChange({
              items: [
                ...alternative.items,
                ...picked.map((treatment) => itemOfTreatment(treatment, alternative.items.at(-1))),
              ],
            })
          }
          search={masterSearches.treatments}
          searchKey={['plan-picker', 'treatments']}
          itemLabel={(treatment) => treatment.treatment_name}
          itemKey={(treatment) => treatment.id}
          itemDetail={(treatment) => formatRupees(treatment.price)}
          showPicked={false}
          error={at('items')}
        />
        {alternative.items.length === 0 ? (
          <Typography color="text.secondary">{words.noItems}</Typography>
        ) : (
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {alternative.items.map((item, itemIndex) => (
              <ItemEditor
                key={item.key}
                item={item}
                error={(field) => at(`items.${itemIndex}.${field}`)}
                numbering={numbering}
                onChange={(change) => changeItem(item.key, change)}
                onRemove={() =>
                  onChange({ items: alternative.items.filter((other) => other.key !== item.key) })
                }
              />
            ))}
          </Stack>
        )}
        <TextField
          label={words.discount}
          size="small"
          value={alternative.discount}
          onChange={(event) => onChange({ discount: event.target.value })}
          error={Boolean(at('discount'))}
          helperText={at('discount')}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          sx={{ maxWidth: 200 }}
        />
        <Figures
          rows={[
            { label: words.subtotal, amount: paise(totals.subtotalPaise) },
            { label: words.discountLine, amount: paise(totals.discountPaise) },
            { label: words.tax, amount: paise(totals.taxPaise) },
            { label: words.total, amount: paise(totals.finalPaise), total: true },
          ]}
        />
      </Stack>
    </Paper>
  );
}

interface ItemEditorProps {
  item: DraftItem;
  error: (field: string) => string | undefined;
  numbering: ToothNumbering;
  onChange: (change: Partial<DraftItem>) => void;
  onRemove: () => void;
}

/** One treatment of an alternative: its tooth and surfaces, sitting, price and tax. */
function ItemEditor({ item, error, numbering, onChange, onRemove }: ItemEditorProps) {
  const number = (field: 'sitting' | 'price' | 'taxPercentage', label: string, width: number) => (
    <TextField
      size="small"
      label={label}
      value={item[field]}
      onChange={(event) => onChange({ [field]: event.target.value })}
      error={Boolean(error(field))}
      helperText={error(field)}
      slotProps={{ htmlInput: { inputMode: field === 'sitting' ? 'numeric' : 'decimal' } }}
      sx={{ width }}
    />
  );
  return (
    <Box
      component="li"
      aria-label={item.treatmentName}
      sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{item.treatmentName}</Typography>
        <IconButton size="small" aria-label={words.removeItem(item.treatmentName)} onClick={onRemove}>
          <DeleteOutlinedIcon fontSize="small" />
        </IconButton>
      </Stack>
      <Stack direction="row" useFlexGap spacing={1.5} sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          select
          size="small"
          label={words.tooth}
          value={item.tooth === null ? '' : String(item.tooth)}
          onChange={(event) =>
            onChange({ tooth: event.target.value ? Number(event.target.value) : null, surfaces: [] })
          }
          error={Boolean(error('tooth'))}
          helperText={error('tooth')}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ width: 110 }}
        >
          <option value="">{words.noTooth}</option>
          {fdiTeeth.map((tooth) => (
            <option key={tooth} value={String(tooth)}>
              {toothLabel(tooth, numbering)}
            </option>
          ))}
        </TextField>
        {number('sitting', words.sitting, 80)}
        {number('price', words.price, 120)}
        {number('taxPercentage', words.taxPercentage, 80)}
      </Stack>
      {item.tooth === null ? null : (
        <Box sx={{ mt: 1 }}>
          <ToggleButtonGroup
            size="small"
            aria-label={words.surfaces}
            value={item.surfaces}
            onChange={(_event, surfaces: ToothSurface[]) => onChange({ surfaces })}
          >
            {toothSurfacesInOrder(item.tooth).map((surface) => (
              <ToggleButton key={surface} value={surface} sx={{ minWidth: 36 }}>
                {surface}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          {error('surfaces') ? (
            <Typography variant="caption" color="error" component="p">
              {error('surfaces')}
            </Typography>
          ) : null}
        </Box>
      )}
    </Box>
  );
}
