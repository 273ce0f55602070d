/**
 * What the waiting-room TV page (/tv) and the dashboard's TV pieces say (issue 12). A plain
 * object file: the TV page is drawn without MUI or zod, like the booking website.
 */
export const tvScreen = {
  pageTitle: 'Waiting-room TV',
  brand: 'Vaidya',
  connecting: 'Connecting…',
  pairingHeading: 'Pair this TV',
  pairingInstruction: 'Open Vaidya → Settings → Waiting-room TVs and enter this code',
  codeExpires: 'A new code appears when this one expires.',
  nowServing: 'Now serving',
  nobodyServed: '—',
  next: 'Next',
  noneWaiting: 'No one waiting',
  /** The last row of the waiting list when more are waiting than the screen has rows for. */
  moreWaiting: (count: number) => `+${count} more`,
  token: (tokenNumber: number) => `Token ${tokenNumber}`,
  offline: 'Reconnecting…',
} as const;

/** The dashboard's "Waiting-room TVs" card and the bookings screen's button. */
export const tvSettingsScreen = {
  title: 'Waiting-room TVs',
  intro: 'Open /tv on the TV in your waiting room, then enter the code it shows here.',
  code: 'Pairing code',
  codeHint: '6 letters and digits shown on the TV',
  location: 'Location',
  queue: 'Queue',
  noQueues: 'This location has no queues yet. Add one under Queues first.',
  pair: 'Pair',
  pairFailed: 'Could not pair the TV. Please try again.',
  pairedTvs: 'Paired TVs',
  loading: 'Loading TVs…',
  loadFailed: 'Could not load the paired TVs.',
  retry: 'Retry',
  none: 'No TV is paired yet.',
  lastSeen: (when: string) => `Last seen ${when}`,
  neverSeen: 'Not seen yet',
  unpair: 'Unpair',
  unpairFailed: 'Could not unpair the TV. Please try again.',
  confirmTitle: 'Unpair this TV?',
  confirmText: (location: string, queue: string) =>
    `The TV showing ${queue} at ${location} will show a new pairing code.`,
  cancel: 'Cancel',
  callNext: 'Call next token',
  callNextFailed: 'Could not call the next token. Please try again.',
} as const;
