import { pageTitles } from '@vaidya/contract/app-screens';
import {
  bookingsScreen,
  type PageIntro,
  paymentScreen,
  qrCodeScreen,
  referralsScreen,
  scheduleScreen,
  settingsScreen,
} from '@vaidya/contract/page-intros';
import { type RouteObject, replace } from 'react-router';
import { askEarly, publicDocumentPaths } from '../components/documents/public-document-request';
import { paths } from '../lib/paths';
import { isLoggedIn } from '../lib/session';
import { ArrivalLoading } from './page-loading';
import { RootLayout, type RouteHandle } from './root-layout';
import { RouteError } from './route-error';

function redirectSignedInToDashboard() {
  return isLoggedIn() ? replace(paths.dashboardHome) : null;
}

function requireSignIn() {
  return isLoggedIn() ? null : replace(paths.signIn);
}

/**
 * Signed in, a dashboard page's data is asked for as the navigation starts, beside the
 * download of its code, rather than once the page has rendered (decision 035).
 */
async function askForClinic() {
  return requireSignIn() ?? (await import('./dashboard-arrival')).askForClinic();
}

async function askForBookingsScreen() {
  return (await import('./bookings-arrival')).askForBookingsScreen();
}

async function loadLandingLeadDialog() {
  return (await import('./landing-lead-dialog')).LandingLeadDialog;
}

/**
 * What the browser tab calls a page (root-layout.tsx; null is the brand alone), and for a
 * dashboard page that introduces itself, its heading and line for the arrival screen.
 */
const titled = (title: string | null, intro?: PageIntro): RouteHandle => ({ title, intro });

/**
 * The route table of spec §2. Every page and every layout is `lazy`, so a visitor of a
 * public page never downloads dashboard code, and the router fetches a layout and its
 * page in parallel rather than one after the other. The landing page sits outside the
 * app shell: it is drawn without MUI, so its first visit costs React and the router
 * alone (decision 015). Each route's `handle` names its page in the browser tab; the
 * treatment-masters route has none, as its list names itself.
 */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: ArrivalLoading,
    ErrorBoundary: RouteError,
    children: [
      {
        path: paths.landing,
        handle: titled(null),
        loader: redirectSignedInToDashboard,
        lazy: async () => {
          const { LandingPage } = await import('../features/public/landing-page');
          return { element: <LandingPage loadLeadDialog={loadLandingLeadDialog} /> };
        },
      },
      {
        // The clinic's booking website, outside the app shell like the landing page; without
        // a domain it is the clinic whose custom domain the page was opened on.
        path: '/site/:domain?',
        lazy: async () => ({ Component: (await import('../features/site/site-page')).SitePage }),
      },
      {
        // The waiting-room TV, full screen and outside the app shell like the booking website.
        path: paths.tv,
        lazy: async () => ({ Component: (await import('../features/tv/tv-page')).TvPage }),
      },
      {
        // The links patients open on their phones: outside the app shell like the booking
        // website, drawn without MUI, the document asked for while the page's code is on
        // its way (decision 032).
        path: '/prescription/:id',
        handle: titled(pageTitles.prescription),
        loader: askEarly(publicDocumentPaths.prescription),
        lazy: async () => ({
          Component: (await import('../features/prescriptions/prescription-view-page')).PrescriptionViewPage,
        }),
      },
      {
        path: '/bill/:id',
        handle: titled(pageTitles.bill),
        loader: askEarly(publicDocumentPaths.bill),
        lazy: async () => ({
          Component: (await import('../features/bill-view/bill-view-page')).BillViewPage,
        }),
      },
      {
        path: '/estimate/:id',
        handle: titled(pageTitles.estimate),
        loader: askEarly(publicDocumentPaths.estimate),
        lazy: async () => ({
          Component: (await import('../features/dental/estimate-view-page')).EstimateViewPage,
        }),
      },
      {
        lazy: async () => ({ Component: (await import('./app-shell')).AppShell }),
        children: [
          {
            lazy: async () => ({ Component: (await import('./public-layout')).PublicLayout }),
            children: [
              {
                path: paths.contactUs,
                handle: titled(pageTitles.contactUs),
                lazy: async () => ({
                  Component: (await import('../features/public/contact-us-page')).ContactUsPage,
                }),
              },
              {
                path: paths.signIn,
                handle: titled(pageTitles.signIn),
                lazy: async () => ({
                  Component: (await import('../features/identity/signin-page')).SignInPage,
                }),
              },
              {
                path: paths.signUp,
                handle: titled(pageTitles.signUp),
                lazy: async () => ({
                  Component: (await import('../features/identity/sign-up-page')).SignUpPage,
                }),
              },
              {
                path: paths.resetPassword,
                handle: titled(pageTitles.resetPassword),
                lazy: async () => ({
                  Component: (await import('../features/identity/reset-password-page')).ResetPasswordPage,
                }),
              },
              {
                path: paths.newPassword,
                handle: titled(pageTitles.newPassword),
                lazy: async () => ({
                  Component: (await import('../features/identity/new-password-page')).NewPasswordPage,
                }),
              },
            ],
          },
          {
            path: '/prescription-preview/:id',
            handle: titled(pageTitles.prescription),
            loader: askEarly(publicDocumentPaths.prescription),
            lazy: async () => ({
              Component: (await import('../features/prescriptions/prescription-preview-page'))
                .PrescriptionPreviewPage,
            }),
          },
          {
            path: '/bill-preview/:id',
            handle: titled(pageTitles.bill),
            loader: askEarly(publicDocumentPaths.bill),
            lazy: async () => ({
              Component: (await import('../features/bill-view/bill-preview-page')).BillPreviewPage,
            }),
          },
          {
            // A treatment plan as an estimate, outside the dashboard's layout like the receipt; the
            // page names the browser tab itself, so the dental words stay out of the entry.
            path: '/dashboard/patients/:patientId/plans/:planId/estimate',
            loader: requireSignIn,
            lazy: async () => ({
              Component: (await import('../features/dental/estimate-page')).EstimatePage,
            }),
          },
          {
            // Outside the dashboard's layout, like the bill preview, so only the sheet is printed.
            path: `${paths.receipt}/:id`,
            loader: requireSignIn,
            handle: titled(pageTitles.receipt),
            lazy: async () => ({
              Component: (await import('../features/bill-view/receipt-page')).ReceiptPage,
            }),
          },
          {
            path: '/dashboard',
            loader: askForClinic,
            lazy: async () => ({ Component: (await import('./dashboard-layout')).DashboardLayout }),
            children: [
              { index: true, loader: () => replace(paths.dashboardHome), element: null },
              {
                lazy: async () => ({ Component: (await import('./wallet-guard')).WalletGuard }),
                children: [
                  {
                    path: 'bookings',
                    handle: titled(pageTitles.bookings, bookingsScreen),
                    loader: askForBookingsScreen,
                    lazy: async () => ({
                      Component: (await import('../features/bookings/bookings-page')).BookingsPage,
                    }),
                  },
                  {
                    path: 'schedule',
                    handle: titled(pageTitles.schedule, scheduleScreen),
                    lazy: async () => ({
                      Component: (await import('../features/schedule/schedule-page')).SchedulePage,
                    }),
                  },
                  {
                    // The owner's pages (issue 23): another role is told they are not for them.
                    lazy: async () => ({
                      Component: (await import('./role-guard')).AdministrationGuard,
                    }),
                    children: [
                      {
                        path: 'settings',
                        handle: titled(pageTitles.settings, settingsScreen),
                        lazy: async () => ({
                          Component: (await import('../features/settings/settings-page')).SettingsPage,
                        }),
                      },
                      {
                        path: 'settings/staff',
                        handle: titled(pageTitles.staff),
                        lazy: async () => ({
                          Component: (await import('../features/staff/staff-page')).StaffPage,
                        }),
                      },
                    ],
                  },
                ],
              },
              {
                // Everyone's own doctor profile; an owner's of anyone on the staff (issue 23).
                path: 'settings/profile',
                handle: titled(pageTitles.doctorProfile),
                lazy: async () => ({
                  Component: (await import('../features/staff/profile-page')).ProfilePage,
                }),
              },
              {
                path: 'patients',
                handle: titled(pageTitles.patients),
                lazy: async () => ({
                  Component: (await import('../features/patients/patients-page')).PatientsPage,
                }),
              },
              {
                path: 'patients/duplicates',
                handle: titled(pageTitles.patientDuplicates),
                lazy: async () => ({
                  Component: (await import('../features/patients/patient-duplicates-page'))
                    .PatientDuplicatesPage,
                }),
              },
              {
                path: 'patients/:id',
                handle: titled(pageTitles.patient),
                lazy: async () => ({
                  Component: (await import('../features/patients/patient-page')).PatientPage,
                }),
                children: [
                  {
                    // A dental clinic's view of the patient: the chart and the treatment plans (issue 22).
                    path: 'dental',
                    lazy: async () => ({
                      Component: (await import('../features/dental/dental-tab')).DentalTab,
                    }),
                  },
                  {
                    // The acts on the patient's records, for owners and doctors (issue 23).
                    path: 'audit',
                    lazy: async () => ({
                      Component: (await import('../features/audit/patient-audit-tab')).PatientAuditTab,
                    }),
                  },
                ],
              },
              {
                lazy: async () => ({ Component: (await import('./role-guard')).AdministrationGuard }),
                children: [
                  {
                    path: 'referrals',
                    handle: titled(pageTitles.referrals, referralsScreen),
                    lazy: async () => ({
                      Component: (await import('../features/referrals/referrals-page')).ReferralsPage,
                    }),
                  },
                  {
                    path: 'payment',
                    handle: titled(pageTitles.payment, paymentScreen),
                    lazy: async () => ({
                      Component: (await import('../features/payment/payment-page')).PaymentPage,
                    }),
                  },
                  {
                    path: 'qrcode',
                    handle: titled(pageTitles.qrCode, qrCodeScreen),
                    lazy: async () => ({
                      Component: (await import('../features/qrcode/qrcode-page')).QrCodePage,
                    }),
                  },
                ],
              },
              {
                path: 'prescription-masters',
                handle: titled(pageTitles.prescriptionMasters),
                lazy: async () => ({
                  Component: (await import('../features/masters/prescription-masters-page'))
                    .PrescriptionMastersPage,
                }),
              },
              {
                path: 'treatment-masters',
                lazy: async () => ({
                  Component: (await import('../features/masters/treatment-masters-page'))
                    .TreatmentMastersPage,
                }),
              },
              {
                // Writing prescriptions is a doctor's or the owner's (issue 23).
                lazy: async () => ({ Component: (await import('./role-guard')).ClinicalRecordsGuard }),
                children: [
                  {
                    path: 'consultation',
                    handle: titled(pageTitles.consultation),
                    lazy: async () => ({
                      Component: (await import('../features/consultation/consultation-page'))
                        .ConsultationPage,
                    }),
                  },
                ],
              },
              {
                path: 'bills',
                handle: titled(pageTitles.bills),
                lazy: async () => ({ Component: (await import('../features/bills/bills-page')).BillsPage }),
              },
              {
                path: 'audit',
                handle: titled(pageTitles.auditTrail),
                lazy: async () => ({ Component: (await import('../features/audit/audit-page')).AuditPage }),
              },
              {
                // The owner's and doctors' reports (issue 24): a view each, loaded when opened.
                lazy: async () => ({ Component: (await import('./role-guard')).ReportsGuard }),
                children: [
                  {
                    path: 'reports',
                    handle: titled(pageTitles.reports),
                    lazy: async () => ({
                      Component: (await import('../features/reports/reports-page')).ReportsPage,
                    }),
                    children: [
                      {
                        index: true,
                        loader: ({ request }) =>
                          replace(`${paths.reports}/collections${new URL(request.url).search}`),
                        element: null,
                      },
                      {
                        path: 'collections',
                        lazy: async () => ({
                          Component: (await import('../features/reports/collections-report'))
                            .CollectionsReport,
                        }),
                      },
                      {
                        path: 'dues',
                        lazy: async () => ({
                          Component: (await import('../features/reports/dues-report')).DuesReport,
                        }),
                      },
                      {
                        path: 'visits',
                        lazy: async () => ({
                          Component: (await import('../features/reports/visits-report')).VisitsReport,
                        }),
                      },
                      {
                        path: 'treatments',
                        lazy: async () => ({
                          Component: (await import('../features/reports/treatments-report')).TreatmentsReport,
                        }),
                      },
                    ],
                  },
                ],
              },
              {
                // Every role closes the location's day (issue 24); reopening is the owner's.
                path: 'day-close',
                handle: titled(pageTitles.dayClose),
                lazy: async () => ({
                  Component: (await import('../features/day-close/day-close-page')).DayClosePage,
                }),
              },
              {
                path: 'bill-editor',
                handle: titled(pageTitles.billEditor),
                lazy: async () => ({
                  Component: (await import('../features/bills/bill-editor-page')).BillEditorPage,
                }),
              },
            ],
          },
        ],
      },
      // Redirect-only routes: `element: null` says so, as their loaders never let them render.
      { path: '*', loader: () => replace(isLoggedIn() ? paths.dashboardHome : paths.landing), element: null },
    ],
  },
];
