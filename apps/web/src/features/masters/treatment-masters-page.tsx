import Checkbox from '@mui/material/Checkbox';
import { treatmentMastersScreen as texts } from '@vaidya/contract/master-screens';
import { treatmentContract } from '@vaidya/contract/masters';
import { lazy } from 'react';
import { useNavigate } from 'react-router';
import { dentalTreatmentTypesQuery, offersDentalChart } from './api/masters-api';
import { MasterList } from './components/master-list';
import type { Treatment } from './components/treatment-form';
import { nameColumn, rupeesColumn } from './master-columns';
import type { MasterDefinition } from './master-definition';
import { masterPaths } from './master-paths';

const loadTreatmentMastersForm = () => import('./components/treatment-masters-form');
const TreatmentMastersForm = lazy(() =>
  loadTreatmentMastersForm().then(({ TreatmentMastersForm }) => ({ default: TreatmentMastersForm })),
);

const treatmentName = (record: Treatment) => record.treatment_name;

/** Spec §2 "Treatment Masters page": the shared list with its own columns, texts and dialog. */
export const treatmentMasters: MasterDefinition<Treatment> = {
  endpoints: treatmentContract,
  texts,
  columns: [
    nameColumn(texts.nameHeader, treatmentName),
    rupeesColumn(texts.feesHeader, (record) => record.price),
    {
      header: texts.chartHeader,
      cell: (record) => (
        <Checkbox
          size="small"
          sx={{ p: 0 }}
          checked={record.has_chart}
          readOnly
          disabled
          slotProps={{ input: { 'aria-label': texts.chartOf(record.treatment_name) } }}
        />
      ),
    },
  ],
  nameOf: treatmentName,
  toastOnSave: true,
  toastOnDelete: true,
  form: {
    name: 'treatment-masters-form',
    // A dentist's form offers the dental chart: its treatment types come with the form,
    // so ticking Chart lists them at once.
    prepare: ({ queryClient, partner }) =>
      Promise.all([
        loadTreatmentMastersForm(),
        offersDentalChart(partner) ? queryClient.ensureQueryData(dentalTreatmentTypesQuery) : null,
      ]),
  },
  renderForm: (props) => <TreatmentMastersForm {...props} />,
};

export function TreatmentMastersPage() {
  const navigate = useNavigate();
  return (
    <MasterList definition={treatmentMasters} onBack={() => navigate(masterPaths.prescriptionMasters)} />
  );
}
