/** Portal catalogue, domain "ratings" (English): ratings and reviews of doctors, reporting abusive reviews. */
export const ratingsEn = {
  nav: { ratings: 'Ratings and reviews' },
  title: 'Ratings and reviews',
  subtitle: "Patients' ratings of doctors (1 to 5 stars). A reported review is hidden from the doctor's average and the app until restored.",
  doctor: 'Doctor', allDoctors: 'All doctors', stars: 'Stars', allStars: 'All', starsOption: '{{count}} stars', reportedFilter: 'Reported',
  reportedAll: 'All', reportedYes: 'Reported', reportedNo: 'Not reported', from: 'From', to: 'To',
  table: 'Ratings', empty: 'No rating matches these filters.', total: '{{count}} ratings',
  author: 'Patient', comment: 'Comment', createdAt: 'Rated at', status: 'Status', actions: 'Actions', visible: 'Visible', reported: 'Reported',
  reportedBy: 'Reported by {{name}}: {{message}}', starsLabel: '{{count}} of 5 stars', noComment: '—',
  report: 'Report', restore: 'Restore', reportLabel: 'Report the review of {{name}}', restoreLabel: 'Restore the review of {{name}}',
  reportTitle: 'Report an abusive review', reportMessage: 'Report message', reportSubmit: 'Report', cancel: 'Cancel',
  reportedOk: 'Review reported: hidden from the average', restoredOk: 'Review restored',
  average: 'Rating', averageValue: '{{average}} / 5 ({{count}} ratings)', noRatings: 'No ratings yet',
  pagination: 'Pages', previousPage: 'Previous page', nextPage: 'Next page', firstPage: 'First page', lastPage: 'Last page', page: 'Page {{n}}',
};
