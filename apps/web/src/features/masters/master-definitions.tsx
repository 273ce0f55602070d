import {
  complaintScreen,
  diagnosisScreen,
  investigationScreen,
  type MasterScreenTexts,
  medicineScreen,
  observationScreen,
  templateScreen,
  treatmentScreen,
} from '@vaidya/contract/master-screens';
import {
  complaintContract,
  diagnosisContract,
  investigationContract,
  type MasterNames,
  observationContract,
  type Product,
  productContract,
  productTemplateContract,
  treatmentContract,
} from '@vaidya/contract/masters';
import { lazy } from 'react';
import type { z } from 'zod';
import type { MasterEndpoints, MasterRecord } from './api/masters-api';
import type { ProductTemplate } from './components/template-form';
import type { Treatment } from './components/treatment-form';
import { nameColumn, rupeesColumn, serialNumberColumn } from './master-columns';
import type { MasterDefinition, MasterForm } from './master-definition';

// Each form is its own chunk: the list fetches it as it opens (`form`), the dialog draws it.
const loadNameForm = () => import('./components/name-form');
const loadMedicineForm = () => import('./components/medicine-form');
const loadTemplateForm = () => import('./components/template-form');
const loadTreatmentForm = () => import('./components/treatment-form');
const NameForm = lazy(() => loadNameForm().then(({ NameForm }) => ({ default: NameForm })));
const MedicineForm = lazy(() => loadMedicineForm().then(({ MedicineForm }) => ({ default: MedicineForm })));
const TemplateForm = lazy(() => loadTemplateForm().then(({ TemplateForm }) => ({ default: TemplateForm })));
const TreatmentForm = lazy(() =>
  loadTreatmentForm().then(({ TreatmentForm }) => ({ default: TreatmentForm })),
);

/** A form that needs nothing but its own chunk to open. */
const chunkOnly = (name: string, load: () => Promise<unknown>): MasterForm => ({ name, prepare: load });

/** Spec §9: searches wait 500 ms after typing stops; medicines wait a second. */
const searchDebounceMs = 500;
const medicineSearchDebounceMs = 1000;

/**
 * A master that is nothing but a name (spec §5: complaints, diagnoses, investigations,
 * observations): its contract and its screen's texts say everything else.
 */
function nameMaster<
  Name extends string,
  Payload extends string,
  R extends MasterRecord & Record<Name, string>,
>(
  contract: MasterEndpoints<R> & {
    names: MasterNames<Name, Payload>;
    addBody: { shape: Record<Payload, z.ZodType<string, string>> };
  },
  texts: MasterScreenTexts,
): MasterDefinition<R> {
  const { nameField, payloadField } = contract.names;
  const nameOf = (record: R) => record[nameField];
  return {
    endpoints: contract,
    texts,
    searchDebounceMs,
    columns: [serialNumberColumn, nameColumn(texts.nameHeader, nameOf)],
    nameOf,
    form: chunkOnly('name-form', loadNameForm),
    renderForm: ({ record, ...props }) => (
      <NameForm
        {...props}
        name={record ? nameOf(record) : ''}
        label={texts.nameHeader}
        payloadField={payloadField}
        nameRule={contract.addBody.shape[payloadField]}
      />
    ),
  };
}

const productName = (record: Product) => record.product_name;
const templateName = (record: ProductTemplate) => record.template_name;
const treatmentName = (record: Treatment) => record.treatment_name;

export const medicines: MasterDefinition<Product> = {
  endpoints: productContract,
  texts: medicineScreen,
  searchDebounceMs: medicineSearchDebounceMs,
  columns: [
    serialNumberColumn,
    nameColumn(medicineScreen.nameHeader, productName),
    rupeesColumn(medicineScreen.priceHeader, (record) => record.price),
  ],
  nameOf: productName,
  toastOnSave: true,
  form: chunkOnly('medicine-form', loadMedicineForm),
  renderForm: (props) => <MedicineForm {...props} />,
};

export const templates: MasterDefinition<ProductTemplate> = {
  endpoints: productTemplateContract,
  texts: templateScreen,
  searchDebounceMs,
  columns: [
    serialNumberColumn,
    nameColumn(templateScreen.nameHeader, templateName),
    { header: templateScreen.medicinesHeader, cell: (record) => record.medicines.length },
  ],
  nameOf: templateName,
  form: chunkOnly('template-form', loadTemplateForm),
  renderForm: (props) => <TemplateForm {...props} />,
};

export const treatments: MasterDefinition<Treatment> = {
  endpoints: treatmentContract,
  texts: treatmentScreen,
  searchDebounceMs,
  columns: [
    serialNumberColumn,
    nameColumn(treatmentScreen.nameHeader, treatmentName),
    { header: treatmentScreen.typeHeader, cell: (record) => treatmentScreen.types[record.type] },
    rupeesColumn(treatmentScreen.priceHeader, (record) => record.price),
  ],
  nameOf: treatmentName,
  form: chunkOnly('treatment-form', loadTreatmentForm),
  renderForm: (props) => <TreatmentForm {...props} />,
};

export const complaints = nameMaster(complaintContract, complaintScreen);
export const observations = nameMaster(observationContract, observationScreen);
export const investigations = nameMaster(investigationContract, investigationScreen);
export const diagnoses = nameMaster(diagnosisContract, diagnosisScreen);
