/**
 * The one web-platform global the contracts use, declared here because contracts/ compiles without the DOM's and Node's
 * types (neither half's globals may creep in): both the browser and Node provide the WHATWG URL.
 */
declare class URL {
  constructor(url: string, base?: string);
  readonly hostname: string;
}
