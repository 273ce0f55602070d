/** The current time, injected so tests can move it (lockouts, expiries). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
