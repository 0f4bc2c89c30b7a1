/** The browser tab's title for a screen: "Failed Deliveries · Caredesk", or the product alone without a screen name. */
export const APP_NAME = 'Caredesk';

export function setDocumentTitle(screen: string | null | undefined): void {
  const name = screen?.trim();
  document.title = name ? `${name} · ${APP_NAME}` : APP_NAME;
}
