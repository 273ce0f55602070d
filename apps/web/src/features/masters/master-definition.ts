import type { QueryClient } from '@tanstack/react-query';
import type { MasterScreenTexts } from '@vaidya/contract/master-screens';
import type { PartnerDetails } from '@vaidya/contract/partner';
import type { ReactNode } from 'react';
import type { MasterEndpoints, MasterRecord } from './api/masters-api';

/** What a master's dialog form receives: the record being edited (null when adding) and where to send the payload. */
export interface MasterFormProps<R extends MasterRecord> {
  record: R | null;
  formId: string;
  onSubmit: (payload: object) => void;
}

/** What getting a master's form ready may use: the app's query cache and the signed-in clinic. */
export interface FormContext {
  queryClient: QueryClient;
  partner: PartnerDetails;
}

/**
 * A master's dialog form, a chunk of its own so the list's chunk stays small. The list
 * prepares it as soon as it opens and keeps Add disabled, saying why, until it is ready.
 */
export interface MasterForm {
  /** Tells the forms apart in the query cache; masters sharing one form share its name. */
  name: string;
  /** Loads the form's chunk, and whatever the form shows once open. */
  prepare: (context: FormContext) => Promise<unknown>;
}

export interface MasterColumn<R> {
  header: string;
  /**
   * `rowNumber` counts from 1 across pages, for the S.No column; it is undefined for a
   * just-added row shown above the page, whose place in the whole list is not known.
   */
  cell: (record: R, rowNumber: number | undefined) => ReactNode;
  width?: number;
}

/**
 * Everything one master list screen needs besides the shared mechanism in
 * components/master-list.tsx. Its form is rendered inside the dialog only, so a
 * definition passes a lazily loaded component (`renderForm`) and how to load it (`form`).
 */
export interface MasterDefinition<R extends MasterRecord> {
  endpoints: MasterEndpoints<R>;
  texts: MasterScreenTexts;
  /** How long typing must pause before the list searches; spec §9's 500 ms unless given. */
  searchDebounceMs?: number;
  /**
   * Every column but the actions. On phones a row shows its name (the column headed
   * `texts.nameHeader`) over a line of the other columns; the S.No column is left out.
   */
  columns: MasterColumn<R>[];
  nameOf: (record: R) => string;
  /** Spec §8: medicine and treatment-masters updates also show a toast; every add does. */
  toastOnSave?: boolean;
  /** Spec §8: the treatment-masters page says "Treatment deleted successfully". */
  toastOnDelete?: boolean;
  form: MasterForm;
  renderForm: (props: MasterFormProps<R>) => ReactNode;
}
