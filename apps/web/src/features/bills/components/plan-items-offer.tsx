import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { toPaise } from '@vaidya/contract/bill-arithmetic';
import { billEditorWords as words } from '@vaidya/contract/bills-screens';
import { calendarDateEnGb } from '@vaidya/contract/calendar-dates';
import { type BillablePlanItem, type ToothNumbering, universalNumber } from '@vaidya/contract/dental';
import { masterNameMaxLength } from '@vaidya/contract/masters';
import { useId } from 'react';
import { formatRupees } from '../../../lib/money';
import { useBillablePlanItems } from '../api/billable-plan-items';
import type { DraftLine } from '../bill-draft';

/**
 * A completed item of the patient's dental plan as a line: named with its tooth and surfaces
 * (the clinic's numbering, as the printed bill keeps it), priced at its price less its share of
 * its alternative's discount, so the line costs what the plan says it does, tax included.
 */
export function lineOfPlanItem(item: BillablePlanItem, numbering: ToothNumbering): DraftLine {
  const tooth =
    item.tooth === null ? null : numbering === 'UNIVERSAL' ? universalNumber(item.tooth) : String(item.tooth);
  const detail = words.planItems.toothDetail(tooth, item.surfaces.join(''));
  return {
    key: `plan:${item.id}`,
    treatmentId: item.treatment_id,
    productId: null,
    planItemId: item.id,
    // The detail is what sets two fillings apart: a long name gives way to it.
    name: `${item.treatment_name.slice(0, masterNameMaxLength - detail.length)}${detail}`,
    quantity: '1',
    unitPrice: String((toPaise(item.price) - toPaise(item.discount)) / 100),
    taxPercentage: String(item.tax_percentage),
  };
}

/**
 * A dental patient's completed plan items that no bill bills yet, each offered as a line of
 * this bill; one on the bill already is not offered again. Nothing shows while there is
 * nothing to offer. Loaded by the bill editor of a dental clinic alone, with the dental
 * contract, so the editor's first load stays within its budget.
 */
export function PlanItemsOffer({
  patientId,
  numbering,
  lines,
  onAdd,
}: {
  patientId: string;
  numbering: ToothNumbering;
  lines: DraftLine[];
  onAdd: (lines: DraftLine[]) => void;
}) {
  const titleId = useId();
  const billable = useBillablePlanItems(patientId);
  const items = billable.data ?? [];
  if (billable.isError)
    return (
      <Alert severity="warning" sx={{ mb: 2 }}>
        {words.planItems.fetchFailed}
      </Alert>
    );
  const onBill = new Set(lines.flatMap((line) => (line.planItemId ? [line.planItemId] : [])));
  const offered = items
    .filter((item) => !onBill.has(item.id))
    .map((item) => ({ item, line: lineOfPlanItem(item, numbering) }));
  if (offered.length === 0) return null;
  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      sx={{ mb: 2, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <Typography id={titleId} variant="subtitle2" component="h3">
          {words.planItems.title}
        </Typography>
        {offered.length > 1 ? (
          <Button size="small" onClick={() => onAdd(offered.map(({ line }) => line))}>
            {words.planItems.addAll}
          </Button>
        ) : null}
      </Stack>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {offered.map(({ item, line }) => {
          const price = formatRupees(Number(line.unitPrice));
          return (
            <Box
              component="li"
              key={item.id}
              sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1.5 }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ overflowWrap: 'anywhere' }}>{line.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {words.planItems.from(item.plan_title, calendarDateEnGb(item.completed_on), price)}
                </Typography>
              </Box>
              <Button
                variant="outlined"
                size="small"
                startIcon={<AddIcon />}
                aria-label={words.planItems.add(line.name, price)}
                onClick={() => onAdd([line])}
                sx={{ flexShrink: 0 }}
              >
                {words.planItems.addShort}
              </Button>
            </Box>
          );
        })}
      </Stack>
    </Box>
  );
}
