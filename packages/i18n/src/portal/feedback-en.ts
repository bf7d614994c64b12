/** Portal catalogue, domain "feedback" (English): the app's feedback, its image, marking it handled. */
export const feedbackEn = {
  nav: { feedback: 'Feedback' },
  title: 'Feedback',
  subtitle: 'Error reports and suggestions sent from the patient app.',
  kind: 'Type', category: 'Category', handled: 'Handled', all: 'All', handledYes: 'Handled', handledNo: 'Not handled',
  kinds: { ERROR: 'Error', IMPROVE: 'Improvement' },
  categories: { SOFTWARE: 'Software', HARDWARE: 'Hardware', SERVICE: 'Service' },
  table: 'Feedback', empty: 'No feedback matches these filters.', total: '{{count}} feedback',
  createdAt: 'Sent at', sender: 'Sender', description: 'Description', suggestion: 'Suggestion', status: 'Status', image: 'Image',
  open: 'Open the feedback from {{name}}', anonymous: 'Deleted account', none: '—',
  detailTitle: 'Feedback', back: 'Back to the list', notFound: 'This feedback does not exist.',
  openImage: 'Open the image in a new tab', imageAlt: 'Picture attached to the feedback', noImage: 'No picture attached', imageFailed: 'The picture could not be loaded.',
  markHandled: 'Mark handled', handledOk: 'Feedback marked handled', handledBy: 'Handled by {{name}} on {{at}}', notHandled: 'Not handled yet',
  contact: 'Contact',
  pagination: 'Pages', previousPage: 'Previous page', nextPage: 'Next page', firstPage: 'First page', lastPage: 'Last page', page: 'Page {{n}}',
};
