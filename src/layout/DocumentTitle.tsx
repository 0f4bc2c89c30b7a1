import { useEffect } from 'react';
import { setDocumentTitle } from '../common/documentTitle';

/**
 * The browser tab names the screen shown: whatever a screen puts into the app bar's title (react-admin's Title portal),
 * so that tabs, history and bookmarks tell the screens apart.
 */
export const DocumentTitle = () => {
  useEffect(() => {
    const title = document.getElementById('react-admin-title');
    if (!title) return;
    const follow = () => setDocumentTitle(title.textContent);
    follow();
    const observer = new MutationObserver(follow);
    observer.observe(title, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, []);
  return null;
};
