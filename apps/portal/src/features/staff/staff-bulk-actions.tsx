import { useState } from 'react';
import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DISABLE_PERIODS, type TDisablePeriod } from '@carewatch/contracts/lifecycle';
import { errorText } from '@carewatch/web/errors';
import { BulkBar, notifyBulkResult, type BulkSelection } from '../../app/bulk-selection.tsx';
import { staff, staffKeys } from './staff-shared.tsx';

/**
 * The staff list's bulk action (issue 20): disable the selected accounts for a period, with the single disable's
 * rules per account (not oneself, nobody above one's own permissions). The answer is summed up in a toast; the
 * selection is cleared and the list refetched.
 */
export function StaffBulkActions({ sel }: { sel: BulkSelection }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [period, setPeriod] = useState<TDisablePeriod>('3d');
  const [reason, setReason] = useState('');
  const ids = sel.ids;
  const run = useMutation({
    mutationFn: () => staff.bulkDisable({ userIds: ids, period, ...(reason.trim() ? { reason: reason.trim() } : {}) }),
    onSuccess: async (r) => {
      setOpen(false);
      notifyBulkResult(t, r);
      sel.clear();
      await queryClient.invalidateQueries({ queryKey: staffKeys.all });
    },
    meta: { inlineError: true },
  });
  return (
    <>
      <BulkBar sel={sel}>
        <Button
          variant="default"
          onClick={() => {
            setPeriod('3d');
            setReason('');
            run.reset();
            setOpen(true);
          }}
        >
          {t('bulk.disable')}
        </Button>
      </BulkBar>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('bulk.disableTitle', { count: ids.length })}>
        <Stack>
          {run.isError && (
            <Alert color="red" role="alert">
              {errorText(t, run.error)}
            </Alert>
          )}
          <Text size="sm">{t('bulk.disableHint')}</Text>
          <NativeSelect
            label={t('bulk.period')}
            value={period}
            onChange={(e) => {
              const v = e.currentTarget.value;
              setPeriod(DISABLE_PERIODS.find((p) => p === v) ?? '3d');
            }}
            data={DISABLE_PERIODS.map((p) => ({ value: p, label: t(`staff.periods.${p}`) }))}
          />
          <Textarea
            label={t('bulk.reason')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={500}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t('common.cancel')}
            </Button>
            <Button loading={run.isPending} onClick={() => run.mutate()}>
              {t('common.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
