import { isApiError } from '@carewatch/api-client/client';
import { notifications } from '@mantine/notifications';
import i18n from 'i18next';

export function notifySuccess(message: string): void {
  notifications.show({ color: 'green', title: i18n.t('toast.successTitle'), message, autoClose: 4000 });
}

/** Global handling of errors that the page does not show inline (spec §8 toasts). */
export function notifyError(error: unknown): void {
  const t = i18n.t.bind(i18n);
  if (isApiError(error)) {
    if (error.status === 401 || error.code === 'LOGGED_IN_ELSEWHERE' || error.code === 'PERMISSIONS_CHANGED') return; // session-end handler
    if (error.status === 502) {
      notifications.show({
        id: 'maintenance',
        color: 'orange',
        title: t('toast.errorTitle'),
        message: t('errorFallback.unavailable'),
      });
      return;
    }
  }
  notifications.show({ color: 'red', title: t('toast.errorTitle'), message: t('errorFallback.generic') });
}
