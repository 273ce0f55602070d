import { addressHost, siteHost } from '@vaidya/contract/partner-settings';

/**
 * Whether a host (lower-case, no port) is the app's own, PUBLIC_URL's, with or without `www.`:
 * its front door, never a clinic's website (decision 028). Without a PUBLIC_URL no host is
 * named here: the app then answers at localhost or an address, which no clinic's domain can be.
 */
export function appHostCheck(publicUrl: string | undefined): (host: string) => boolean {
  const appHost = publicUrl ? addressHost(publicUrl) : undefined;
  const appSite = appHost === undefined ? undefined : siteHost(appHost);
  return (host) => siteHost(host) === appSite;
}
