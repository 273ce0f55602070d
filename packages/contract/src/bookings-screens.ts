/**
 * What the Bookings screen says (spec §2, §7 Bookings): the day and queue pickers, the
 * token list and its actions, and the walk-in, rename, move and cancel dialogs. The
 * server's own sentences (a booking confirmed, a slot just taken) are in bookings.ts.
 */
export const bookingsScreenWords = {
  day: 'Day',
  previousDay: 'Previous day',
  nextDay: 'Next day',
  today: 'Today',
  queue: 'Queue',
  showCompleted: 'Show completed',
  addWalkIn: 'Add walk-in',
  walkInPrescription: 'Walk-in prescription',
  unseenOnline: (count: number) => (count === 1 ? '1 new online booking' : `${count} new online bookings`),
  /** The online-bookings badge is a switch: the day's online bookings alone, then all of them again. */
  onlineBookings: 'Online bookings',
  showOnlineOnly: 'Show only online bookings',
  showAllBookings: 'Show all bookings',
  noOnlineBookings: 'No online bookings for this day.',
  loading: 'Loading bookings',
  retry: 'Retry',

  noLocation: 'Add a location and a queue in Settings to start taking bookings.',
  noQueues: 'This location has no queues yet. Add one in Settings, then its timings in Schedule.',
  queuesFetchError: 'Failed to load queues',
  bookingsFetchError: 'Failed to load bookings',
  noBookings: 'No bookings for this day yet.',

  headers: {
    token: 'Token',
    time: 'Time',
    patient: 'Patient',
    mobile: 'Mobile',
    source: 'Source',
    status: 'Status',
    actions: 'Actions',
  },
  tokenLabel: (token: number) => `Token ${token}`,
  sources: { front_desk: 'Front desk', online: 'Online' },
  statuses: {
    booked: 'Booked',
    showed_up: 'Showed up',
    called: 'Called in',
    completed: 'Completed',
    no_show: 'No-show',
    cancelled: 'Cancelled',
  },

  /** The queue as the desk sees it: the token called last is with the doctor until the next call. */
  nowServing: 'Now serving',
  nowServingToken: (token: number, name: string) => `Token ${token} · ${name}`,
  nobodyServed: 'Nobody called yet',
  /** Each token's moves in the queue: the button's words, and its accessible name naming the patient. */
  tokenMoves: {
    call: { label: 'Call', name: (name: string) => `Call ${name} now` },
    complete: { label: 'Done', name: (name: string) => `Mark ${name} done` },
    markNoShow: { label: 'No-show', name: (name: string) => `Mark ${name} as no-show` },
    returnToWaiting: { label: 'Back to waiting', name: (name: string) => `Send ${name} back to waiting` },
  },
  tokenMoveFailed: 'Failed to update the token',

  /** The accessible names of each row's actions, naming the patient. */
  markShowedUp: (name: string) => `Mark ${name} as showed up`,
  editName: (name: string) => `Edit name of ${name}`,
  move: (name: string) => `Move ${name} to another time`,
  cancel: (name: string) => `Cancel booking of ${name}`,
  moreActions: (name: string) => `More actions for ${name}`,
  prescription: (name: string) => `Prescription for ${name}`,
  bill: (name: string) => `Bill for ${name}`,
  showedUpFailed: 'Failed to update the booking',

  cancelTitle: 'Cancel booking?',
  cancelText: (name: string, token: number, time: string) =>
    `Cancel token ${token} of ${name} at ${time}? The time becomes free for others.`,
  keepBooking: 'Keep booking',
  confirmCancel: 'Cancel booking',
  cancelFailed: 'Failed to cancel the booking',

  editNameTitle: 'Edit name',
  nameLabel: 'Name',
  save: 'Save',
  close: 'Close',
  editNameFailed: 'Failed to update the name',

  moveTitle: 'Move to another time',
  moveText: (name: string, time: string) =>
    `${name} is booked at ${time}. Choose a free time of the same day.`,
  moveTo: 'Move',
  moveFailed: 'Failed to move the booking',

  freeTime: 'Free time',
  slotsLoading: 'Loading free times',
  slotsFetchError: 'Failed to load free times',
  noFreeSlots: 'No free times left on this day.',
  slotRange: (start: string, end: string) => `${start}–${end}`,

  walkInTitle: 'Add walk-in',
  mobileLabel: 'Mobile number',
  returningPatient: 'Returning patient',
  /** The patients a family's phone already has at the clinic: the desk picks one or adds another. */
  patientsOnMobile: 'Patients on this number',
  newPatientOnMobile: 'New patient',
  newFamilyMember: 'A new patient on this number',
  patientChoice: (name: string, age: number | null, gender: string | null) =>
    [name, age === null ? null : `${age} y`, gender].filter(Boolean).join(' · '),
  ageLabel: 'Age',
  genderLabel: 'Gender',
  genders: { male: 'Male', female: 'Female', other: 'Other' },
  notGiven: 'Not given',
  slotChoice: 'Time',
  nextFree: (time: string) => `Next free (${time})`,
  chooseTime: 'Choose a time',
  chooseTimeFirst: 'Please choose a time',
  book: 'Book',
  walkInFailed: 'Failed to book the walk-in',
  walkInBooked: (token: number, time: string) => `Token ${token} booked at ${time}`,
} as const;
