/** A setting the server refuses to start with: its message is the one line the operator reads. */
export class ConfigError extends Error {}
