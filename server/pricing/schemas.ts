/** The pricing service's wire shapes: so far only what it tells a caller about its own API token. */
export { TokenInfo } from '../api-tokens/schemas';
