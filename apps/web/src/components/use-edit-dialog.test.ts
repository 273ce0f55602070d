import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useEditDialog } from './use-edit-dialog';

const titles = { addTitle: 'Add Location', editTitle: 'Edit Location' };
const kothrud = { id: 'kothrud', location_name: 'Kothrud' };

describe('an add/edit dialog’s state', () => {
  it('starts closed', () => {
    const { result } = renderHook(() => useEditDialog<typeof kothrud>(titles));
    expect(result.current.isOpen).toBe(false);
    expect(result.current.formDialogProps.open).toBe(false);
  });

  it('adds with no record, under the add title and its Add button', () => {
    const { result } = renderHook(() => useEditDialog<typeof kothrud>(titles));
    act(() => result.current.open(null));

    expect(result.current.isOpen).toBe(true);
    expect(result.current.record).toBeNull();
    expect(result.current.formDialogProps).toMatchObject({
      open: true,
      title: 'Add Location',
      editing: false,
    });
  });

  it('edits the record it was opened with, under the edit title, until closed', () => {
    const { result } = renderHook(() => useEditDialog<typeof kothrud>(titles));
    act(() => result.current.open(kothrud));

    expect(result.current.record).toBe(kothrud);
    expect(result.current.formDialogProps).toMatchObject({
      open: true,
      title: 'Edit Location',
      editing: true,
    });

    act(() => result.current.formDialogProps.onClose());
    expect(result.current.isOpen).toBe(false);
    expect(result.current.record).toBeNull();
  });
});
