export const signInPath = '/signin';
export const dashboardHomePath = '/dashboard/bookings';
