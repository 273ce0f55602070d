import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell, { tableCellClasses } from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { patientPageWords, patientsScreenWords as words } from '@vaidya/contract/patient-screens';
import type { PatientSummary } from '@vaidya/contract/patients';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatRupees } from '../../../lib/money';
import { paths } from '../../../lib/paths';
import { ageSexOf, lastVisitOf } from '../patient-format';

const headers = words.headers;
const narrowCellsOnPhones = { [`& .${tableCellClasses.root}`]: { px: { xs: 1, sm: 2 } } };
const placeholders = [1, 2, 3];

/** The id of a patient's row, which the search box names as the row ↑ and ↓ have reached. */
export const patientRowId = (tableId: string, patient: PatientSummary) => `${tableId}-${patient.id}`;

/** What a patient owes, in red while anything is due. */
function Balance({ amount }: { amount: number }) {
  return (
    <Typography component="span" variant="inherit" color={amount > 0 ? 'error' : 'inherit'}>
      {formatRupees(amount)}
    </Typography>
  );
}

function Secondary({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary" component="div" sx={{ whiteSpace: 'nowrap' }}>
      {children}
    </Typography>
  );
}

/**
 * A page of the registry. Wide, a column each; on phones (`compact`) the patient's number,
 * age/sex and mobile under the name, and the last visit under the balance. The row `active`
 * (reached with ↑ and ↓ from the search box) is highlighted; a click anywhere on a row, or
 * the name's link, opens the patient.
 */
export function PatientsTable({
  id,
  patients,
  loading,
  compact,
  active,
  emptyText,
  onOpen,
}: {
  id: string;
  patients: PatientSummary[];
  loading: boolean;
  compact: boolean;
  active: number;
  emptyText: ReactNode;
  onOpen: (patient: PatientSummary) => void;
}) {
  const columns = compact
    ? [headers.patient, headers.balance]
    : [headers.number, headers.name, headers.ageSex, headers.mobile, headers.lastVisit, headers.balance];
  return (
    <TableContainer>
      <Table id={id} size="small" sx={narrowCellsOnPhones}>
        <TableHead>
          <TableRow>
            {columns.map((header) => (
              <TableCell key={header} align={header === headers.balance ? 'right' : 'left'}>
                {header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody aria-busy={loading}>
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
          ) : patients.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columns.length} align="center" sx={{ py: 4 }}>
                {emptyText}
              </TableCell>
            </TableRow>
          ) : (
            patients.map((patient, index) => {
              const name = (
                <Link component={RouterLink} to={`${paths.patients}/${patient.id}`} underline="hover">
                  {patient.name}
                </Link>
              );
              return (
                <TableRow
                  key={patient.id}
                  id={patientRowId(id, patient)}
                  hover
                  selected={index === active}
                  onClick={() => onOpen(patient)}
                  sx={{ cursor: 'pointer' }}
                >
                  {compact ? (
                    <>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>
                        {name}
                        <Secondary>
                          {patientPageWords.numberLabel(patient.patient_number)} · {ageSexOf(patient)}
                        </Secondary>
                        <Secondary>{patient.mobile}</Secondary>
                      </TableCell>
                      <TableCell align="right">
                        <Balance amount={patient.balance} />
                        <Secondary>{words.lastVisitOn(lastVisitOf(patient))}</Secondary>
                      </TableCell>
                    </>
                  ) : (
                    <>
                      <TableCell>{patient.patient_number}</TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{name}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{ageSexOf(patient)}</TableCell>
                      <TableCell>{patient.mobile}</TableCell>
                      <TableCell>{lastVisitOf(patient)}</TableCell>
                      <TableCell align="right">
                        <Balance amount={patient.balance} />
                      </TableCell>
                    </>
                  )}
                </TableRow>
              );
            })
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
