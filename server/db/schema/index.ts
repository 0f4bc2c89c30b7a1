/** Every service's tables, one module per service that owns them; drizzle.config.ts and the `db/schema` imports read them all here. */
export * from './api-tokens';
export * from './audit';
export * from './auth';
export * from './care';
export * from './files';
export * from './mail';
export * from './shared';
