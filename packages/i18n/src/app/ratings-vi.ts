import type { AppRatingsMessages } from './ratings-en.ts';

/** Patient app: đánh giá bác sĩ (Vietnamese). */
export const appRatingsVi: AppRatingsMessages = {
  title: 'Đánh giá bác sĩ',
  titleFor: 'Đánh giá {{name}}',
  starsGroup: 'Số sao',
  star: '{{count}} sao',
  comment: 'Nhận xét (không bắt buộc)',
  commentHint: 'Tối đa 1000 ký tự.',
  save: 'Gửi đánh giá',
  update: 'Cập nhật đánh giá',
  saved: 'Cảm ơn bạn: đánh giá đã được lưu.',
  pickStars: 'Hãy chọn từ 1 đến 5 sao.',
  yours: 'Đánh giá của bạn: {{count}}/5 sao',
  summary: '{{average}} / 5 · {{count}} đánh giá',
  noRatings: 'Chưa có đánh giá',
  reviews: 'Nhận xét',
  showReviews: 'Đánh giá và nhận xét',
  hideReviews: 'Ẩn nhận xét',
  noReviews: 'Chưa có nhận xét nào.',
  anonymous: 'Một bệnh nhân',
  starsLabel: '{{count}}/5 sao',
  needRelationship: 'Bạn có thể đánh giá bác sĩ này khi họ là bác sĩ của bạn hoặc sau một lần khám đã hoàn thành.',
};
