import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  dentalConditionSchema,
  dentalConditions,
  dentalMessages,
  dentalTextMaxLength,
  type FindingInput,
  findingInput,
  findingStateSchema,
  findingStates,
  mobilityGrades,
  type ToothNumbering,
  type ToothSurface,
  toothSurfaceSchema,
  wholeToothConditions,
} from '@vaidya/contract/dental';
import { findingMenuWords as words } from '@vaidya/contract/dental-screens';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { useMay } from '../../../lib/partner-details-query';
import { useAddFindings } from '../api/dental-api';
import { toothSurfacesInOrder } from '../chart-layout';
import { toothLabel } from '../chart-view';
import { ToothHistory } from './tooth-history';

/** The contract names a field before its sentence ("mobilityGrade: …"); beside the field the sentence is enough. */
export const sentenceOf = (message: string | undefined) => message?.replace(/^[\w.]+: /, '');

/** A text field's binding to its form field: the ref on the input, so a refused field is focused. */
const bound = ({
  ref,
  ...field
}: {
  ref: (element: HTMLInputElement | null) => void;
  name: string;
  value: unknown;
  onChange: (...event: unknown[]) => void;
  onBlur: () => void;
}) => ({ ...field, inputRef: ref });

const typedFinding = z.object({
  condition: dentalConditionSchema,
  state: findingStateSchema,
  surfaces: z.array(toothSurfaceSchema),
  material: z.string(),
  mobilityGrade: z.string(),
  note: z.string(),
});
type TypedFinding = z.infer<typeof typedFinding>;

/** The finding as add-findings takes it, from what was typed on a tooth. */
function findingOf(tooth: number, typed: TypedFinding): FindingInput {
  return {
    tooth,
    condition: typed.condition,
    state: typed.state,
    // A whole-tooth condition names no surface, whatever was ticked before it was chosen.
    surfaces: wholeToothConditions.includes(typed.condition) ? [] : typed.surfaces,
    material: typed.condition === 'filling' ? typed.material.trim() || undefined : undefined,
    mobilityGrade:
      typed.condition === 'mobility' && typed.mobilityGrade ? Number(typed.mobilityGrade) : undefined,
    note: typed.note.trim() || undefined,
  };
}

/** The form's check: the contract's rules for a finding, each refusal under its field. */
const findingForm = (tooth: number) =>
  typedFinding.superRefine((typed, context) => {
    for (const issue of findingInput.safeParse(findingOf(tooth, typed)).error?.issues ?? []) {
      context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
  });

interface FindingMenuProps {
  patientId: string;
  tooth: number;
  /** The surface the menu was opened on: it starts ticked. */
  surface: ToothSurface | null;
  numbering: ToothNumbering;
  onClose: () => void;
}

/**
 * A tooth's finding menu: a new finding (condition, state, surfaces, the material of a filling,
 * the grade of a mobility, a note), saved as a new entry, and under it the tooth's history,
 * where a mistaken entry is marked entered in error. Full screen on a phone.
 */
export function FindingMenu({ patientId, tooth, surface, numbering, onClose }: FindingMenuProps) {
  const theme = useTheme();
  const phone = !useMediaQuery(theme.breakpoints.up('sm'));
  const titleId = useId();
  const formId = useId();
  const add = useAddFindings(patientId);
  const mayWrite = useMay('clinicalRecords');
  const label = toothLabel(tooth, numbering);
  const { control, handleSubmit } = useForm<TypedFinding>({
    resolver: zodResolver(findingForm(tooth)),
    defaultValues: {
      condition: 'caries',
      state: 'existing',
      surfaces: surface ? [surface] : [],
      material: '',
      mobilityGrade: '',
      note: '',
    },
  });
  const condition = useWatch({ control, name: 'condition' });
  const wholeTooth = wholeToothConditions.includes(condition);

  const save = (typed: TypedFinding) =>
    add.mutate([findingOf(tooth, typed)], {
      onSuccess: (answer) => {
        toast.success(answer.message ?? words.saved);
        onClose();
      },
    });

  return (
    <Dialog
      open
      onClose={add.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{words.title(label)}</DialogTitle>
      <DialogContent>
        {mayWrite ? (
          <>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
              {words.addFinding}
            </Typography>
            {add.error ? (
              <ApiErrorAlert error={add.error} fallback={words.saveFailed} sx={{ mb: 2 }} />
            ) : null}
            <Stack component="form" id={formId} noValidate spacing={2} onSubmit={handleSubmit(save)}>
              <Controller
                control={control}
                name="condition"
                render={({ field }) => (
                  <TextField
                    select
                    autoFocus
                    label={words.condition}
                    {...bound(field)}
                    slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                  >
                    {dentalConditions.map((option) => (
                      <option key={option} value={option}>
                        {words.conditionNames[option]}
                      </option>
                    ))}
                  </TextField>
                )}
              />
              <Controller
                control={control}
                name="state"
                render={({ field }) => (
                  <FormControl>
                    <FormLabel id={`${formId}-state`}>{words.state}</FormLabel>
                    <RadioGroup row aria-labelledby={`${formId}-state`} {...field}>
                      {findingStates.map((state) => (
                        <FormControlLabel
                          key={state}
                          value={state}
                          control={<Radio />}
                          label={words.states[state]}
                        />
                      ))}
                    </RadioGroup>
                  </FormControl>
                )}
              />
              <Controller
                control={control}
                name="surfaces"
                render={({ field, fieldState }) => (
                  <FormControl component="fieldset" disabled={wholeTooth} error={Boolean(fieldState.error)}>
                    <FormLabel component="legend">{words.surfaces}</FormLabel>
                    <FormGroup row>
                      {toothSurfacesInOrder(tooth).map((option) => (
                        <FormControlLabel
                          key={option}
                          label={words.surfaceOption(option, option)}
                          control={
                            <Checkbox
                              checked={!wholeTooth && field.value.includes(option)}
                              onChange={(event) =>
                                field.onChange(
                                  event.target.checked
                                    ? [...field.value, option]
                                    : field.value.filter((each) => each !== option),
                                )
                              }
                            />
                          }
                        />
                      ))}
                    </FormGroup>
                    <FormHelperText>
                      {sentenceOf(fieldState.error?.message) ??
                        (wholeTooth ? dentalMessages.wholeToothCondition : words.surfacesHint)}
                    </FormHelperText>
                  </FormControl>
                )}
              />
              {condition === 'filling' ? (
                <Controller
                  control={control}
                  name="material"
                  render={({ field, fieldState }) => (
                    <TextField
                      label={words.material}
                      {...bound(field)}
                      slotProps={{ htmlInput: { maxLength: dentalTextMaxLength.material } }}
                      error={Boolean(fieldState.error)}
                      helperText={sentenceOf(fieldState.error?.message)}
                    />
                  )}
                />
              ) : null}
              {condition === 'mobility' ? (
                <Controller
                  control={control}
                  name="mobilityGrade"
                  render={({ field, fieldState }) => (
                    <TextField
                      select
                      required
                      label={words.mobilityGrade}
                      {...bound(field)}
                      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                      error={Boolean(fieldState.error)}
                      helperText={sentenceOf(fieldState.error?.message)}
                    >
                      <option value="" />
                      {mobilityGrades.map((grade) => (
                        <option key={grade} value={String(grade)}>
                          {words.grade(grade)}
                        </option>
                      ))}
                    </TextField>
                  )}
                />
              ) : null}
              <Controller
                control={control}
                name="note"
                render={({ field, fieldState }) => (
                  <TextField
                    label={words.note}
                    multiline
                    minRows={1}
                    required={condition === 'other'}
                    {...bound(field)}
                    slotProps={{ htmlInput: { maxLength: dentalTextMaxLength.note } }}
                    error={Boolean(fieldState.error)}
                    helperText={sentenceOf(fieldState.error?.message)}
                  />
                )}
              />
            </Stack>
            <Divider sx={{ my: 2 }} />
          </>
        ) : null}
        <Box component="section" aria-label={words.history}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
            {words.history}
          </Typography>
          <ToothHistory patientId={patientId} tooth={tooth} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={add.isPending}>
          {words.close}
        </Button>
        {mayWrite ? (
          <Button type="submit" form={formId} variant="contained" loading={add.isPending}>
            {words.save}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
