import Button from '@mui/material/Button';
import { tvMessages } from '@vaidya/contract/tv';
import { tvSettingsScreen as texts } from '@vaidya/contract/tv-screens';
import { toast } from 'react-toastify';
import { apiErrorSentence } from '../../../components/api-error-alert';
import { useCallNextToken } from '../api/call-next-api';

/** Completes the token now served today, so the waiting-room TV shows the next one (issue 12). */
export function CallNextButton({ queueId, date }: { queueId: string; date: string }) {
  const callNext = useCallNextToken();
  return (
    <Button
      variant="outlined"
      loading={callNext.isPending}
      onClick={() =>
        callNext.mutate(
          { queueId, date },
          {
            onSuccess: (answer) => toast.success(answer.message ?? tvMessages.calledNext),
            onError: (error) => toast.error(apiErrorSentence(error, texts.callNextFailed)),
          },
        )
      }
    >
      {texts.callNext}
    </Button>
  );
}
