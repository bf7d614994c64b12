import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from './errors.ts';

/** A video visit's problems: a call that failed to start (its error code's text), and the call's own state (ended, lost…). */
export function VideoCallAlerts({ failure, error }: { failure: unknown; error: string | null | undefined }) {
  const { t } = useTranslation();
  return (
    <>
      {failure ? (
        <Alert color="red" role="alert">
          {errorText(t, failure)}
        </Alert>
      ) : null}
      {error && (
        <Alert color={error === 'call_ended' ? 'blue' : 'orange'} role="alert">
          {t(`video.errors.${error}`)}
        </Alert>
      )}
    </>
  );
}
