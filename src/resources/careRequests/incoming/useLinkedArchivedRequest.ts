import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

const UID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The archived request the dialog shows: the one a link names (`?archived=<uid>`, as the notification mail of a new request
 * links it) or the one opened from a row. Closing a linked one drops the parameter, so a reload does not open it again.
 */
export function useLinkedArchivedRequest(): [string | null, (uid: string | null) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const linked = new URLSearchParams(location.search).get('archived');
  const [archived, setArchived] = useState<string | null>(linked && UID.test(linked) ? linked : null);

  const show = (uid: string | null) => {
    setArchived(uid);
    const search = new URLSearchParams(location.search);
    if (uid !== null || !search.has('archived')) return;
    search.delete('archived');
    void navigate({ pathname: location.pathname, search: search.size ? `?${search}` : '' }, { replace: true });
  };
  return [archived, show];
}
