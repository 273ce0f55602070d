import CancelIcon from '@mui/icons-material/Cancel';
import EditIcon from '@mui/icons-material/Edit';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import NoteAddIcon from '@mui/icons-material/NoteAdd';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import ScheduleIcon from '@mui/icons-material/Schedule';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip, { type ChipProps } from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell, { tableCellClasses } from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  canMoveToken,
  type Slot,
  type SlotStatus,
  type TokenMove,
  tokenMoves,
} from '@vaidya/contract/bookings';
import { bookingsScreenWords as words } from '@vaidya/contract/bookings-screens';
import { timeOfDayEnIn } from '@vaidya/contract/calendar-dates';
import { memo, type ReactNode, useState } from 'react';
import { PatientLink } from '../../../components/patient-link';
import { useMay } from '../../../lib/partner-details-query';

export interface BookingActions {
  onShowedUp: (booking: Slot, showedUp: boolean) => void;
  /** Call, Done, No-show or Back to waiting. */
  onMoveToken: (booking: Slot, move: TokenMove) => void;
  onEditName: (booking: Slot) => void;
  onMove: (booking: Slot) => void;
  onCancel: (booking: Slot) => void;
  /** Opens the booking's prescription, new or saved; a completed visit has one too. */
  onPrescription: (booking: Slot) => void;
  /** Opens the booking's bill, new or saved, started from its prescription. */
  onBill: (booking: Slot) => void;
}

const statusColour: Record<SlotStatus, ChipProps['color']> = {
  booked: 'default',
  showed_up: 'success',
  called: 'primary',
  completed: 'info',
  no_show: 'warning',
  cancelled: 'error',
};

/** The moves a token's state allows, in the order the desk reads them. */
const movesOf = (status: SlotStatus) =>
  (Object.keys(tokenMoves) as TokenMove[]).filter((move) => canMoveToken(move, status));

/** On a 360 px phone the default cell padding leaves the patient too little room beside the actions. */
const narrowCellsOnPhones = { [`& .${tableCellClasses.root}`]: { px: { xs: 1, sm: 2 } } };

const headers = words.headers;

/**
 * The day's tokens as given (the screen sorts them by time). Wide, a column each, the token
 * beside its time; on phones (`compact`) the time over the token beside the patient, then
 * mobile, source and status on a line of their own, with the showed-up box and a menu of
 * the other actions beside them. Drawn again only when its props change, not with each
 * change of the screen around it (the unseen count, a dialog opening).
 */
export const BookingsTable = memo(function BookingsTable({
  bookings,
  loading,
  compact,
  actions,
}: {
  bookings: Slot[];
  loading: boolean;
  compact: boolean;
  actions: BookingActions;
}) {
  const columns = compact
    ? [headers.time, headers.patient]
    : [headers.time, headers.token, headers.patient, headers.mobile, headers.source, headers.status];
  return (
    <TableContainer>
      <Table size="small" sx={narrowCellsOnPhones}>
        <TableHead>
          <TableRow>
            {columns.map((header) => (
              <TableCell key={header}>{header}</TableCell>
            ))}
            <TableCell align="right">{headers.actions}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {loading
            ? [1, 2, 3].map((placeholder) => (
                <TableRow key={placeholder}>
                  {[...columns, headers.actions].map((header) => (
                    <TableCell key={header}>
                      <Skeleton />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            : bookings.map((booking) => (
                <BookingRow key={booking.id} booking={booking} compact={compact} actions={actions} />
              ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
});

function StatusChip({ status }: { status: SlotStatus }) {
  return <Chip size="small" label={words.statuses[status]} color={statusColour[status]} />;
}

function BookingRow({
  booking,
  compact,
  actions,
}: {
  booking: Slot;
  compact: boolean;
  actions: BookingActions;
}) {
  const { customer } = booking;
  const cells: ReactNode = compact ? (
    <>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          {timeOfDayEnIn(booking.start_time)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {words.tokenLabel(booking.token_number)}
        </Typography>
      </TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>
        <PatientLink patientId={customer.id} name={customer.name} />
        <Typography variant="body2" color="text.secondary" component="div">
          {customer.mobile} · {words.sources[booking.source]}
        </Typography>
        <StatusChip status={booking.status} />
      </TableCell>
    </>
  ) : (
    <>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{timeOfDayEnIn(booking.start_time)}</TableCell>
      <TableCell>
        <Typography
          component="span"
          sx={{ fontWeight: 700 }}
          aria-label={words.tokenLabel(booking.token_number)}
        >
          {booking.token_number}
        </Typography>
      </TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>
        <PatientLink patientId={customer.id} name={customer.name} />
      </TableCell>
      <TableCell>{customer.mobile}</TableCell>
      <TableCell>{words.sources[booking.source]}</TableCell>
      <TableCell>
        <StatusChip status={booking.status} />
      </TableCell>
    </>
  );
  return (
    <TableRow hover>
      {cells}
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <RowActions booking={booking} compact={compact} actions={actions} />
      </TableCell>
    </TableRow>
  );
}

/** A completed booking is history: it can be neither changed nor cancelled from here, only prescribed for and billed. */
function RowActions({
  booking,
  compact,
  actions,
}: {
  booking: Slot;
  compact: boolean;
  actions: BookingActions;
}) {
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const mayPrescribe = useMay('clinicalRecords');
  const name = booking.customer.name;
  const done = booking.status === 'completed';
  const queueMoves = movesOf(booking.status).map((move) => ({
    move,
    label: words.tokenMoves[move].label,
    name: words.tokenMoves[move].name(name),
  }));
  const others = [
    // Writing the prescription is a doctor's or the owner's (issue 23).
    ...(mayPrescribe
      ? [
          {
            label: words.prescription(name),
            icon: <NoteAddIcon fontSize="small" />,
            run: actions.onPrescription,
            disabled: false,
          },
        ]
      : []),
    {
      label: words.bill(name),
      icon: <ReceiptLongIcon fontSize="small" />,
      run: actions.onBill,
      disabled: false,
    },
    {
      label: words.editName(name),
      icon: <EditIcon fontSize="small" />,
      run: actions.onEditName,
      disabled: done,
    },
    { label: words.move(name), icon: <ScheduleIcon fontSize="small" />, run: actions.onMove, disabled: done },
    {
      label: words.cancel(name),
      icon: <CancelIcon fontSize="small" color="error" />,
      run: actions.onCancel,
      disabled: done,
    },
  ];
  // A title rather than MUI's Tooltip, which would weigh more than the rest of the row.
  const showedUp = (
    <Checkbox
      checked={['showed_up', 'called', 'completed'].includes(booking.status)}
      // Arrival is marked and taken back only before a call; after that the queue's moves change it.
      disabled={!['booked', 'showed_up'].includes(booking.status)}
      title={words.markShowedUp(name)}
      onChange={(event) => actions.onShowedUp(booking, event.target.checked)}
      slotProps={{ input: { 'aria-label': words.markShowedUp(name) } }}
    />
  );
  if (!compact)
    return (
      <Stack direction="row" sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
        {queueMoves.map((action) => (
          <Button
            key={action.move}
            size="small"
            aria-label={action.name}
            title={action.name}
            onClick={() => actions.onMoveToken(booking, action.move)}
          >
            {action.label}
          </Button>
        ))}
        {showedUp}
        {others.map((action) => (
          <IconButton
            key={action.label}
            aria-label={action.label}
            title={action.label}
            disabled={action.disabled}
            onClick={() => action.run(booking)}
          >
            {action.icon}
          </IconButton>
        ))}
      </Stack>
    );
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
      {showedUp}
      <IconButton
        aria-label={words.moreActions(name)}
        aria-haspopup="menu"
        onClick={(event) => setMenuAnchor(event.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
        {queueMoves.map((action, index) => (
          <MenuItem
            key={action.move}
            // A line under the queue moves sets them apart from the booking's other actions.
            divider={index === queueMoves.length - 1 && others.length > 0}
            onClick={() => {
              setMenuAnchor(null);
              actions.onMoveToken(booking, action.move);
            }}
          >
            {action.name}
          </MenuItem>
        ))}
        {others.map((action) => (
          <MenuItem
            key={action.label}
            disabled={action.disabled}
            onClick={() => {
              setMenuAnchor(null);
              action.run(booking);
            }}
          >
            <ListItemIcon>{action.icon}</ListItemIcon>
            {action.label}
          </MenuItem>
        ))}
      </Menu>
    </Stack>
  );
}
