import { matchRoutes, type RouteObject } from 'react-router';
import { routes } from '../app/router';

/**
 * The lazy layouts and pages of these addresses, loaded as the router loads them on arrival.
 * A journey through several pages (each a feature of its own) loads them before its first
 * wait, so the waits are for the screen alone and not for compiling its code.
 */
export async function loadRoutes(...addresses: string[]): Promise<void> {
  const lazyRoutes = addresses.flatMap((address) =>
    (matchRoutes(routes, address) ?? []).map((match): RouteObject => match.route),
  );
  await Promise.all(lazyRoutes.map((route) => (typeof route.lazy === 'function' ? route.lazy() : null)));
}
