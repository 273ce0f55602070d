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
  cell: (record: R) => ReactNode;
}

/** Everything one master list screen needs besides the shared mechanism in master-list.tsx. */
export interface MasterDefinition<R extends MasterRecord> {
  endpoints: MasterEndpoints<R>;
  title: string;
  searchPlaceholder: string;
  addLabel: string;
  emptyText: string;
  addTitle: string;
  editTitle: string;
  nameHeader: string;
  nameOf: (record: R) => string;
  /** Columns after the name, before the actions. */
  extraColumns?: MasterColumn<R>[];
  fetchError: string;
  saveError: string;
  deleteError: string;
  debounceMs: number;
  /** Spec §8: medicine saves also show a toast. */
  toastOnSave?: boolean;
  renderForm: (props: MasterFormProps<R>) => ReactNode;
}
