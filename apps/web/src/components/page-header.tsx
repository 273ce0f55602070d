import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
}

export function PageHeader({ title, description }: PageHeaderProps) {
  return (
    <Stack spacing={0.5} sx={{ mb: 3 }}>
      <Typography variant="h2" component="h1">
        {title}
      </Typography>
      {description && <Typography color="text.secondary">{description}</Typography>}
    </Stack>
  );
}
