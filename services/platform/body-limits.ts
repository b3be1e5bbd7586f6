/** Request body limits shared by the services (services/app.ts) and the pages (server.ts). */
/** JSON and urlencoded bodies are small. */
export const JSON_BODY_LIMIT = 64 * 1024
/** Multipart uploads; routes with smaller files check their own, smaller limit too. */
export const MULTIPART_BODY_LIMIT = 12 * 1024 * 1024
