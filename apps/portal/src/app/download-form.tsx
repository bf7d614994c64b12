import { useState } from 'react';
import { Alert, Button, Group } from '@mantine/core';
import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DayInput } from '@carewatch/web/day-input';
import { errorText, serverFieldErrors } from '@carewatch/web/errors';
import { notifySuccess } from './notify.ts';

/** Field → message shown on it. */
export type FieldErrors = Record<string, string>;

export interface DownloadForm<V> {
  errors: FieldErrors;
  setErrors: (errors: FieldErrors) => void;
  /** Drops one field's error (the user is fixing it). */
  clear: (field: string) => void;
  run: UseMutationResult<void, Error, V>;
}

/**
 * The state of a dialog that downloads a file the server makes (an export, a report): the errors per field (the
 * dialog's own checks, then the server's field errors), a toast and closing once saved. `download` is passed in because
 * the flows fetch differently (a GET through @carewatch/web/files, the transactions export's own POST whose errors keep
 * the server's field details).
 */
export function useDownloadForm<V = void>({
  download,
  doneKey,
  onClose,
}: {
  download: (variables: V) => Promise<void>;
  /** i18n key of the success toast. */
  doneKey: string;
  onClose: () => void;
}): DownloadForm<V> {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<FieldErrors>({});
  const run = useMutation({
    mutationFn: download,
    onSuccess: () => {
      notifySuccess(t(doneKey));
      onClose();
    },
    onError: (e) => setErrors(serverFieldErrors(t, e)),
    // The dialog shows the error itself (on its field, else in the alert of DownloadFormFooter): no global toast.
    meta: { inlineError: true },
  });
  const clear = (field: string) =>
    setErrors((e) => {
      const n = { ...e };
      delete n[field];
      return n;
    });
  return { errors, setErrors, clear, run };
}

/** The required period of a download dialog, side by side; changing a day drops that day's error. */
export function DayRangeFields<V>({
  form,
  fromLabel,
  toLabel,
  from,
  to,
  onFrom,
  onTo,
}: {
  form: DownloadForm<V>;
  fromLabel: string;
  toLabel: string;
  from: string;
  to: string;
  onFrom: (v: string) => void;
  onTo: (v: string) => void;
}) {
  return (
    <Group grow>
      <DayInput
        label={fromLabel}
        required
        value={from}
        onValue={(v) => {
          onFrom(v);
          form.clear('from');
        }}
        error={form.errors.from}
      />
      <DayInput
        label={toLabel}
        required
        value={to}
        onValue={(v) => {
          onTo(v);
          form.clear('to');
        }}
        error={form.errors.to}
      />
    </Group>
  );
}

/**
 * The end of a download dialog: the server's refusal when it names no field (field errors are shown on their fields),
 * then Cancel and the submit button, busy while the file comes.
 */
export function DownloadFormFooter<V>({
  form,
  cancelLabel,
  submitLabel,
  onCancel,
  onSubmit,
}: {
  form: DownloadForm<V>;
  cancelLabel: string;
  submitLabel: string;
  onCancel: () => void;
  onSubmit: () => void;
}) {
  const { t } = useTranslation();
  const { run } = form;
  return (
    <>
      {run.isError && Object.keys(serverFieldErrors(t, run.error)).length === 0 && (
        <Alert color="red" role="alert">
          {errorText(t, run.error)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button onClick={onSubmit} loading={run.isPending}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
