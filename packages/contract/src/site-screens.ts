/**
 * What the clinic's booking website says (issue 9 "Screens"). A plain object file: the
 * site is opened on patients' phones and must stay light, so no zod and nothing heavy
 * here. The server's own sentences (a slot just taken, too many bookings) arrive with
 * its answers and are shown as they come.
 */
import { notTakingOnlineBookings } from './clinic-availability';
import { phoneNumberMessages } from './phone-numbers';

export const siteScreen = {
  loading: 'Loading the clinic…',
  notFound: 'We could not find this clinic. Please check the address.',
  loadFailed: 'Could not load this page. Please check your connection and try again.',
  tryAgain: 'Try again',
  notTakingBookings: 'This clinic is not taking online bookings yet. Please call the clinic.',
  /** The clinic's account is disabled (the server's 403, in the same words). */
  notTakingOnlineBookings,
  call: (contactNo: string) => `Call ${contactNo}`,
  bookAppointment: 'Book an appointment',
  location: 'Location',
  doctor: 'Doctor',
  date: 'Date',
  time: 'Time',
  loadingDates: 'Finding open dates…',
  noOpenDates: 'No dates are open for booking in the coming weeks. Please call the clinic.',
  freeSlots: (count: number) => (count === 1 ? '1 free' : `${count} free`),
  full: 'None free',
  loadingSlots: 'Finding free times…',
  noFreeSlots: 'Every time on this date is booked. Please choose another date.',
  /**
   * The clinic's prepaid wallet cannot pay for a booking (the site's `taking_online_bookings`
   * false, or a 402 on booking): the patient is not told about the clinic's account.
   */
  onlineBookingPaused: 'This clinic is not taking online bookings just now. Please call the clinic to book.',
  yourDetails: 'Your details',
  name: 'Your name',
  mobile: 'Mobile number',
  mobileHint: '10 digits, without +91',
  nameRequired: 'Please enter your name',
  invalidMobile: phoneNumberMessages.invalidMobile,
  book: (time: string) => `Book ${time}`,
  booking: 'Booking…',
  chooseTimeFirst: 'Choose a time above to book',
  confirmed: 'Booking confirmed',
  tokenNumber: 'Token number',
  arriveNote: 'Please arrive a few minutes early and give your token number at the front desk.',
  bookAnother: 'Book another appointment',
} as const;
