import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ComputedBillLine } from '@vaidya/contract/bill-arithmetic';
import { billEditorWords as words } from '@vaidya/contract/bills-screens';
import type { ToothNumbering } from '@vaidya/contract/dental';
import { lazy, Suspense } from 'react';
import type { FieldErrors } from '../../../components/documents/document-editor';
import { EditorSection } from '../../../components/editor-section';
import { SearchPicker } from '../../../components/search-picker';
import { masterSearches, withDistinctKeys } from '../../../lib/master-searches';
import { formatRupees } from '../../../lib/money';
import { type DraftLine, lineOfProduct, lineOfTreatment } from '../bill-draft';
import { BillLineRow } from './bill-line-row';

/** The two masters a line is picked from: each picker searches one and owns the lines taken from it. */
const pickers = [
  {
    master: 'treatmentId',
    label: words.addTreatment,
    searchKey: ['bill-picker', 'treatments'],
    search: async (term: string, signal: AbortSignal) =>
      (await masterSearches.treatments(term, signal)).map(lineOfTreatment),
  },
  {
    master: 'productId',
    label: words.addMedicine,
    searchKey: ['bill-picker', 'products'],
    search: async (term: string, signal: AbortSignal) =>
      (await masterSearches.products(term, signal)).map(lineOfProduct),
  },
] as const;

const PlanItemsOffer = lazy(async () => ({ default: (await import('./plan-items-offer')).PlanItemsOffer }));

/** A dentist's treatment picker holds nothing: each pick adds a line, so nothing is kept from the offer. */
const noneHeldByPicker: DraftLine[] = [];

/**
 * The bill's lines: picked from the treatment and medicine masters, then each with its
 * quantity, price and tax as typed, and the tax and amount the arithmetic gives it. An
 * entry is picked once and its quantity counts it again, except a dentist's treatment:
 * picked again it is a line of its own, for another tooth (two fillings in one visit).
 */
export function BillLinesSection({
  lines,
  figures,
  errors,
  dental,
  planItems,
  onChange,
}: {
  lines: DraftLine[];
  /** Each line's computed figures, in the lines' order. */
  figures: ComputedBillLine[];
  errors: FieldErrors;
  /** The clinic is a dentist's. */
  dental: boolean;
  /** Whose completed dental plan items to offer as lines, numbered as the clinic numbers teeth; null offers none. */
  planItems: { patientId: string; numbering: ToothNumbering } | null;
  onChange: (lines: DraftLine[]) => void;
}) {
  /** The picker's lines as now picked: the unpicked ones go, the new ones join the end. */
  const pick = (master: 'treatmentId' | 'productId') => (picked: DraftLine[]) => {
    if (repeats(master)) {
      onChange(withDistinctKeys([...lines, ...picked]));
      return;
    }
    const pickedKeys = new Set(picked.map((line) => line.key));
    const kept = lines.filter((line) => !line[master] || pickedKeys.has(line.key));
    const keptKeys = new Set(kept.map((line) => line.key));
    onChange([...kept, ...picked.filter((line) => !keptKeys.has(line.key))]);
  };
  const repeats = (master: 'treatmentId' | 'productId') => dental && master === 'treatmentId';
  const changeLine = (key: string, values: Partial<DraftLine>) =>
    onChange(lines.map((line) => (line.key === key ? { ...line, ...values } : line)));

  return (
    <EditorSection title={words.sections.items}>
      {planItems ? (
        <Suspense fallback={null}>
          <PlanItemsOffer {...planItems} lines={lines} onAdd={(added) => onChange([...lines, ...added])} />
        </Suspense>
      ) : null}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mb: 2 }}>
        {pickers.map(({ master, label, searchKey, search }) => (
          <SearchPicker
            key={master}
            label={label}
            value={repeats(master) ? noneHeldByPicker : lines.filter((line) => line[master])}
            onChange={pick(master)}
            search={search}
            searchKey={searchKey}
            itemLabel={(line) => line.name}
            itemKey={(line) => line.key}
            itemDetail={(line) => formatRupees(Number(line.unitPrice))}
            showPicked={false}
          />
        ))}
      </Box>
      {lines.length === 0 ? (
        <Typography color="text.secondary">{words.noItems}</Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {lines.map((line, index) => (
            <BillLineRow
              key={line.key}
              line={line}
              figures={figures[index]}
              errors={errors}
              index={index}
              onChange={(values) => changeLine(line.key, values)}
              onRemove={() => onChange(lines.filter((other) => other.key !== line.key))}
            />
          ))}
        </Stack>
      )}
    </EditorSection>
  );
}
