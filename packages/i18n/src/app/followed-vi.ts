import type { AppFollowedMessages } from './followed-en.ts';

/** Patient app: followed screens (Vietnamese). */
export const appFollowedVi: AppFollowedMessages = {
  title: 'Người tôi theo dõi',
};
