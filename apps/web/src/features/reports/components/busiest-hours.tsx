import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Visits } from '@vaidya/contract/reports';
import { hourLabel, reportScreenWords, reportWeekdays } from '@vaidya/contract/reports-screens';

const words = reportScreenWords.visits;

/**
 * Visits by weekday (rows, Monday first) and hour of arrival (columns, from the earliest to
 * the latest hour any visit came in), each cell shaded by its share of the busiest: a plain
 * grid a screen reader reads cell by cell, as "Tue 10 am: 4 visits". Scrolls sideways on a phone.
 */
export function BusiestHours({ cells }: { cells: Visits['busiest_hours'] }) {
  if (cells.length === 0) {
    return <Typography color="text.secondary">{words.noBusiestHours}</Typography>;
  }
  const hours = cells.map((cell) => cell.hour);
  const firstHour = Math.min(...hours);
  const columns = Array.from({ length: Math.max(...hours) - firstHour + 1 }, (_, index) => firstHour + index);
  const most = Math.max(...cells.map((cell) => cell.visits));
  const busiest = cells.find((cell) => cell.visits === most);
  const visitsAt = (weekday: number, hour: number) =>
    cells.find((cell) => cell.weekday === weekday && cell.hour === hour)?.visits ?? 0;

  return (
    <>
      {busiest ? (
        <Typography sx={{ mb: 1 }}>
          {words.busiest(reportWeekdays[busiest.weekday] ?? '', hourLabel(busiest.hour), busiest.visits)}
        </Typography>
      ) : null}
      <Box sx={{ overflowX: 'auto' }}>
        <Box
          role="table"
          aria-label={words.busiestHours}
          sx={{
            display: 'grid',
            gridTemplateColumns: `3rem repeat(${columns.length}, minmax(2.5rem, 1fr))`,
            gap: '2px',
            minWidth: 'fit-content',
            fontSize: '0.75rem',
          }}
        >
          <Box role="row" sx={{ display: 'contents' }}>
            <Box role="columnheader" />
            {columns.map((hour) => (
              <Box key={hour} role="columnheader" sx={{ textAlign: 'center', color: 'text.secondary' }}>
                {hourLabel(hour)}
              </Box>
            ))}
          </Box>
          {reportWeekdays.map((weekday, weekdayIndex) => (
            <Box key={weekday} role="row" sx={{ display: 'contents' }}>
              <Box role="rowheader" sx={{ color: 'text.secondary', alignSelf: 'center' }}>
                {weekday}
              </Box>
              {columns.map((hour) => {
                const visits = visitsAt(weekdayIndex, hour);
                const share = visits / most;
                return (
                  <Box
                    key={hour}
                    role="cell"
                    aria-label={words.heatCell(weekday, hourLabel(hour), visits)}
                    title={words.heatCell(weekday, hourLabel(hour), visits)}
                    sx={(theme) => ({
                      height: '2rem',
                      borderRadius: 0.5,
                      display: 'grid',
                      placeItems: 'center',
                      bgcolor:
                        visits === 0
                          ? theme.palette.action.hover
                          : `color-mix(in srgb, ${theme.palette.primary.main} ${Math.round(15 + 85 * share)}%, ${theme.palette.background.paper})`,
                      color: share > 0.5 ? theme.palette.primary.contrastText : theme.palette.text.primary,
                    })}
                  >
                    {visits || ''}
                  </Box>
                );
              })}
            </Box>
          ))}
        </Box>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {words.busiestHoursNote}
      </Typography>
    </>
  );
}
