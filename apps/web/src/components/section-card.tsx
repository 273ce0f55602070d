import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface SectionCardProps {
  title: string;
  description: string;
  /** A button beside the title, such as "Add session". */
  action?: ReactNode;
  children: ReactNode;
}

/** One titled part of the Schedule or Settings page; its heading names the region for screen readers. */
export function SectionCard({ title, description, action, children }: SectionCardProps) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack
        direction="row"
        useFlexGap
        spacing={1}
        sx={{ alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap', mb: 1.5 }}
      >
        <Stack spacing={0.25} sx={{ minWidth: 0, flex: '1 1 200px' }}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {description}
          </Typography>
        </Stack>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}
