import type { IConfiguration, IForbiddenRuleType } from 'dependency-cruiser';

/** The layer rules as tests/architecture/layers.test.ts reads them. */
declare const layerRules: { forbidden: IForbiddenRuleType[]; options: NonNullable<IConfiguration['options']> };
export default layerRules;
