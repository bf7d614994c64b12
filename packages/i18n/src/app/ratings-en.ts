/** Patient app: rating a doctor (1 to 5 stars, a comment) after a visit or from the doctor's profile (English). */
export const appRatingsEn = {
  title: 'Rate your doctor',
  titleFor: 'Rate {{name}}',
  starsGroup: 'Stars',
  star: '{{count}} stars',
  comment: 'Comment (optional)',
  commentHint: 'At most 1000 characters.',
  save: 'Send rating',
  update: 'Update rating',
  saved: 'Thank you: your rating was saved.',
  pickStars: 'Choose from 1 to 5 stars.',
  yours: 'Your rating: {{count}} of 5 stars',
  summary: '{{average}} / 5 · {{count}} ratings',
  noRatings: 'No ratings yet',
  reviews: 'Reviews',
  showReviews: 'Ratings and reviews',
  hideReviews: 'Hide reviews',
  noReviews: 'No reviews yet.',
  anonymous: 'A patient',
  starsLabel: '{{count}} of 5 stars',
  needRelationship: 'You can rate this doctor once they are your doctor or after a completed visit.',
};
export type AppRatingsMessages = typeof appRatingsEn;
