import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { type MasterCard, masterCards } from './master-definitions';

/** The open list lives in `?list=` so the browser's Back returns to the cards. */
const listParam = 'list';

export function PrescriptionMastersPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const open = masterCards.find((card) => card.key === searchParams.get(listParam));

  const choose = (card: MasterCard) => {
    if (card.route) navigate(card.route);
    else setSearchParams({ [listParam]: card.key });
  };

  if (open) {
    return (
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <IconButton aria-label="Back to Consultation Masters" onClick={() => setSearchParams({})}>
            <ArrowBackIcon />
          </IconButton>
          <Typography variant="h2" component="h1">
            {open.title}
          </Typography>
        </Stack>
        <Fragment key={open.key}>{open.list()}</Fragment>
      </Stack>
    );
  }

  return (
    <>
      <PageHeader
        title="Consultation Masters"
        description="The complaints, observations, investigations, diagnoses, medicines, medicine templates and treatments you pick from during a consultation."
      />
      <Grid container spacing={2}>
        {masterCards.map((card) => (
          <Grid key={card.key} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
            <Card variant="outlined" sx={{ height: '100%', borderTop: 4, borderTopColor: card.colour }}>
              <CardActionArea onClick={() => choose(card)} sx={{ height: '100%' }}>
                <CardContent>
                  <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                    <card.Icon sx={{ fontSize: 40, color: card.colour }} />
                    <Stack>
                      <Typography variant="h6" component="h2">
                        {card.title}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {card.description}
                      </Typography>
                    </Stack>
                  </Stack>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </>
  );
}
