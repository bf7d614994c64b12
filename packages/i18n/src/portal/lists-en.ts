/** Portal catalogue, domain "lists": the shared list toolkit (sortable headers, page size) (English). */
export const listsEn = {
  sortBy: 'Sort by {{column}}',
  pageSize: 'Rows per page',
};
