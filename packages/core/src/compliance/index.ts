export * from './types.ts';
export * from './repository-url.ts';
export * from './target.ts';
export * from './evaluate.ts';
export * from './wait.ts';
