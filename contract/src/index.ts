import type { components, operations, paths } from './schema.gen.ts';

export * from './contract-facts.ts';
export type { components, operations, paths };

/** A named schema of openapi.yaml, for example `Schema<'User'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

export type Role = components['schemas']['Role'];
export type User = components['schemas']['User'];
