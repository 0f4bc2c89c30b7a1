import { useCallback } from 'react';
import { reactRouterProvider, type RouterNavigateFunction, type RouterProvider } from 'react-admin';

const pathnameOf = (to: string | { pathname?: string }) => (typeof to === 'string' ? to.split(/[?#]/)[0] : to.pathname);

/**
 * react-admin's router with one rule: the root page is only ever a redirect (sign-in with the stored refresh token,
 * unknown paths), so navigating there replaces the current entry. react-admin's own session check would otherwise push
 * `/?redirect_to=…` on every reload of a protected page, and the root page's way back would leave a duplicate entry
 * that the first Back lands on.
 */
export const routerProvider: RouterProvider = {
  ...reactRouterProvider,
  useNavigate: () => {
    const navigate = reactRouterProvider.useNavigate();
    return useCallback<RouterNavigateFunction>(
      (to, options) => {
        if (typeof to === 'number') return navigate(to);
        return navigate(to, pathnameOf(to) === '/' ? { ...options, replace: true } : options);
      },
      [navigate],
    );
  },
};
