/**
 * A web address as the care request's origin: an http(s) address with a host, or a bare host ("www.example.org", read
 * as https://www.example.org, as the agency's older web forms send it). The text is held to a strict pattern before a
 * URL parser sees it: browsers' parsers repair different things than Node's (Chromium takes "https://not a url" and
 * escapes the blanks, Node refuses it), so only what both parse alike gets through and the panel agrees with the intake.
 */

/** Underscores too: not valid in DNS host names, yet found in real ones, and both URL parsers take them. */
const LABEL = '[\\p{L}\\p{N}_](?:[\\p{L}\\p{M}\\p{N}_-]*[\\p{L}\\p{M}\\p{N}_])?';
/**
 * The last label starts with a letter: one of digits would make the URL parser read the host as an IPv4 address. A final
 * dot (the fully qualified form) is allowed.
 */
const DOMAIN = `(?:${LABEL}\\.)*\\p{L}(?:[\\p{L}\\p{M}\\p{N}_-]*[\\p{L}\\p{M}\\p{N}_])?\\.?`;
const OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
const IPV4 = `${OCTET}(?:\\.${OCTET}){3}`;
const IPV6 = '\\[[0-9a-f:.]+\\]';
/** No blanks, control characters or backslashes anywhere: parsers drop, escape or turn them into slashes. */
const REST = '[/?#][^\\s\\p{Cc}\\\\]*';

const WEB_ADDRESS = new RegExp(`^(?:https?://)?(?:${IPV4}|${IPV6}|${DOMAIN})(?::([0-9]{1,5}))?(?:${REST})?$`, 'iu');
const ASCII_LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;
const MAX_PORT = 65535;
const MAX_HOST_LENGTH = 253;

/** A domain fits DNS once in its ASCII form (an IDN's labels are counted after Punycode). */
function fitsDns(hostname: string): boolean {
  if (hostname.startsWith('[') || /^[0-9.]+$/.test(hostname)) return true;
  return hostname.length <= MAX_HOST_LENGTH && hostname.split('.').every((label) => ASCII_LABEL.test(label));
}

/** The lower-cased host name (Punycode for an IDN, without a final dot) of a web address, or null when the text is none. */
export function hostOf(address: string): string | null {
  const match = WEB_ADDRESS.exec(address);
  if (!match || (match[1] !== undefined && Number(match[1]) > MAX_PORT)) return null;
  try {
    const url = new URL(/^https?:\/\//i.test(address) ? address : `https://${address}`);
    const hostname = url.hostname.toLowerCase().replace(/\.$/, '');
    return hostname && fitsDns(hostname) ? hostname : null;
  } catch {
    return null;
  }
}

export const isWebAddress = (address: string): boolean => hostOf(address) !== null;

/** The intake's reason for an origin that is no web address (the panel shows its own message for it). */
export const WEB_ADDRESS_DETAIL = 'must be a web address such as https://www.example.org';
