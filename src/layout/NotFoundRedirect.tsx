import { Navigate } from 'react-router-dom';

/** Any unknown path redirects to / (the root page then signs in or opens /login). */
export const NotFoundRedirect = () => <Navigate to="/" replace />;
