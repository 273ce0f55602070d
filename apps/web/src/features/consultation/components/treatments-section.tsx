import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { dentalOperationSuggestions } from '@vaidya/contract/consultation-forms';
import { consultationScreenWords as words } from '@vaidya/contract/consultation-screens';
import { masterNameMaxLength } from '@vaidya/contract/masters';
import { lazy, Suspense, useState } from 'react';
import { EditorSection } from '../../../components/editor-section';
import { SearchPicker } from '../../../components/search-picker';
import { masterSearches, withDistinctKeys } from '../../../lib/master-searches';
import { pickedFromMaster, type TreatmentRow, typedItem } from '../consultation-draft';

const ToothChartDialog = lazy(async () => ({
  default: (await import('./tooth-chart-dialog')).ToothChartDialog,
}));

const searchTreatments = async (term: string, signal: AbortSignal): Promise<TreatmentRow[]> =>
  (await masterSearches.treatments(term, signal)).map((treatment) => ({
    ...pickedFromMaster(treatment.id, treatment.treatment_name),
    tooth_number: null,
    operations: [],
  }));
const newTreatment = (name: string): TreatmentRow => ({
  ...typedItem(name),
  tooth_number: null,
  operations: [],
});
const treatmentSearchKey = ['consultation-picker', 'treatments'];
/** A row's name, with its tooth once chosen: the same treatment on two teeth reads apart. */
const rowLabel = (row: TreatmentRow) =>
  row.tooth_number === null ? row.name : words.treatmentOnTooth(row.name, row.tooth_number);
/** A dentist's picker holds nothing: each pick adds a row, so nothing picked is kept from the offer. */
const noneHeldByPicker: TreatmentRow[] = [];

/**
 * The treatments picked from the clinic's master. For a dentist each one is a row with
 * its tooth, picked on the FDI chart, and the operations done on it, and a picked
 * treatment stays offered: picked again, it is a new row for another tooth (two fillings
 * in one visit). For everyone else they are chips like the other lists, each treatment
 * once, since without a tooth a second one would print the same line twice.
 */
export function TreatmentsSection({
  rows,
  dental,
  onChange,
}: {
  rows: TreatmentRow[];
  dental: boolean;
  onChange: (rows: TreatmentRow[]) => void;
}) {
  const [chartFor, setChartFor] = useState<string | null>(null);
  const charted = rows.find((row) => row.key === chartFor);
  const change = (key: string, values: Partial<TreatmentRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...values } : row)));

  return (
    <EditorSection title={words.sections.treatments}>
      <SearchPicker
        label={words.pickers.treatments}
        value={dental ? noneHeldByPicker : rows}
        onChange={dental ? (picked) => onChange(withDistinctKeys([...rows, ...picked])) : onChange}
        search={searchTreatments}
        searchKey={treatmentSearchKey}
        itemLabel={(row) => row.name}
        itemKey={(row) => row.key}
        createItem={newTreatment}
        showPicked={!dental}
      />
      {dental && rows.length > 0 ? (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0, mt: 2 }}>
          {rows.map((row) => (
            <Box
              component="li"
              key={row.key}
              aria-label={rowLabel(row)}
              sx={{
                display: 'grid',
                gap: 1.5,
                alignItems: 'center',
                p: 1.5,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                gridTemplateColumns: {
                  xs: '1fr auto',
                  md: 'minmax(160px, 1fr) auto minmax(240px, 2fr) auto',
                },
                gridTemplateAreas: {
                  xs: `"name remove" "tooth tooth" "operations operations"`,
                  md: `"name tooth operations remove"`,
                },
              }}
            >
              <Typography sx={{ gridArea: 'name', fontWeight: 500, overflowWrap: 'anywhere' }}>
                {row.name}
              </Typography>
              <Button
                variant="outlined"
                size="small"
                sx={{ gridArea: 'tooth', justifySelf: 'start' }}
                aria-label={
                  row.tooth_number === null
                    ? words.chooseTooth(row.name)
                    : words.changeTooth(row.name, row.tooth_number)
                }
                onClick={() => setChartFor(row.key)}
              >
                {row.tooth_number === null ? words.chooseToothShort : words.tooth(row.tooth_number)}
              </Button>
              <OperationsField
                value={row.operations}
                onChange={(operations) => change(row.key, { operations })}
              />
              <IconButton
                aria-label={words.removeTreatment(rowLabel(row))}
                onClick={() => onChange(rows.filter((other) => other.key !== row.key))}
                sx={{ gridArea: 'remove' }}
              >
                <DeleteOutlinedIcon />
              </IconButton>
            </Box>
          ))}
        </Stack>
      ) : null}
      {charted ? (
        <Suspense fallback={<LinearProgress aria-label={words.toothChartTitle(charted.name)} />}>
          <ToothChartDialog
            treatment={charted.name}
            tooth={charted.tooth_number}
            onPick={(tooth) => {
              change(charted.key, { tooth_number: tooth });
              setChartFor(null);
            }}
            onClose={() => setChartFor(null)}
          />
        </Suspense>
      ) : null}
    </EditorSection>
  );
}

/** The steps done on the tooth: common ones suggested, any other typed and kept with Enter. */
function OperationsField({ value, onChange }: { value: string[]; onChange: (operations: string[]) => void }) {
  return (
    <Autocomplete
      multiple
      freeSolo
      filterSelectedOptions
      size="small"
      options={dentalOperationSuggestions}
      value={value}
      onChange={(_event, chosen) => {
        const names = chosen.map((name) => name.trim()).filter((name) => name !== '');
        const seen = new Set<string>();
        onChange(
          names.filter((name) => {
            const lower = name.toLowerCase();
            if (seen.has(lower)) return false;
            seen.add(lower);
            return true;
          }),
        );
      }}
      sx={{ gridArea: 'operations' }}
      renderValue={(chosen, getItemProps) =>
        chosen.map((operation, index) => {
          const { key: _indexKey, ...itemProps } = getItemProps({ index });
          return <Chip key={operation} label={operation} size="small" {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={words.operations}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, maxLength: masterNameMaxLength },
          }}
        />
      )}
    />
  );
}
