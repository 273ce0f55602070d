import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { searchPickerWords as words } from '@vaidya/contract/search-picker-screens';
import { type Ref, useMemo, useState } from 'react';
import { useDebounced } from '../lib/use-debounced';

export interface SearchPickerProps<T> {
  label: string;
  /** The items picked so far, in the order they were picked. */
  value: T[];
  onChange: (picked: T[]) => void;
  /** Asks the server for the items matching a term; an empty term asks for the first of all. */
  search: (term: string, signal: AbortSignal) => Promise<readonly T[]>;
  /**
   * Where this picker's answers live in the query cache; the term is appended. The
   * entries are bare arrays of items, so the key must not start with a list's own key,
   * whose updaters expect a page. Each opening of a new picker asks again anyway.
   */
  searchKey: readonly unknown[];
  itemLabel: (item: T) => string;
  itemKey: (item: T) => string;
  /** A second line under an offered item (a medicine's composition), so a match on it makes sense. */
  itemDetail?: (item: T) => string | undefined;
  /**
   * Lets a name the search did not find be picked as typed: offered as "Add "…"" once
   * the answer for that very term has arrived, and never for a name already offered or
   * picked. Without it only what the search found can be picked.
   */
  createItem?: (name: string) => T;
  /** False when the caller shows the picked items itself (the consultation's medicines table): no chips. */
  showPicked?: boolean;
  /** How long typing must pause before the picker searches. */
  debounceMs?: number;
  required?: boolean;
  /** The field's validation message, shown under it. */
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/** Chips wrap rather than cut a long name short: "… Mouthwash" and "… Mouthwash 0.2%" must read apart. */
const wholeNameChip = { height: 'auto' };
const wholeNameChipLabel = { sx: { whiteSpace: 'normal', overflowWrap: 'anywhere', py: 0.25 } };

/**
 * The one search-and-pick field: type, wait for the server's answer for exactly what
 * is typed, pick with a click or ↓ and Enter; picked items show as chips and are not
 * offered again. The × clears the typed text only; picked items are removed one at a time.
 *
 * It never offers an answer to an older term. Each term's answer is cached under its
 * own key, so an answer that arrives late lands under the term it was for, and until
 * the typing has settled and the answer for it has arrived the list holds only a
 * "Searching…" row: ↓ finds nothing to highlight and Enter picks nothing.
 */
export function SearchPicker<T>({
  label,
  value,
  onChange,
  search,
  searchKey,
  itemLabel,
  itemKey,
  itemDetail,
  createItem,
  showPicked = true,
  debounceMs = 300,
  required,
  error,
  inputRef,
}: SearchPickerProps<T>) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const term = typed.trim();
  const searchedTerm = useDebounced(term, debounceMs);
  const answer = useQuery({
    queryKey: [...searchKey, searchedTerm],
    queryFn: ({ signal }) => search(searchedTerm, signal),
    enabled: open,
  });
  const answerIsForTypedTerm = searchedTerm === term;
  const offered = answerIsForTypedTerm ? (answer.data ?? []) : [];
  const searching = !answerIsForTypedTerm || answer.isPending;
  const failed = answerIsForTypedTerm && answer.isError && !answer.data;
  const answered = answerIsForTypedTerm && !answer.isPending;
  const typedItem = useMemo(() => {
    const sameName = (item: T) => itemLabel(item).trim().toLowerCase() === term.toLowerCase();
    if (!createItem || term === '' || !answered) return null;
    return [...offered, ...value].some(sameName) ? null : createItem(term);
  }, [createItem, term, answered, offered, value, itemLabel]);
  const options = typedItem ? [...offered, typedItem] : offered;

  return (
    <Autocomplete<T, true, boolean, false>
      multiple
      filterSelectedOptions
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      // The server has searched already.
      filterOptions={(found) => found}
      loading={searching}
      loadingText={words.searching}
      noOptionsText={failed ? words.searchFailed : words.noMatches(term)}
      value={value}
      onChange={(_event, picked, reason) => {
        // The × clears what is typed (onInputChange does that); picked items go one by one, from their chips or the caller's table.
        if (reason !== 'clear') onChange(picked);
      }}
      // The × shows only while there is typed text to clear.
      disableClearable={typed === ''}
      inputValue={typed}
      onInputChange={(_event, text) => setTyped(text)}
      onKeyDown={(event) => {
        // Without chips, Backspace in the empty field would drop a picked item no one sees.
        if (event.key === 'Backspace' && !showPicked) event.defaultMuiPrevented = true;
        if (event.key !== 'Enter') return;
        // Enter picks the highlighted item or nothing; it never sends the form around the picker.
        event.preventDefault();
        if (options.length === 0) event.defaultMuiPrevented = true;
      }}
      getOptionLabel={itemLabel}
      getOptionKey={itemKey}
      isOptionEqualToValue={(option, picked) => itemKey(option) === itemKey(picked)}
      renderOption={({ key, ...optionProps }, item) => (
        <li key={key} {...optionProps}>
          {item === typedItem ? (
            <ListItemText primary={words.addTyped(term)} />
          ) : (
            <ListItemText primary={itemLabel(item)} secondary={itemDetail?.(item) || undefined} />
          )}
        </li>
      )}
      renderValue={(picked, getItemProps) =>
        showPicked &&
        picked.map((item, index) => {
          const { key: _indexKey, ...itemProps } = getItemProps({ index });
          return (
            <Chip
              key={itemKey(item)}
              label={itemLabel(item)}
              size="small"
              sx={wholeNameChip}
              slotProps={{ label: wholeNameChipLabel }}
              {...itemProps}
            />
          );
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          inputRef={inputRef}
          error={Boolean(error)}
          helperText={error}
        />
      )}
    />
  );
}
