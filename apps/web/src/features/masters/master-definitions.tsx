import type { SvgIconComponent } from '@mui/icons-material';
import AssignmentIcon from '@mui/icons-material/Assignment';
import BiotechIcon from '@mui/icons-material/Biotech';
import HealingIcon from '@mui/icons-material/Healing';
import LibraryBooksIcon from '@mui/icons-material/LibraryBooks';
import LocalHospitalIcon from '@mui/icons-material/LocalHospital';
import MedicationIcon from '@mui/icons-material/Medication';
import VisibilityIcon from '@mui/icons-material/Visibility';
import {
  complaintContract,
  diagnosisContract,
  investigationContract,
  observationContract,
  type Product,
  productContract,
  productTemplateContract,
  treatmentContract,
} from '@vaidya/contract/masters';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { MasterList } from './components/master-list';
import { MedicineForm } from './components/medicine-form';
import { NameForm } from './components/name-form';
import { type ProductTemplate, TemplateForm } from './components/template-form';
import { type Treatment, TreatmentForm } from './components/treatment-form';
import type { MasterDefinition } from './master-definition';

export const masterPaths = {
  prescriptionMasters: '/dashboard/prescription-masters',
  treatmentMasters: '/dashboard/treatment-masters',
} as const;

const searchDebounceMs = 500;
const medicineSearchDebounceMs = 1000;

const rupees = (amount: number | null) => (amount == null ? '—' : `₹${amount}`);
const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();

type Complaint = z.infer<typeof complaintContract.record>;
type Diagnosis = z.infer<typeof diagnosisContract.record>;
type Investigation = z.infer<typeof investigationContract.record>;
type Observation = z.infer<typeof observationContract.record>;

const complaintName = (record: Complaint) => record.complaint_name;
const diagnosisName = (record: Diagnosis) => record.diagnosis_name;
const investigationName = (record: Investigation) => record.investigation_name;
const observationName = (record: Observation) => record.observation_name;

const complaints: MasterDefinition<Complaint> = {
  endpoints: complaintContract,
  title: 'Complaints',
  searchPlaceholder: 'Search complaints',
  addLabel: 'Add Complaint',
  emptyText: 'No complaints found. Add your first complaint!',
  addTitle: 'Add New Complaint',
  editTitle: 'Edit Complaint',
  nameHeader: 'Complaint Name',
  nameOf: complaintName,
  fetchError: 'Failed to fetch complaints',
  saveError: 'Failed to save complaint',
  deleteError: 'Failed to delete complaint',
  debounceMs: searchDebounceMs,
  renderForm: ({ record, ...props }) => (
    <NameForm
      {...props}
      name={record ? complaintName(record) : ''}
      label="Complaint Name"
      payloadField="complaintName"
    />
  ),
};

const observations: MasterDefinition<Observation> = {
  endpoints: observationContract,
  title: 'Observations',
  searchPlaceholder: 'Search observations',
  addLabel: 'Add Observation',
  emptyText: 'No observations found. Add your first observation!',
  addTitle: 'Add New Observation',
  editTitle: 'Edit Observation',
  nameHeader: 'Observation Name',
  nameOf: observationName,
  fetchError: 'Failed to fetch observations',
  saveError: 'Failed to save observation',
  deleteError: 'Failed to delete observation',
  debounceMs: searchDebounceMs,
  renderForm: ({ record, ...props }) => (
    <NameForm
      {...props}
      name={record ? observationName(record) : ''}
      label="Observation Name"
      payloadField="observationName"
    />
  ),
};

const investigations: MasterDefinition<Investigation> = {
  endpoints: investigationContract,
  title: 'Investigations',
  searchPlaceholder: 'Search investigations',
  addLabel: 'Add Investigation',
  emptyText: 'No investigations found. Add your first one!',
  addTitle: 'Add New Investigation',
  editTitle: 'Edit Investigation',
  nameHeader: 'Investigation Name',
  nameOf: investigationName,
  fetchError: 'Failed to fetch investigations',
  saveError: 'Failed to save investigation',
  deleteError: 'Failed to delete investigation',
  debounceMs: searchDebounceMs,
  renderForm: ({ record, ...props }) => (
    <NameForm
      {...props}
      name={record ? investigationName(record) : ''}
      label="Investigation Name"
      payloadField="investigationName"
    />
  ),
};

const diagnoses: MasterDefinition<Diagnosis> = {
  endpoints: diagnosisContract,
  title: 'Diagnosis',
  searchPlaceholder: 'Search diagnoses',
  addLabel: 'Add Diagnosis',
  emptyText: 'No diagnoses found. Add your first diagnosis!',
  addTitle: 'Add New Diagnosis',
  editTitle: 'Edit Diagnosis',
  nameHeader: 'Diagnosis Name',
  nameOf: diagnosisName,
  fetchError: 'Failed to fetch diagnoses',
  saveError: 'Failed to save diagnosis',
  deleteError: 'Failed to delete diagnosis',
  debounceMs: searchDebounceMs,
  renderForm: ({ record, ...props }) => (
    <NameForm
      {...props}
      name={record ? diagnosisName(record) : ''}
      label="Diagnosis Name"
      payloadField="diagnosisName"
    />
  ),
};

const medicines: MasterDefinition<Product> = {
  endpoints: productContract,
  title: 'Medicines',
  searchPlaceholder: 'Search medicines',
  addLabel: 'Add Medicine',
  emptyText: 'No medicines found. Add your first medicine!',
  addTitle: 'Add New Medicine',
  editTitle: 'Edit Medicine',
  nameHeader: 'Medicine Name',
  nameOf: (record) => record.product_name,
  extraColumns: [{ header: 'Price', cell: (record) => rupees(record.price) }],
  fetchError: 'Failed to fetch medicines',
  saveError: 'Failed to save medicine',
  deleteError: 'Failed to delete medicine',
  debounceMs: medicineSearchDebounceMs,
  toastOnSave: true,
  renderForm: (props) => <MedicineForm {...props} />,
};

const templates: MasterDefinition<ProductTemplate> = {
  endpoints: productTemplateContract,
  title: 'Medicine Templates',
  searchPlaceholder: 'Search templates',
  addLabel: 'Add Template',
  emptyText: 'No templates found. Add your first medicine template!',
  addTitle: 'Add Medicine Template',
  editTitle: 'Edit Medicine Template',
  nameHeader: 'Template Name',
  nameOf: (record) => record.template_name,
  extraColumns: [{ header: 'Medicines', cell: (record) => record.medicines.length }],
  fetchError: 'Failed to fetch templates',
  saveError: 'Failed to save template',
  deleteError: 'Failed to delete template',
  debounceMs: searchDebounceMs,
  renderForm: (props) => <TemplateForm {...props} />,
};

const treatments: MasterDefinition<Treatment> = {
  endpoints: treatmentContract,
  title: 'Treatments',
  searchPlaceholder: 'Search treatments',
  addLabel: 'Add Treatment',
  emptyText: 'No treatments found. Add your first treatment!',
  addTitle: 'Add New Treatment',
  editTitle: 'Edit Treatment',
  nameHeader: 'Name',
  nameOf: (record) => record.treatment_name,
  extraColumns: [
    { header: 'Type', cell: (record) => capitalised(record.type) },
    { header: 'Price', cell: (record) => rupees(record.price) },
  ],
  fetchError: 'Failed to fetch treatments',
  saveError: 'Failed to save treatment',
  deleteError: 'Failed to delete treatment',
  debounceMs: searchDebounceMs,
  renderForm: (props) => <TreatmentForm {...props} />,
};

export interface MasterCard {
  /** The `?list=` value that opens it. */
  key: string;
  title: string;
  description: string;
  Icon: SvgIconComponent;
  colour: string;
  /** Treatments open their own page (spec §2) rather than the inline list. */
  route?: string;
  /** A function rather than the definition itself, as each master's records have their own type. */
  list: () => ReactNode;
}

export const masterCards: MasterCard[] = [
  {
    key: 'complaints',
    title: 'Complaints',
    description: 'Manage patient complaints',
    Icon: AssignmentIcon,
    colour: '#1e88e5',
    list: () => <MasterList definition={complaints} />,
  },
  {
    key: 'observations',
    title: 'Observations',
    description: 'Manage clinical findings',
    Icon: VisibilityIcon,
    colour: '#8e24aa',
    list: () => <MasterList definition={observations} />,
  },
  {
    key: 'investigations',
    title: 'Investigations',
    description: 'Manage tests and investigations',
    Icon: BiotechIcon,
    colour: '#00897b',
    list: () => <MasterList definition={investigations} />,
  },
  {
    key: 'medicines',
    title: 'Medicines',
    description: 'Manage medicines and prescriptions',
    Icon: MedicationIcon,
    colour: '#e53935',
    list: () => <MasterList definition={medicines} />,
  },
  {
    key: 'templates',
    title: 'Medicine Templates',
    description: 'Manage sets of medicines prescribed together',
    Icon: LibraryBooksIcon,
    colour: '#fb8c00',
    list: () => <MasterList definition={templates} />,
  },
  {
    key: 'treatments',
    title: 'Treatments',
    description: 'View and manage treatments',
    Icon: HealingIcon,
    colour: '#43a047',
    route: masterPaths.treatmentMasters,
    list: () => <MasterList definition={treatments} />,
  },
  {
    key: 'diagnoses',
    title: 'Diagnosis',
    description: 'Manage diagnoses',
    Icon: LocalHospitalIcon,
    colour: '#3949ab',
    list: () => <MasterList definition={diagnoses} />,
  },
];
