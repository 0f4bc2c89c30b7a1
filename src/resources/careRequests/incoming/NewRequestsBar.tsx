import { useListContext } from 'react-admin';
import { NewRequestsNote } from '../live/NewRequestsNote';

/** The list's "3 new requests — show": show goes to the first page, where the newest are, and reloads it. */
export const NewRequestsBar = ({ count, onShow }: { count: number; onShow: () => void }) => {
  const { setPage } = useListContext();
  const show = () => {
    setPage(1);
    onShow();
  };
  return <NewRequestsNote count={count} onShow={show} />;
};
