import { useState } from 'react';
import { Checkbox, Modal, NativeSelect, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  EXPORT_CHANNELS,
  TRANSACTION_EXPORT_COLUMNS,
  ZTransactionExportRequest,
  type TTransactionExportColumn,
} from '@carewatch/contracts/transactions';
import { DayRangeFields, DownloadFormFooter, useDownloadForm } from '../../app/download-form.tsx';
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
  const form = useDownloadForm({
    download: (body: unknown) => downloadPost(transactions.exportUrl, body, 'transactions.xlsx'),
    doneKey: 'transactions.export.done',
    onClose,
  });
  const { errors, setErrors, clear } = form;

  const submit = () => {
    const parsed = ZTransactionExportRequest.safeParse(exportBody({ channel, from, to, attributes }));
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(Object.entries(exportErrors(parsed.error.issues, from, to)).map(([k, key]) => [k, t(key)])),
      );
      return;
    }
    form.run.mutate(parsed.data);
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
        <DayRangeFields
          form={form}
          fromLabel={t('transactions.export.from')}
          toLabel={t('transactions.export.to')}
          from={from}
          to={to}
          onFrom={setFrom}
          onTo={setTo}
        />
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
        <DownloadFormFooter
          form={form}
          cancelLabel={t('transactions.export.cancel')}
          submitLabel={t('transactions.export.submit')}
          onCancel={onClose}
          onSubmit={submit}
        />
      </Stack>
    </Modal>
  );
}
