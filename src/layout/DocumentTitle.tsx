import { useEffect } from 'react';
import { setDocumentTitle } from '../common/documentTitle';
import { PhoneScreenTitle } from './PhoneScreenTitle';
import { useScreenTitle } from './screenTitle';

/**
 * The browser tab names the screen shown: whatever a screen puts into the app bar's title (react-admin's Title portal),
 * so that tabs, history and bookmarks tell the screens apart. On a phone the same title heads the page.
 */
export const DocumentTitle = () => {
  const title = useScreenTitle();
  useEffect(() => setDocumentTitle(title), [title]);
  return <PhoneScreenTitle title={title} />;
};
