import { Fragment, createElement, useCallback, useContext, useEffect, useRef } from 'react';
import type { RouterNavigateFunction, RouterProvider, RouterWrapperProps } from 'react-admin';
import {
  Link,
  matchPath,
  Navigate,
  Outlet,
  Route,
  Routes,
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
  useBlocker,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate as useReactRouterNavigate,
  useParams,
} from 'react-router-dom';

const pathnameOf = (to: string | { pathname?: string }) => (typeof to === 'string' ? to.split(/[?#]/)[0] : to.pathname);

/** As react-admin's: blocking needs a data router, which the panel's BrowserRouter is not, so it never blocks. */
const useCanBlock = () => {
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  const dataRouterState = useContext(UNSAFE_DataRouterStateContext);
  return Boolean(dataRouter && dataRouterState);
};

/**
 * react-router's navigate as one stable function (as react-admin's), with one rule: the root page is only ever a redirect
 * (sign-in with the stored refresh token, unknown paths), so navigating there replaces the current entry. react-admin's
 * own session check would otherwise push `/?redirect_to=…` on every reload of a protected page, and the root page's way
 * back would leave a duplicate entry that the first Back lands on.
 */
const useNavigate = () => {
  const navigate = useReactRouterNavigate();
  const latest = useRef(navigate);
  useEffect(() => {
    latest.current = navigate;
  }, [navigate]);
  return useCallback<RouterNavigateFunction>((to, options) => {
    if (typeof to === 'number') void latest.current(to);
    else void latest.current(to, pathnameOf(to) === '/' ? { ...options, replace: true } : options);
  }, []);
};

/** App.tsx always renders inside its BrowserRouter, so there is no router to create. */
const RouterWrapper = ({ children }: RouterWrapperProps) => createElement(Fragment, null, children);

/**
 * react-admin's react-router provider without its fallback router: that one (a hash router) is react-router's data
 * router, most of react-router's code, and would ship with the login page (docs/architecture.md, Architecture).
 */
export const routerProvider: RouterProvider = {
  useNavigate,
  useLocation,
  useParams: useParams as RouterProvider['useParams'],
  useBlocker: useBlocker,
  useMatch: useMatch,
  useInRouterContext,
  useCanBlock,
  Link: Link as RouterProvider['Link'],
  Navigate: Navigate as RouterProvider['Navigate'],
  Route: Route as RouterProvider['Route'],
  Routes: Routes as RouterProvider['Routes'],
  Outlet,
  RouterWrapper,
  matchPath: matchPath,
};
