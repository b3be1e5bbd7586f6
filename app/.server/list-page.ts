import { pageSchema } from '#domain/validation/marketplace'

/**
 * The page of a list a URL asks for (`?page=N`), read by the rule the services apply (the domain's
 * pageSchema); 1 when the parameter is absent or is not a page, so a hand-edited URL shows the
 * first page instead of the service's 400.
 */
export function pageParam(url: URL): number {
  const parsed = pageSchema.safeParse({ page: url.searchParams.get('page') ?? undefined })
  return parsed.success ? parsed.data.page : 1
}
