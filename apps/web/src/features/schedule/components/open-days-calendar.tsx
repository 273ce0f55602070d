import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { addDays, weekdayOf } from '@vaidya/contract/calendar-dates';
import { weekdayNames } from '@vaidya/contract/schedule';
import { scheduleScreenTexts } from '@vaidya/contract/schedule-screens';
import { LoadError } from '../../../components/load-error';
import { SectionCard } from '../../../components/section-card';
import { useBookableDates, useOffDays } from '../api/schedule-api';
import { dayOfMonth, formatDay } from '../schedule-dates';

const texts = scheduleScreenTexts.calendar;

/** Four weeks, from today. */
const daysShown = 28;
/** Columns Monday to Sunday, as the weekly sessions read. */
const weekdaysFromMonday = [1, 2, 3, 4, 5, 6, 0];

type DayState = 'open' | 'partlyOff' | 'full' | 'closed';

/** A cell's text takes the colour that reads on its `light` background (a palette's contrastText is for `main`). */
const dayColours: Record<
  DayState,
  (theme: Theme) => { bgcolor: string; color: string; borderColor: string }
> = {
  open: (theme) => ({
    bgcolor: theme.palette.success.light,
    color: theme.palette.getContrastText(theme.palette.success.light),
    borderColor: theme.palette.success.main,
  }),
  partlyOff: (theme) => ({
    bgcolor: theme.palette.warning.light,
    color: theme.palette.getContrastText(theme.palette.warning.light),
    borderColor: theme.palette.warning.main,
  }),
  full: (theme) => ({
    bgcolor: theme.palette.error.light,
    color: theme.palette.getContrastText(theme.palette.error.light),
    borderColor: theme.palette.error.main,
  }),
  closed: (theme) => ({
    bgcolor: theme.palette.action.hover,
    color: theme.palette.text.secondary,
    borderColor: theme.palette.divider,
  }),
};

function Legend() {
  return (
    <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap', mt: 1.5 }}>
      {(['open', 'partlyOff', 'full', 'closed'] as const).map((state) => (
        <Stack key={state} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
          <Box
            sx={(theme) => ({
              width: 14,
              height: 14,
              borderRadius: 0.5,
              border: 1,
              ...dayColours[state](theme),
            })}
          />
          <Typography variant="body2">{state === 'open' ? texts.openWithFree : texts[state]}</Typography>
        </Stack>
      ))}
    </Stack>
  );
}

function dayState(free: number | undefined, partlyOff: boolean): DayState {
  if (free === undefined) return 'closed';
  if (free === 0) return 'full';
  return partlyOff ? 'partlyOff' : 'open';
}

/**
 * The coming four weeks of a queue: days get-dates offers are open, with their free
 * slots, or fully booked when none is left; open days that also have an off period are
 * partly off; every other day is closed (no session that weekday, a whole-day off-day,
 * or today's sessions over).
 */
export function OpenDaysCalendar({ queueId, today }: { queueId: string; today: string }) {
  const dates = useBookableDates(queueId);
  const offDays = useOffDays(queueId);

  const freeByDate = new Map((dates.data ?? []).map((bookable) => [bookable.date, bookable.available]));
  const partlyOffDates = new Set(
    (offDays.data ?? []).filter((offDay) => offDay.start_time !== null).map((offDay) => offDay.date),
  );
  const days = Array.from({ length: daysShown }, (_, index) => addDays(today, index));
  const leadingBlanks = weekdaysFromMonday.indexOf(weekdayOf(today));

  return (
    <SectionCard title={texts.title} description={texts.description}>
      {dates.isError ? (
        <LoadError
          error={dates.error}
          fallback={texts.fetchError}
          retrying={dates.isFetching}
          onRetry={() => dates.refetch()}
        />
      ) : null}
      {dates.isPending && !dates.isError ? <Skeleton variant="rounded" height={260} /> : null}
      {dates.isSuccess ? (
        <>
          <Box
            role="list"
            aria-label={texts.title}
            sx={{
              display: 'grid',
              gridTemplateColumns: 'repeat(7, minmax(0, 1fr))',
              gap: { xs: 0.5, sm: 1 },
            }}
          >
            {weekdaysFromMonday.map((weekday) => (
              <Typography
                key={weekday}
                aria-hidden
                variant="caption"
                align="center"
                sx={{ color: 'text.secondary', fontWeight: 500 }}
              >
                {weekdayNames[weekday]?.slice(0, 3)}
              </Typography>
            ))}
            {Array.from({ length: leadingBlanks }, (_, index) => (
              // Empty cells before today, so today sits under its own weekday.
              // biome-ignore lint/suspicious/noArrayIndexKey: the blanks have no identity but their place.
              <Box key={index} aria-hidden />
            ))}
            {days.map((date) => {
              const free = freeByDate.get(date);
              const state = dayState(free, partlyOffDates.has(date));
              return (
                <Box
                  key={date}
                  role="listitem"
                  aria-label={texts.dayLabel(formatDay(date), texts[state], free)}
                  title={texts.dayLabel(formatDay(date), texts[state], free)}
                  sx={(theme) => ({
                    ...dayColours[state](theme),
                    border: 1,
                    borderRadius: 1,
                    minHeight: { xs: 44, sm: 56 },
                    p: 0.5,
                    display: 'flex',
                    flexDirection: 'column',
                    alignItems: 'center',
                    justifyContent: 'center',
                    outline: date === today ? `2px solid ${theme.palette.primary.main}` : undefined,
                  })}
                >
                  <Typography variant="body2" sx={{ fontWeight: 600, lineHeight: 1.2 }}>
                    {dayOfMonth(date)}
                  </Typography>
                  {free === undefined ? null : (
                    // A phone's cell holds the count alone; the cell's name and the legend say what it counts.
                    <Typography variant="caption" sx={{ lineHeight: 1.1 }}>
                      <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
                        {free}
                      </Box>
                      <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                        {texts.free(free)}
                      </Box>
                    </Typography>
                  )}
                </Box>
              );
            })}
          </Box>
          <Legend />
        </>
      ) : null}
    </SectionCard>
  );
}
