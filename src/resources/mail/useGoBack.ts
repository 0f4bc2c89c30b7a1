import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

/** Goes back in the history, or to `fallback` when the page was opened directly (no entry to go back to). */
export function useGoBack(fallback: string): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const index = (window.history.state as { idx?: number } | null)?.idx;
    if (typeof index === 'number' && index > 0) navigate(-1);
    else navigate(fallback);
  }, [navigate, fallback]);
}
