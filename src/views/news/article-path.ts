/** An article's address (spec 3 §2: `/news/{slug}`), for the news cards and the home page. */
export const articlePath = (slug: string): string => `/news/${encodeURIComponent(slug)}`;
