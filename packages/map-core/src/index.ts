export * from './cluster-style.ts';
export * from './mercator.ts';
export * from './types.ts';
