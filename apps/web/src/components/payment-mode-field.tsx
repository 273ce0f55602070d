import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { type PaymentMode, paymentModes } from '@vaidya/contract/bills';
import { billEditorWords as words } from '@vaidya/contract/bills-screens';
import { useId } from 'react';

/** How the patient paid: cash, UPI or card (the bill editor and Record payment). */
export function PaymentModeField({
  value,
  onChange,
}: {
  value: PaymentMode;
  onChange: (mode: PaymentMode) => void;
}) {
  const labelId = useId();
  return (
    <Box>
      <FormLabel id={labelId}>{words.paymentMode}</FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        value={value}
        onChange={(event) => {
          const mode = paymentModes.find((candidate) => candidate === event.target.value);
          if (mode) onChange(mode);
        }}
      >
        {paymentModes.map((mode) => (
          <FormControlLabel key={mode} value={mode} control={<Radio />} label={words.paymentModes[mode]} />
        ))}
      </RadioGroup>
    </Box>
  );
}
