import ReplayIcon from '@mui/icons-material/Replay';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { clinicDateTime } from '@vaidya/contract/calendar-dates';
import type { OutboxMessage, OutboxStatus } from '@vaidya/contract/consultation-forms';

const chipColor: Record<OutboxStatus, 'default' | 'warning' | 'success' | 'error'> = {
  recorded: 'default',
  waiting: 'warning',
  sent: 'success',
  failed: 'error',
};

/** What one kind of document calls its messages list (prescriptionMessagesTexts, billMessagesTexts). */
export interface DocumentMessagesWords {
  title: string;
  description: string;
  empty: string;
  loadError: string;
  retry: string;
  statuses: Record<OutboxStatus, string>;
  failedBecause: (reason: string) => string;
  sentTo: (recipient: string) => string;
  sendAgain: string;
}

function statusLabel(message: OutboxMessage, texts: DocumentMessagesWords): string {
  return message.status === 'failed' && message.error
    ? texts.failedBecause(message.error)
    : texts.statuses[message.status];
}

interface DocumentMessagesProps {
  /** The document's get-messages fetch. */
  messages: UseQueryResult<OutboxMessage[], unknown>;
  words: DocumentMessagesWords;
  /** The clinic's time zone (the document's `partner.time_zone`), where each message is dated. */
  timeZone: string;
  sending: boolean;
  onSendAgain: () => void;
}

/** A document's WhatsApp messages, newest first, where a failed one can be sent again. */
export function DocumentMessages({
  messages,
  words: texts,
  timeZone,
  sending,
  onSendAgain,
}: DocumentMessagesProps) {
  return (
    <Paper variant="outlined" component="section" aria-label={texts.title} sx={{ p: 2 }}>
      <Typography variant="h6" component="h2">
        {texts.title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {texts.description}
      </Typography>
      {messages.isPending ? (
        <Skeleton variant="rounded" height={48} sx={{ mt: 1 }} />
      ) : messages.isError ? (
        <Alert
          severity="error"
          sx={{ mt: 1 }}
          action={
            <Button color="inherit" size="small" onClick={() => messages.refetch()}>
              {texts.retry}
            </Button>
          }
        >
          {texts.loadError}
        </Alert>
      ) : messages.data.length === 0 ? (
        <Typography sx={{ mt: 1 }}>{texts.empty}</Typography>
      ) : (
        <List dense disablePadding>
          {messages.data.map((message) => (
            <ListItem key={message.id} disableGutters divider sx={{ flexWrap: 'wrap', columnGap: 2 }}>
              <ListItemText
                primary={clinicDateTime(message.created_at, timeZone)}
                secondary={texts.sentTo(message.recipient)}
              />
              {/* On a phone the state goes under the date when both do not fit, its words wrapping. */}
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', maxWidth: '100%', mb: 0.5 }}>
                <Chip
                  size="small"
                  color={chipColor[message.status]}
                  label={statusLabel(message, texts)}
                  sx={{
                    height: 'auto',
                    minHeight: 24,
                    '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 },
                  }}
                />
                {message.status === 'failed' ? (
                  <Button
                    size="small"
                    startIcon={<ReplayIcon />}
                    disabled={sending}
                    onClick={onSendAgain}
                    sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
                  >
                    {texts.sendAgain}
                  </Button>
                ) : null}
              </Stack>
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
