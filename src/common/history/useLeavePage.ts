import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * Whether this tab holds an earlier panel page to go back to. The BrowserRouter numbers the entries it creates in
 * history.state.idx (0 for the page the panel was opened on; kept across reloads), and redirects replace entries
 * instead of adding them, so every earlier entry is a page the user saw.
 */
export function hasEarlierPanelPage(): boolean {
  const index = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof index === 'number' && index > 0;
}

/**
 * Leaves the current page: back to the earlier panel page, or, when the page was opened directly (link, bookmark,
 * new tab), to `fallback` in place of the current entry.
 */
export function useLeavePage(fallback: string): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    if (hasEarlierPanelPage()) void navigate(-1);
    else void navigate(fallback, { replace: true });
  }, [navigate, fallback]);
}
