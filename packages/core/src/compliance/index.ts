export * from './types.ts';
export * from './repository-url.ts';
export * from './target.ts';
export * from './evaluate.ts';
export * from './wait.ts';
export * from './cluster-inventory.ts';
export * from './status-evidence.ts';
export * from './combined-source.ts';
