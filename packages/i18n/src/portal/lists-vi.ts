/** Portal catalogue, domain "lists": the shared list toolkit (sortable headers, page size) (Vietnamese). */
export const listsVi = {
  sortBy: 'Sắp xếp theo {{column}}',
  pageSize: 'Số dòng mỗi trang',
};
