import { EditorSection } from '../../../components/editor-section';
import { SearchPicker } from '../../../components/search-picker';
import { type PickedItem, typedItem } from '../consultation-draft';

const itemLabel = (item: PickedItem) => item.name;
const itemKey = (item: PickedItem) => item.key;

/**
 * One list of the form (complaints, findings, diagnoses, investigations) picked from
 * the clinic's master; a name it lacks is kept as typed, and the server adds it to the
 * master on saving. Chips remove an entry; the picker never offers one twice.
 */
export function PickedListSection({
  title,
  label,
  value,
  onChange,
  search,
  searchKey,
}: {
  title: string;
  label: string;
  value: PickedItem[];
  onChange: (items: PickedItem[]) => void;
  search: (term: string, signal: AbortSignal) => Promise<PickedItem[]>;
  searchKey: readonly unknown[];
}) {
  return (
    <EditorSection title={title}>
      <SearchPicker
        label={label}
        value={value}
        onChange={onChange}
        search={search}
        searchKey={searchKey}
        itemLabel={itemLabel}
        itemKey={itemKey}
        createItem={typedItem}
      />
    </EditorSection>
  );
}
