import { useState } from 'react';

/** An add/edit dialog's two titles, as each screen's texts word them. */
interface EditDialogTitles {
  addTitle: string;
  editTitle: string;
}

/**
 * What a list's add/edit FormDialog holds: nothing while closed, no record while adding,
 * the record being edited otherwise. `formDialogProps` open and close the FormDialog and
 * choose its title and its Add or Update button.
 */
export function useEditDialog<T>(titles: EditDialogTitles) {
  const [held, setHeld] = useState<{ record: T | null } | null>(null);
  const close = () => setHeld(null);
  return {
    isOpen: held !== null,
    /** The record being edited; null while adding, and while closed. */
    record: held?.record ?? null,
    open: (record: T | null) => setHeld({ record }),
    close,
    formDialogProps: {
      open: held !== null,
      title: held?.record ? titles.editTitle : titles.addTitle,
      editing: Boolean(held?.record),
      onClose: close,
    },
  };
}
