import { Route } from 'react-router-dom';
import apiTokens from '../apiTokens';
import files, { filesPaths } from './index';

/** The routes of the file search and the two API-token screens (inside the layout). */
export const filesRoutes = [
  <Route key="files-search" path={filesPaths.search} element={<files.search />} />,
  <Route key="files-api-keys" path={filesPaths.fileTokens} element={<apiTokens.filebucket />} />,
  <Route key="pricing-api-keys" path={filesPaths.pricingTokens} element={<apiTokens.pricing />} />,
];

