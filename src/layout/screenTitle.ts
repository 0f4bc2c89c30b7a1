import { useEffect, useState } from 'react';

/**
 * The title the screen shown puts into the app bar (react-admin's Title portal, `#react-admin-title`), following it as
 * the screen changes it.
 */
export function useScreenTitle(): string {
  const [title, setTitle] = useState('');
  useEffect(() => {
    const portal = document.getElementById('react-admin-title');
    if (!portal) return;
    const follow = () => setTitle(portal.textContent?.trim() ?? '');
    follow();
    const observer = new MutationObserver(follow);
    observer.observe(portal, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, []);
  return title;
}
