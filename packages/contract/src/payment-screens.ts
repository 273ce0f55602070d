/** Words of the payment page (/dashboard/payment). */
export const paymentPageTexts = {
  balanceTitle: 'Wallet balance',
  chargeTitle: 'Charge per booking',
  bookingsLeftTitle: 'Bookings left',
  standardPlan: 'Your plan does not charge bookings to the wallet.',
  /** Decision 027, said only on the wallet plan. */
  walletPlan:
    'A booking your desk makes is charged as it is made; an online booking when its patient arrives.',
  rechargeTitle: 'Recharge',
  customAmountLabel: 'Other amount (₹)',
  rechargeButton: (amount: string) => `Recharge ${amount}`,
  rechargeHint: 'From ₹100 to ₹1,00,000',
  processing: 'Waiting for the payment…',
  historyTitle: 'Credits and debits',
  historyEmpty: 'No wallet movements yet.',
  loading: 'Loading wallet…',
  loadFailed: 'The wallet could not be loaded.',
  retry: 'Try again',
  columns: { date: 'Date', kind: 'Type', amount: 'Amount' },
  kinds: {
    opening: 'Opening balance',
    recharge: 'Recharge',
    booking: 'Booking',
    refund: 'Refund',
    referral_reward: 'Referral reward',
    adjustment: 'Adjustment',
    show_up_charge: 'Online booking, patient seen',
    dues_settled: 'Amount owed paid',
  },
  /** Decision 027: charges for online bookings whose patients came while the wallet could not pay. */
  owedNote: (amount: string) =>
    `${amount} is owed for online bookings whose patients were seen while the wallet was empty. Your next recharge pays it first.`,
  successTitle: 'Payment successful',
  newBalance: (balance: string) => `Your wallet balance is now ${balance}.`,
  failureTitle: 'Payment failed',
  dismiss: 'Close',
  testDialog: {
    title: 'Test payment — no real money',
    body: (amount: string) =>
      `This clinic uses the test gateway: no money moves. Choose what happens to the payment of ${amount}.`,
    pay: 'Pay',
    fail: 'Fail',
    cancel: 'Cancel',
  },
  checkoutDescription: 'Wallet recharge',
  checkoutUnavailable: 'The payment window could not be opened. Please try again.',
} as const;
