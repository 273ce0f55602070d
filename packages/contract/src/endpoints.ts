import type { Endpoint } from './endpoint';
import { leadEndpoints } from './leads';
import { referralEndpoints } from './referrals';

/**
 * Every endpoint defined in the contract (decision 039), for the checks that walk them all.
 * The web app imports each group from its own file, so a page loads only its calls.
 */
export const contractEndpoints: Record<string, Endpoint> = Object.fromEntries(
  Object.entries({ leads: leadEndpoints, referrals: referralEndpoints }).flatMap(([group, endpoints]) =>
    Object.entries(endpoints).map(([name, definition]) => [`${group}.${name}`, definition as Endpoint]),
  ),
);
