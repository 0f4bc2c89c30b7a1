/** What the server publishes at /config.json and the panel reads at start: one base URL per agency service. */
export interface RuntimeConfig {
  authUrl: string;
  mailUrl: string;
  filesUrl: string;
  pricingUrl: string;
  careUrl: string;
  intakeUrl: string;
  auditUrl: string;
  /** Not a service: the agency's website (the default origin of the create-care-request stepper); optional. */
  agencyWebsite?: string;
}
