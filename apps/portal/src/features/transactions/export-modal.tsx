import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, NativeSelect, SimpleGrid, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  EXPORT_CHANNELS,
  TRANSACTION_EXPORT_COLUMNS,
  ZTransactionExportRequest,
  type TTransactionExportColumn,
} from '@carewatch/contracts/transactions';
import { DayInput } from '@carewatch/web/day-input';
import { errorText, serverFieldErrors } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { downloadPost, transactions } from './transactions-shared.tsx';
import {
  DEFAULT_EXPORT_ATTRIBUTES,
  exportBody,
  exportErrors,
  orderedColumns,
  selectAllBox,
} from './transactions-rules.ts';

/**
 * Export dialog (spec §5: payment channel, dates and at least one attribute are required): validated inline with the
 * contract's schema before sending; the server's field errors are shown on their fields too. Downloads the .xlsx.
 */
export function ExportModal({
  onClose,
  initial,
}: {
  onClose: () => void;
  initial: { from?: string | undefined; to?: string | undefined; channel?: string | undefined };
}) {
  const { t } = useTranslation();
  const [channel, setChannel] = useState(initial.channel ?? '');
  const [from, setFrom] = useState(initial.from ?? '');
  const [to, setTo] = useState(initial.to ?? '');
  const [attributes, setAttributes] = useState<TTransactionExportColumn[]>(() => [...DEFAULT_EXPORT_ATTRIBUTES]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const run = useMutation({
    mutationFn: (body: unknown) => downloadPost(transactions.exportUrl, body, 'transactions.xlsx'),
    onSuccess: () => {
      notifySuccess(t('transactions.export.done'));
      onClose();
    },
    onError: (e) => setErrors(serverFieldErrors(t, e)),
    meta: { inlineError: true },
  });
  const clear = (field: string) =>
    setErrors((e) => {
      const n = { ...e };
      delete n[field];
      return n;
    });

  const submit = () => {
    const parsed = ZTransactionExportRequest.safeParse(exportBody({ channel, from, to, attributes }));
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(Object.entries(exportErrors(parsed.error.issues, from, to)).map(([k, key]) => [k, t(key)])),
      );
      return;
    }
    run.mutate(parsed.data);
  };
  const box = selectAllBox(attributes);

  return (
    <Modal opened onClose={onClose} title={t('transactions.export.title')} size="lg">
      <Stack>
        <NativeSelect
          label={t('transactions.export.channel')}
          required
          value={channel}
          error={errors.channel}
          onChange={(e) => {
            setChannel(e.currentTarget.value);
            clear('channel');
          }}
          data={[
            { value: '', label: t('transactions.export.chooseChannel'), disabled: true },
            ...EXPORT_CHANNELS.map((c) => ({ value: c, label: t(`transactions.channels.${c}`) })),
          ]}
        />
        <Group grow>
          <DayInput
            label={t('transactions.export.from')}
            required
            value={from}
            onValue={(v) => {
              setFrom(v);
              clear('from');
            }}
            error={errors.from}
          />
          <DayInput
            label={t('transactions.export.to')}
            required
            value={to}
            onValue={(v) => {
              setTo(v);
              clear('to');
            }}
            error={errors.to}
          />
        </Group>
        <Checkbox
          label={t('transactions.export.selectAll')}
          checked={box.checked}
          indeterminate={box.indeterminate}
          onChange={(e) => {
            setAttributes(e.currentTarget.checked ? [...TRANSACTION_EXPORT_COLUMNS] : []);
            clear('attributes');
          }}
        />
        <Checkbox.Group
          label={t('transactions.export.attributes')}
          description={t('transactions.export.attributesHint')}
          withAsterisk
          error={errors.attributes}
          value={attributes}
          onChange={(v) => {
            setAttributes(orderedColumns(v));
            clear('attributes');
          }}
        >
          <SimpleGrid cols={3} mt="xs">
            {TRANSACTION_EXPORT_COLUMNS.map((c) => (
              <Checkbox key={c} value={c} label={t(`transactions.attributes.${c}`)} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        {run.isError && Object.keys(serverFieldErrors(t, run.error)).length === 0 && (
          <Alert color="red" role="alert">
            {errorText(t, run.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('transactions.export.cancel')}
          </Button>
          <Button onClick={submit} loading={run.isPending}>
            {t('transactions.export.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
