/**
 * The rows page `page` of `pageSize` rows shows of `total`, counted from 1 ("51–100 of 10,000"), and
 * the last page (1 at least); null when one page holds every row, so no page links are shown.
 */
export function pageSpan(
  page: number,
  total: number,
  pageSize: number,
): { first: number; last: number; lastPage: number } | null {
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  if (lastPage === 1 && page === 1) return null;
  return { first: (page - 1) * pageSize + 1, last: Math.min(total, page * pageSize), lastPage };
}
