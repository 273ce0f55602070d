import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { allergyMatches } from '@vaidya/contract/allergy-classes';
import { allergyScreenWords } from '@vaidya/contract/allergy-screens';
import { instructionSuggestions } from '@vaidya/contract/consultation-forms';
import { consultationScreenWords as words } from '@vaidya/contract/consultation-screens';
import { type productTemplateContract, productTextMaxLength } from '@vaidya/contract/masters';
import { useState } from 'react';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { apiErrorSentence } from '../../../components/api-error-alert';
import type { FieldErrors } from '../../../components/documents/document-editor';
import { EditorSection } from '../../../components/editor-section';
import { SearchPicker } from '../../../components/search-picker';
import { masterSearches } from '../../../lib/master-searches';
import { productsOfTemplate } from '../api/consultation-api';
import { emptyMedicine, type MedicineRow, medicineOfMaster } from '../consultation-draft';
import { AllergyWarningDialog } from './allergy-warning-dialog';

type ProductTemplate = z.infer<typeof productTemplateContract.record>;
type TimingFlag = keyof typeof words.timings;
const timingFlags = Object.keys(words.timings).filter((flag): flag is TimingFlag => flag in words.timings);

const searchMedicines = async (term: string, signal: AbortSignal) =>
  (await masterSearches.products(term, signal)).map(medicineOfMaster);
const medicineSearchKey = ['consultation-picker', 'medicines'];
const templateSearchKey = ['consultation-picker', 'templates'];
const noTemplates: ProductTemplate[] = [];

/** A template's medicines after those already written, each medicine once. */
export function withTemplateMedicines(rows: MedicineRow[], added: MedicineRow[]): MedicineRow[] {
  const present = new Set(rows.map((row) => row.id).filter(Boolean));
  const fresh = added.filter((row) => row.id && !present.has(row.id));
  return [...rows, ...fresh];
}

/** The allergy warnings for the medicines `next` adds to `rows`, each sentence once. */
function allergyWarnings(allergies: readonly string[], rows: MedicineRow[], next: MedicineRow[]): string[] {
  const present = new Set(rows.map((row) => row.key));
  const warnings = next
    .filter((row) => !present.has(row.key))
    .flatMap((row) =>
      allergyMatches(allergies, { name: row.product_name, composition: row.composition }).map((match) =>
        allergyScreenWords.warning(row.product_name, match),
      ),
    );
  return [...new Set(warnings)];
}

interface HeldAddition {
  next: MedicineRow[];
  warnings: string[];
  afterAdd?: () => void;
}

/**
 * The prescription's medicines: each picked from the master (or typed) becomes a row
 * prefilled with the master's dosage, editable here for this patient alone. A template
 * adds its medicines that are not on the prescription yet. A medicine that matches one
 * of the patient's `allergies` is held back until a second confirmation.
 */
export function MedicinesSection({
  rows,
  errors,
  allergies,
  onChange,
}: {
  rows: MedicineRow[];
  errors: FieldErrors;
  allergies: readonly string[];
  onChange: (rows: MedicineRow[]) => void;
}) {
  const [held, setHeld] = useState<HeldAddition | null>(null);
  const add = (next: MedicineRow[], afterAdd?: () => void) => {
    const warnings = allergyWarnings(allergies, rows, next);
    if (warnings.length > 0) {
      setHeld({ next, warnings, afterAdd });
      return;
    }
    onChange(next);
    afterAdd?.();
  };
  const applyTemplate = useMutation({
    mutationFn: (template: ProductTemplate) => productsOfTemplate(template.id),
  });
  const apply = (template: ProductTemplate) =>
    applyTemplate.mutate(template, {
      onSuccess: (products) => {
        const next = withTemplateMedicines(rows, products.map(medicineOfMaster));
        add(next, () => toast.info(words.templateApplied(template.template_name, next.length - rows.length)));
      },
      onError: (error) => toast.error(apiErrorSentence(error, words.templateFailed)),
    });
  const change = (key: string, values: Partial<MedicineRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...values } : row)));

  return (
    <EditorSection title={words.sections.medicines}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <Box sx={{ flex: 2 }}>
          <SearchPicker
            label={words.pickers.medicines}
            value={rows}
            onChange={add}
            search={searchMedicines}
            searchKey={medicineSearchKey}
            itemLabel={(row) => row.product_name}
            itemKey={(row) => row.key}
            itemDetail={(row) => row.composition}
            createItem={emptyMedicine}
            showPicked={false}
          />
        </Box>
        <Box sx={{ flex: 1 }}>
          <SearchPicker
            label={words.applyTemplate}
            value={noTemplates}
            onChange={(picked) => {
              const template = picked.at(-1);
              if (template) apply(template);
            }}
            search={masterSearches.templates}
            searchKey={templateSearchKey}
            itemLabel={(template) => template.template_name}
            itemKey={(template) => template.id}
            showPicked={false}
          />
          {applyTemplate.isPending ? <LinearProgress aria-label={words.applyTemplate} /> : null}
        </Box>
      </Stack>
      {rows.length === 0 ? (
        <Alert severity="info">{words.noMedicines}</Alert>
      ) : (
        <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((row, index) => (
            <MedicineRowFields
              key={row.key}
              row={row}
              errorOf={(field) => errors[`products.${index}.${field}`]}
              onChange={(values) => change(row.key, values)}
              onRemove={() => onChange(rows.filter((other) => other.key !== row.key))}
            />
          ))}
        </Stack>
      )}
      {held ? (
        <AllergyWarningDialog
          warnings={held.warnings}
          onAdd={() => {
            setHeld(null);
            onChange(held.next);
            held.afterAdd?.();
          }}
          onCancel={() => setHeld(null)}
        />
      ) : null}
    </EditorSection>
  );
}

/**
 * One medicine. Wide, its fields sit in one line like the printed table's columns;
 * narrow, they stack into a card, name first.
 */
function MedicineRowFields({
  row,
  errorOf,
  onChange,
  onRemove,
}: {
  row: MedicineRow;
  errorOf: (field: keyof MedicineRow) => string | undefined;
  onChange: (values: Partial<MedicineRow>) => void;
  onRemove: () => void;
}) {
  const columns = words.medicineColumns;
  const fieldError = (field: keyof MedicineRow) => ({
    error: Boolean(errorOf(field)),
    helperText: errorOf(field),
  });
  const name = row.product_name.trim() || columns.name;
  return (
    <Box
      component="li"
      aria-label={name}
      sx={{
        display: 'grid',
        gap: 1.5,
        alignItems: 'start',
        p: 1.5,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        gridTemplateColumns: {
          xs: '1fr 1fr auto',
          // Two lines on a desk's screen, so names and compositions show whole.
          md: 'minmax(100px, 1fr) auto minmax(100px, 1fr) minmax(160px, 2fr) auto',
        },
        gridTemplateAreas: {
          xs: `"name name remove" "composition composition composition" "dosage duration duration" "timing timing timing" "instructions instructions instructions"`,
          md: `"name name composition composition remove" "dosage timing duration instructions ."`,
        },
      }}
    >
      <TextField
        size="small"
        label={columns.name}
        required
        value={row.product_name}
        onChange={(event) => onChange({ product_name: event.target.value })}
        sx={{ gridArea: 'name' }}
        {...fieldError('product_name')}
      />
      <TextField
        size="small"
        label={columns.composition}
        value={row.composition}
        onChange={(event) => onChange({ composition: event.target.value })}
        slotProps={{ htmlInput: { maxLength: productTextMaxLength.composition } }}
        sx={{ gridArea: 'composition' }}
        {...fieldError('composition')}
      />
      <TextField
        size="small"
        label={columns.dosage}
        value={row.dosage_qty}
        onChange={(event) => onChange({ dosage_qty: event.target.value })}
        slotProps={{ htmlInput: { maxLength: productTextMaxLength.dosageQty } }}
        sx={{ gridArea: 'dosage' }}
        {...fieldError('dosage_qty')}
      />
      <Box sx={{ gridArea: 'timing' }}>
        <Typography variant="caption" color="text.secondary" component="div">
          {columns.timing}
        </Typography>
        <ToggleButtonGroup
          size="small"
          aria-label={columns.timing}
          value={timingFlags.filter((flag) => row[flag])}
          onChange={(_event, chosen: TimingFlag[]) =>
            onChange(Object.fromEntries(timingFlags.map((flag) => [flag, chosen.includes(flag)])))
          }
        >
          {timingFlags.map((flag) => (
            <ToggleButton key={flag} value={flag} aria-label={words.timings[flag].name} sx={{ minWidth: 40 }}>
              {words.timings[flag].flag}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <TextField
        size="small"
        label={columns.duration}
        value={row.days}
        onChange={(event) => onChange({ days: event.target.value })}
        sx={{ gridArea: 'duration' }}
        slotProps={{
          htmlInput: { inputMode: 'numeric', maxLength: 4 },
          input: { endAdornment: <InputAdornment position="end">{words.days}</InputAdornment> },
        }}
        {...fieldError('days')}
      />
      <Autocomplete
        freeSolo
        size="small"
        options={instructionSuggestions}
        inputValue={row.instructions}
        onInputChange={(_event, instructions) => onChange({ instructions })}
        sx={{ gridArea: 'instructions' }}
        renderInput={(params) => (
          <TextField
            {...params}
            label={columns.instructions}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, maxLength: productTextMaxLength.instructions },
            }}
            {...fieldError('instructions')}
          />
        )}
      />
      <IconButton aria-label={words.removeMedicine(name)} onClick={onRemove} sx={{ gridArea: 'remove' }}>
        <DeleteOutlinedIcon />
      </IconButton>
    </Box>
  );
}
