/**
 * The contract modules the light pages import with `?light` (build/light-contract-plugin.ts):
 * each export as the plugin makes it, typed from the contract's own.
 */
declare module '@vaidya/contract/site?light' {
  export const siteEndpoints: import('./lib/light-api').LightEndpoints<
    typeof import('@vaidya/contract/site').siteEndpoints
  >;
}

declare module '@vaidya/contract/bookings?light' {
  export const bookingEndpoints: import('./lib/light-api').LightEndpoints<
    typeof import('@vaidya/contract/bookings').bookingEndpoints
  >;
}

declare module '@vaidya/contract/tv?light' {
  export const tvEndpoints: import('./lib/light-api').LightEndpoints<
    typeof import('@vaidya/contract/tv').tvEndpoints
  >;
  export const tvDisplayResponse: import('./lib/light-api').LightAnswer<
    typeof import('@vaidya/contract/tv').tvDisplayResponse
  >;
}
