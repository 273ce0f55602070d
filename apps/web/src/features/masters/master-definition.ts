import type { MasterScreenTexts } from '@vaidya/contract/master-screens';
import type { ReactNode } from 'react';
import type { MasterEndpoints, MasterRecord } from './api/masters-api';

/** What a master's dialog form receives: the record being edited (null when adding) and where to send the payload. */
export interface MasterFormProps<R extends MasterRecord> {
  record: R | null;
  formId: string;
  onSubmit: (payload: object) => void;
}

export interface MasterColumn<R> {
  header: string;
  /** `rowNumber` counts from 1 across pages, for the S.No column. */
  cell: (record: R, rowNumber: number) => ReactNode;
  width?: number;
}

/**
 * Everything one master list screen needs besides the shared mechanism in
 * components/master-list.tsx. Its form is rendered inside the dialog only, so a
 * definition passes a lazily loaded component and the list's chunk stays small.
 */
export interface MasterDefinition<R extends MasterRecord> {
  endpoints: MasterEndpoints<R>;
  texts: MasterScreenTexts;
  /** How long typing must pause before the list searches; a screen without `texts.searchPlaceholder` has no search box. */
  searchDebounceMs?: number;
  /** Every column but the actions. */
  columns: MasterColumn<R>[];
  nameOf: (record: R) => string;
  /** Spec §8: medicine and treatment-masters saves also show a toast. */
  toastOnSave?: boolean;
  /** Spec §8: the treatment-masters page says "Treatment deleted successfully". */
  toastOnDelete?: boolean;
  renderForm: (props: MasterFormProps<R>) => ReactNode;
}
