import type { SvgIconComponent } from '@mui/icons-material';
import AssignmentIcon from '@mui/icons-material/Assignment';
import BiotechIcon from '@mui/icons-material/Biotech';
import HealingIcon from '@mui/icons-material/Healing';
import LibraryBooksIcon from '@mui/icons-material/LibraryBooks';
import LocalHospitalIcon from '@mui/icons-material/LocalHospital';
import MedicationIcon from '@mui/icons-material/Medication';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import DialogContentText from '@mui/material/DialogContentText';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  complaintScreen,
  diagnosisScreen,
  investigationScreen,
  type MasterCardTexts,
  masterScreenWords,
  medicineScreen,
  observationScreen,
  templateScreen,
  treatmentScreen,
} from '@vaidya/contract/master-screens';
import { starterListMessages, starterListsScreen } from '@vaidya/contract/starter-lists';
import { type ReactNode, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { ActionDialog } from '../../components/action-dialog';
import { PageHeader } from '../../components/page-header';
import { useMay } from '../../lib/partner-details-query';
import type { MasterRecord } from './api/masters-api';
import { useAddStarterLists } from './api/starter-lists-api';
import { MasterList } from './components/master-list';
import type { MasterDefinition } from './master-definition';
import {
  complaints,
  diagnoses,
  investigations,
  medicines,
  observations,
  templates,
  treatments,
} from './master-definitions';
import { masterPaths } from './master-paths';

interface MasterCard {
  /** The `?list=` value that opens it. */
  key: string;
  texts: MasterCardTexts;
  Icon: SvgIconComponent;
  colour: string;
  /** Treatments open their own page (spec §2) rather than the inline list. */
  route?: string;
  /** A function rather than the definition itself, as each master's records have their own type. */
  list: (onBack: () => void) => ReactNode;
}

/** A row of the cards' table; the card opens the master list of `definition`. */
function masterCard<R extends MasterRecord>(
  key: string,
  definition: MasterDefinition<R>,
  texts: MasterCardTexts,
  Icon: SvgIconComponent,
  colour: string,
  route?: string,
): MasterCard {
  return {
    key,
    texts,
    Icon,
    colour,
    route,
    list: (onBack) => <MasterList definition={definition} onBack={onBack} />,
  };
}

/** Spec §2, in the spec's order: each card's key, master, texts, icon and colour. */
const masterCards: MasterCard[] = [
  masterCard('complaints', complaints, complaintScreen, AssignmentIcon, '#1e88e5'),
  masterCard('observations', observations, observationScreen, VisibilityIcon, '#8e24aa'),
  masterCard('investigations', investigations, investigationScreen, BiotechIcon, '#00897b'),
  masterCard('medicines', medicines, medicineScreen, MedicationIcon, '#e53935'),
  masterCard('templates', templates, templateScreen, LibraryBooksIcon, '#fb8c00'),
  masterCard('treatments', treatments, treatmentScreen, HealingIcon, '#43a047', masterPaths.treatmentMasters),
  masterCard('diagnoses', diagnoses, diagnosisScreen, LocalHospitalIcon, '#3949ab'),
];

/** The open list lives in `?list=` so the browser's Back returns to the cards. */
const listParam = 'list';

export function PrescriptionMastersPage() {
  const mayChange = useMay('masters');
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const open = masterCards.find((card) => card.key === searchParams.get(listParam));

  const choose = (card: MasterCard) => {
    if (card.route) navigate(card.route);
    else setSearchParams({ [listParam]: card.key });
  };

  // Keyed, so moving from one list to another starts the next one afresh.
  if (open) return <Stack key={open.key}>{open.list(() => setSearchParams({}))}</Stack>;

  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{
          justifyContent: 'space-between',
          alignItems: { xs: 'stretch', sm: 'flex-start' },
          columnGap: 2,
        }}
      >
        <PageHeader
          title={masterScreenWords.prescriptionMasters}
          description={masterScreenWords.prescriptionMastersDescription}
        />
        {mayChange ? <AddStarterListsButton /> : null}
      </Stack>
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
                        {card.texts.title}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {card.texts.description}
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

/**
 * Copies the common lists of the clinic's speciality into its own, after asking: a clinic
 * that skipped them at sign-up, or deleted entries it now misses, gets them here.
 */
function AddStarterListsButton() {
  const [asking, setAsking] = useState(false);
  const add = useAddStarterLists();
  const close = () => {
    setAsking(false);
    add.reset();
  };
  const confirm = () =>
    add.mutate(undefined, {
      onSuccess: (answer) => {
        toast.success(answer.message ?? starterListMessages.added(answer.data));
        close();
      },
    });

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<PlaylistAddIcon />}
        onClick={() => setAsking(true)}
        sx={{ flexShrink: 0, mb: 3 }}
      >
        {starterListsScreen.button}
      </Button>
      <ActionDialog
        open={asking}
        title={starterListsScreen.confirmTitle}
        working={add.isPending}
        error={add.error}
        errorFallback={starterListsScreen.failed}
        cancelLabel={starterListsScreen.cancel}
        action={{ label: starterListsScreen.confirm, onClick: confirm }}
        onClose={close}
      >
        <DialogContentText>{starterListsScreen.confirmText}</DialogContentText>
      </ActionDialog>
    </>
  );
}
