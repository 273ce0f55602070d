/** Words of the website QR code page (/dashboard/qrcode, spec §2 "Website QR code page"). */
export const qrCodePageTexts = {
  linksTo: 'This QR code links to your website address:',
  imageAlt: (address: string) => `QR code of ${address}`,
  download: 'Download QR Code',
  /** The saved file: the clinic's name, then what it is. */
  fileName: (clinicSlug: string) => `${clinicSlug}-qr-code.png`,
  printHint: 'Print it at 3 cm across or larger, and place it where patients wait or at the front desk.',
  making: 'Making your QR code…',
  makeFailed: 'The QR code could not be made. Please try again.',
  retry: 'Try again',
  noWebsiteTitle: 'Your website has no name yet',
  noWebsite: 'Set your website name in Settings; your QR code will then link to your booking website.',
  openSettings: 'Open Settings',
} as const;
