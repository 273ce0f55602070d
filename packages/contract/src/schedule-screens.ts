/**
 * What the Schedule and Settings screens say (spec §2 "schedule, settings", §4, §8):
 * queues, weekly sessions, slot sizes, off-days and the open-days calendar, and the
 * clinic's locations and queues. The server's own sentences (added, updated, refused)
 * are in schedule.ts; these are the screens' words around them.
 */

/** Words both screens use. */
export const scheduleScreenWords = {
  add: 'Add',
  save: 'Save',
  update: 'Update',
  cancel: 'Cancel',
  delete: 'Delete',
  retry: 'Retry',
  loading: 'Loading',
  edit: 'Edit',
  /** Shown in place of a value that was never given, such as a location without an address. */
  none: '—',
  minutes: (count: number) => `${count} min`,
} as const;

export const scheduleScreenTexts = {
  title: 'Schedule',
  description: 'When each queue is open: its weekly sessions, slot size, off-days and the coming weeks.',
  queue: 'Queue',
  noLocation: 'Add a location and a queue in Settings first; their schedule is set here.',
  noQueues: 'This location has no queues yet. Add one in Settings to set its timings.',
  openSettings: 'Open Settings',
  queuesError: 'Failed to fetch queues',

  sessions: {
    title: 'Weekly sessions',
    description: 'The hours this queue takes bookings on each weekday.',
    add: 'Add session',
    addTitle: 'Add session',
    editTitle: 'Edit session',
    weekday: 'Weekday',
    startTime: 'Start time',
    endTime: 'End time',
    closed: 'Closed',
    empty: 'No sessions yet. Add the hours this queue is open.',
    fetchError: 'Failed to fetch sessions',
    saveError: 'Failed to save session',
    deleteError: 'Failed to delete session',
    editNamed: (day: string, period: string) => `Edit ${day} ${period}`,
    deleteNamed: (day: string, period: string) => `Delete ${day} ${period}`,
    confirmDeleteTitle: 'Delete session?',
    confirmDelete: (day: string, period: string) =>
      `Delete the ${period} session on ${day}? Bookings already made stay as they are.`,
  },

  slotSize: {
    title: 'Slot size',
    description: 'How long each booking is; bookings already made keep their times.',
    label: 'Slot size (minutes)',
    edit: 'Change slot size',
    dialogTitle: 'Change slot size',
    saveError: 'Failed to save slot size',
  },

  offDays: {
    title: 'Off-days',
    description: 'Dates this queue is closed, for the whole day or part of it.',
    add: 'Add off-day',
    addTitle: 'Add off-day',
    date: 'Date',
    wholeDay: 'Whole day',
    partOfDay: 'Part of the day',
    startTime: 'From',
    endTime: 'To',
    wholeDayLabel: 'Closed all day',
    empty: 'No upcoming off-days.',
    fetchError: 'Failed to fetch off-days',
    saveError: 'Failed to save off-day',
    deleteError: 'Failed to delete off-day',
    deleteNamed: (when: string) => `Delete off-day ${when}`,
    confirmDeleteTitle: 'Delete off-day?',
    confirmDelete: (when: string) => `Open the queue again on ${when}?`,
  },

  /**
   * Before a change that takes time away (an off-day, a shorter or moved session, another slot
   * size) is saved: the open bookings in that time, and what to do with them.
   */
  bookedPatients: {
    checkError: 'Failed to check the bookings at that time',
    title: (count: number) =>
      count === 1 ? '1 patient is booked then' : `${count} patients are booked then`,
    because: {
      offDay: 'These bookings fall in the off-day.',
      session: 'These bookings fall outside the new session times, on this and the coming weeks.',
      slotSize: 'These bookings are at times the new slot size does not have.',
    },
    listLabel: 'Booked patients',
    tokenAndName: (token: number, name: string) => `Token ${token} · ${name}`,
    keep: 'Keep the bookings',
    cancel: 'Cancel them and message the patients',
    back: 'Go back',
  },

  calendar: {
    title: 'Coming 4 weeks',
    description: 'Open days with their free slots, fully booked days, days partly off, and closed days.',
    open: 'Open',
    /** The legend's entry for open days, whose cells show their free-slot count. */
    openWithFree: 'Open (free slots)',
    partlyOff: 'Partly off',
    full: 'Fully booked',
    closed: 'Closed',
    free: (count: number) => (count === 1 ? '1 free' : `${count} free`),
    fetchError: 'Failed to fetch open days',
    /** A day cell's accessible name, e.g. "Mon 25 Nov: Open, 12 free". */
    dayLabel: (day: string, state: string, free?: number) =>
      free === undefined ? `${day}: ${state}` : `${day}: ${state}, ${free} free`,
  },
} as const;

export const settingsScreenTexts = {
  title: 'Settings',
  description: 'Your clinic’s profile and photos, its locations and the queues each one runs.',

  locations: {
    title: 'Locations',
    description: 'The places you see patients. The location picked here is the one the dashboard works on.',
    add: 'Add location',
    addTitle: 'Add location',
    editTitle: 'Edit location',
    name: 'Location name',
    address: 'Address',
    contactNo: 'Contact number',
    contactNoHint: 'A mobile number, or a landline with its STD code: 020 2543 1234',
    empty: 'No locations yet. Add the place where you see patients.',
    selected: 'Selected',
    editNamed: (name: string) => `Edit ${name}`,
    saveError: 'Failed to save location',
  },

  queues: {
    title: (locationName: string) => `Queues at ${locationName}`,
    description: 'A queue is one consultation line, such as a doctor’s OPD, with its own timings.',
    add: 'Add queue',
    addTitle: 'Add queue',
    editTitle: 'Rename queue',
    name: 'Queue name',
    slotSize: 'Slot size (minutes)',
    empty: 'No queues yet. Add one to set its timings and take bookings.',
    noLocation: 'Add a location first; its queues are set here.',
    justAdded: 'Just added',
    editNamed: (name: string) => `Rename ${name}`,
    timingsOf: (name: string) => `Timings of ${name}`,
    timings: 'Timings',
    fetchError: 'Failed to fetch queues',
    saveError: 'Failed to save queue',
  },
} as const;
