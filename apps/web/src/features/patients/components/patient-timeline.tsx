import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { calendarDateEnGb, clinicDateTime, timeOfDayEnIn } from '@vaidya/contract/calendar-dates';
import { patientTimelineWords as words } from '@vaidya/contract/patient-screens';
import type { TimelineItem, TimelineItemType } from '@vaidya/contract/patients';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { useClinicTimeZone } from '../../../lib/clinic-context';
import { formatRupees } from '../../../lib/money';
import { paths, patientDentalPath, planEstimatePath } from '../../../lib/paths';
import { sessionKeys } from '../../../lib/session';
import { usePatientTimeline } from '../api/patient-timeline-api';

type TabName = keyof typeof words.tabs;
const tabNames = Object.keys(words.tabs) as TabName[];

/** The kinds of item each tab shows; the timeline shows them all. */
const kindsOf: Record<TabName, readonly TimelineItemType[]> = {
  timeline: ['booking', 'prescription', 'bill', 'payment', 'message', 'sitting'],
  prescriptions: ['prescription'],
  billing: ['bill', 'payment'],
  messages: ['message'],
};

const prescriptionPreview = (id: string) => `/prescription-preview/${id}`;
const billPreview = (id: string) => `/bill-preview/${id}`;

/** What a line of the list says, and the document it opens (none for a message about a cancelled booking). */
interface ItemView {
  primary: string;
  secondary: string;
  opens?: string;
  /** Done before opening: the bookings screen opens on the day it was last left on. */
  beforeOpening?: () => void;
}

function viewOf(item: TimelineItem, timeZone: string, patientId: string): ItemView {
  const when = clinicDateTime(item.at, timeZone);
  switch (item.type) {
    case 'booking':
      return {
        primary: words.booking(item.token_number, item.queue_name),
        secondary: [
          `${calendarDateEnGb(item.date)}, ${timeOfDayEnIn(item.start_time)}`,
          words.bookingStatuses[item.status],
        ].join(' · '),
        opens: paths.dashboardHome,
        beforeOpening: () => localStorage.setItem(sessionKeys.selectedDay, item.date),
      };
    case 'prescription':
      return {
        primary: `${words.prescription} · ${item.diagnoses.join(', ') || words.noDiagnosis}`,
        secondary: [calendarDateEnGb(item.date), words.medicines(item.medicines)].join(' · '),
        opens: prescriptionPreview(item.id),
      };
    case 'bill':
      return {
        primary: words.bill(item.bill_number, formatRupees(item.total)),
        secondary: [
          calendarDateEnGb(item.date),
          item.balance > 0 ? words.balance(formatRupees(item.balance)) : words.paidInFull,
        ].join(' · '),
        opens: billPreview(item.id),
      };
    case 'payment':
      return {
        primary: words.payment(formatRupees(item.amount), words.paymentModes[item.mode]),
        secondary: [when, item.bill ? words.paymentOfBill(item.bill.bill_number) : words.receipt].join(' · '),
        opens: item.bill ? billPreview(item.bill.id) : `${paths.receipt}/${item.receipt_id}`,
      };
    case 'message':
      return {
        primary: words.message(
          words.channels[item.channel],
          item.template ? words.messageTemplates[item.template] : words.otherMessage,
        ),
        secondary: [when, words.messageStatuses[item.status]].join(' · '),
        opens:
          item.template === 'prescription'
            ? prescriptionPreview(item.reference_id)
            : item.template === 'bill'
              ? billPreview(item.reference_id)
              : item.template === 'estimate'
                ? planEstimatePath(patientId, item.reference_id)
                : undefined,
      };
    case 'sitting':
      return {
        primary: words.sitting(item.sitting, item.plan_title),
        secondary: [calendarDateEnGb(item.date), item.note].filter(Boolean).join(' · '),
        opens: patientDentalPath(patientId),
      };
  }
}

function TimelineLine({
  item,
  timeZone,
  patientId,
}: {
  item: TimelineItem;
  timeZone: string;
  patientId: string;
}) {
  const view = viewOf(item, timeZone, patientId);
  const text = (
    <ListItemText
      primary={view.primary}
      secondary={view.secondary}
      slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
    />
  );
  if (!view.opens) return <ListItem divider>{text}</ListItem>;
  return (
    <ListItem disablePadding divider>
      <ListItemButton component={RouterLink} to={view.opens} onClick={view.beforeOpening}>
        {text}
      </ListItemButton>
    </ListItem>
  );
}

/** The items of one tab, as far as they are loaded, with Show older while older ones remain. */
function TimelinePanel({ patientId, tab }: { patientId: string; tab: TabName }) {
  const timeline = usePatientTimeline(patientId);
  const timeZone = useClinicTimeZone();
  if (timeline.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label={words.loading} />
      </Box>
    );
  }
  // A page of older items that failed keeps the items above it; it says so under them.
  if (timeline.isError && !timeline.isFetchNextPageError) {
    return (
      <LoadError
        error={timeline.error}
        fallback={words.fetchFailed}
        retrying={timeline.isFetching}
        onRetry={() => timeline.refetch()}
      />
    );
  }
  const kinds = kindsOf[tab];
  const items = timeline.data.pages
    .flatMap((page) => page.results)
    .filter((item) => kinds.includes(item.type));
  return (
    <>
      {items.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 1 }}>
          {words.empty[tab]}
        </Typography>
      ) : (
        <List disablePadding>
          {items.map((item) => (
            <TimelineLine
              key={`${item.type}-${item.id}`}
              item={item}
              timeZone={timeZone}
              patientId={patientId}
            />
          ))}
        </List>
      )}
      {timeline.isFetchNextPageError ? (
        <Box sx={{ mt: 2 }}>
          <LoadError
            error={timeline.error}
            fallback={words.fetchFailed}
            retrying={timeline.isFetchingNextPage}
            onRetry={() => timeline.fetchNextPage()}
          />
        </Box>
      ) : timeline.hasNextPage ? (
        <Button
          variant="outlined"
          loading={timeline.isFetchingNextPage}
          onClick={() => timeline.fetchNextPage()}
          sx={{ mt: 2 }}
        >
          {words.showOlder}
        </Button>
      ) : null}
    </>
  );
}

/**
 * A patient's history under four tabs: the timeline of everything, newest first, and the
 * prescriptions, the bills and payments, and the messages alone, all read from the one
 * timeline call; each line opens its document.
 */
export function PatientTimeline({ patientId }: { patientId: string }) {
  const [tab, setTab] = useState<TabName>('timeline');
  return (
    <Paper variant="outlined" sx={{ mt: 2 }}>
      <Tabs
        value={tab}
        onChange={(_, next: TabName) => setTab(next)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={words.tabsLabel}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {tabNames.map((name) => (
          <Tab
            key={name}
            value={name}
            label={words.tabs[name]}
            id={`patient-tab-${name}`}
            aria-controls="patient-tab-panel"
          />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id="patient-tab-panel"
        aria-labelledby={`patient-tab-${tab}`}
        sx={{ p: { xs: 1, sm: 2 } }}
      >
        <TimelinePanel patientId={patientId} tab={tab} />
      </Box>
    </Paper>
  );
}
