import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell, { tableCellClasses } from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AuditEvent } from '@vaidya/contract/audit';
import { auditWhat, auditScreenWords as words } from '@vaidya/contract/audit-screens';
import { clinicDateTime } from '@vaidya/contract/calendar-dates';
import { Fragment, type ReactNode, useState } from 'react';
import { PatientLink } from '../../../components/patient-link';
import { useClinicTimeZone } from '../../../lib/clinic-context';
import { changeRows } from '../audit-changes';

const headers = words.headers;
const narrowCellsOnPhones = { [`& .${tableCellClasses.root}`]: { px: { xs: 1, sm: 2 } } };
const placeholders = [1, 2, 3];

function Secondary({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  );
}

/** An edit's fields, each as it was and as it is. */
function Changes({ event, what }: { event: AuditEvent; what: string }) {
  return (
    <Table size="small" aria-label={words.changesOf(what)} sx={{ '& td, & th': { verticalAlign: 'top' } }}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: '20%' }}>{words.field}</TableCell>
          <TableCell sx={{ width: '36%' }}>{words.before}</TableCell>
          <TableCell aria-hidden sx={{ px: 0, width: '1%' }} />
          <TableCell>{words.after}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {changeRows(event.changes).map((row) => (
          <TableRow key={row.field}>
            <TableCell component="th" scope="row" sx={{ color: 'text.secondary' }}>
              {row.field}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{row.before}</TableCell>
            <TableCell aria-hidden sx={{ px: 0 }}>
              →
            </TableCell>
            <TableCell sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{row.after}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function ChangesToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  return (
    <Button
      size="small"
      aria-expanded={open}
      endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
      onClick={onToggle}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {open ? words.hideChanges : words.showChanges}
    </Button>
  );
}

/**
 * A page of the audit trail. Wide, a column each: when (the clinic's time), who, what
 * (the action and the record in words), the patient (a link to their page, left out on
 * the patient's own page), the address, and for an edit "Show changes", which opens a row
 * below with each field before → after. On phones (`compact`) what, who and when, the
 * patient and the address are one cell.
 */
export function AuditTable({
  events,
  loading,
  compact,
  showPatient,
  emptyText,
}: {
  events: AuditEvent[];
  loading: boolean;
  compact: boolean;
  showPatient: boolean;
  emptyText: ReactNode;
}) {
  const timeZone = useClinicTimeZone();
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpened((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const columns = compact
    ? [headers.what, headers.changes]
    : [
        headers.when,
        headers.who,
        headers.what,
        ...(showPatient ? [headers.patient] : []),
        headers.address,
        headers.changes,
      ];
  return (
    <TableContainer>
      <Table size="small" sx={narrowCellsOnPhones}>
        <TableHead>
          <TableRow>
            {columns.map((header) => (
              <TableCell key={header}>{header}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody aria-busy={loading} aria-label={loading ? words.loading : undefined}>
          {loading ? (
            placeholders.map((placeholder) => (
              <TableRow key={placeholder}>
                {columns.map((header) => (
                  <TableCell key={header}>
                    <Skeleton />
                  </TableCell>
                ))}
              </TableRow>
            ))
          ) : events.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columns.length} align="center" sx={{ py: 4 }}>
                {emptyText}
              </TableCell>
            </TableRow>
          ) : (
            events.map((event) => {
              const what = auditWhat(event.action, event.record_type);
              const who = event.user_name || words.system;
              const when = clinicDateTime(event.at, timeZone);
              const patient =
                event.patient_id && event.patient_name ? (
                  <PatientLink patientId={event.patient_id} name={event.patient_name} />
                ) : null;
              const open = opened.has(event.id);
              const toggleCell = (
                <TableCell align="right" sx={{ width: '1%' }}>
                  {event.changes ? <ChangesToggle open={open} onToggle={() => toggle(event.id)} /> : null}
                </TableCell>
              );
              return (
                <Fragment key={event.id}>
                  <TableRow sx={open ? { '& > td': { borderBottom: 0 } } : undefined}>
                    {compact ? (
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>
                        <Typography variant="body2" sx={{ fontWeight: 500 }}>
                          {what}
                        </Typography>
                        <Secondary>
                          {who} · {when}
                        </Secondary>
                        {showPatient && patient ? <Secondary>{patient}</Secondary> : null}
                        {event.address ? <Secondary>{event.address}</Secondary> : null}
                      </TableCell>
                    ) : (
                      <>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{when}</TableCell>
                        <TableCell sx={{ overflowWrap: 'anywhere' }}>{who}</TableCell>
                        <TableCell>{what}</TableCell>
                        {showPatient ? (
                          <TableCell sx={{ overflowWrap: 'anywhere' }}>
                            {patient ?? words.noPatient}
                          </TableCell>
                        ) : null}
                        <TableCell sx={{ overflowWrap: 'anywhere' }}>
                          {event.address ?? words.noAddress}
                        </TableCell>
                      </>
                    )}
                    {toggleCell}
                  </TableRow>
                  {open ? (
                    <TableRow>
                      <TableCell colSpan={columns.length} sx={{ bgcolor: 'action.hover' }}>
                        <Changes event={event} what={what} />
                      </TableCell>
                    </TableRow>
                  ) : null}
                </Fragment>
              );
            })
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
