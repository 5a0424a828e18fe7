import type { Clock } from '@kalypso/core';

/** The real clock, for the actions' composition roots (the core never reads time by itself). */
export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
