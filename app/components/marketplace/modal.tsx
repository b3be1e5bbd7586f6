/** The company and driver posting pages call the shared URL-state modal UrlDialog. */
export { Modal as UrlDialog } from '#app/components/url-modal'
