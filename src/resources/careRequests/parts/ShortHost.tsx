import { OneLineText } from '../../../common/OneLineText';

/** The host as people name a website: without its "www." (www.pflege-beispiel.de -> pflege-beispiel.de). */
export const shortHost = (host: string) => host.replace(/^www\./i, '');

/** A host in one line of a list: named without "www.", the whole host in a tooltip on hover and on keyboard focus. */
export const ShortHost = ({ host }: { host: string }) => (
  <OneLineText text={shortHost(host)} whole={host} testId="short-host" />
);
