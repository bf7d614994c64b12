import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Image, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TMedicalRecord, TMedicalRecordAttachment } from '@carewatch/contracts/medical-records';
import { errorText } from '@carewatch/web/errors';
import { downloadFile } from '../patients/patients-shared.tsx';
import { records, useBlobUrl } from './records-shared.ts';

/**
 * The papers of a record: a list to pick from and the picked one shown — an image inline, a PDF opened in a new tab
 * (the portal's Content-Security-Policy lets nothing be framed, so no embedded PDF), both downloadable.
 */
export function RecordViewer({ record }: { record: TMedicalRecord }) {
  const { t } = useTranslation();
  const [pickedId, setPickedId] = useState<string | null>(record.attachments[0]?.id ?? null);
  const picked = record.attachments.find((a) => a.id === pickedId) ?? record.attachments[0] ?? null;
  const download = useMutation({
    mutationFn: (a: TMedicalRecordAttachment) => downloadFile(records.attachmentUrl(record.id, a.id), a.fileName),
    meta: { inlineError: true },
  });
  if (record.attachments.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('records.detail.noPapers')}
      </Text>
    );
  return (
    <Stack gap="sm">
      <Group gap="xs">
        {record.attachments.map((a) => (
          <Button
            key={a.id}
            size="xs"
            variant={a.id === picked?.id ? 'filled' : 'light'}
            aria-pressed={a.id === picked?.id}
            aria-label={t('records.detail.view', { name: a.fileName })}
            onClick={() => setPickedId(a.id)}
          >
            {t(`records.types.${a.type}`)} · {a.fileName}
          </Button>
        ))}
      </Group>
      {picked && (
        <PaperView
          key={picked.id}
          recordId={record.id}
          paper={picked}
          onDownload={() => download.mutate(picked)}
          downloading={download.isPending}
        />
      )}
      {download.error && (
        <Alert color="red" role="alert">
          {errorText(t, download.error)}
        </Alert>
      )}
    </Stack>
  );
}

function PaperView({
  recordId,
  paper,
  onDownload,
  downloading,
}: {
  recordId: string;
  paper: TMedicalRecordAttachment;
  onDownload: () => void;
  downloading: boolean;
}) {
  const { t } = useTranslation();
  const { src, failed } = useBlobUrl(records.attachmentUrl(recordId, paper.id));
  const isPdf = paper.contentType === 'application/pdf';
  return (
    <Card withBorder component="figure" m={0} aria-label={t('records.detail.viewer')}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Group gap="xs">
            <Badge variant="light">{t(`records.types.${paper.type}`)}</Badge>
            <Text size="sm" component="figcaption" style={{ wordBreak: 'break-all' }}>
              {paper.fileName}
            </Text>
            <Text size="xs" c="dimmed">
              {t('records.kb', { n: Math.max(1, Math.round(paper.sizeBytes / 1024)) })}
            </Text>
          </Group>
          <Group gap="xs">
            {isPdf && src && (
              <Button
                component="a"
                href={src}
                target="_blank"
                rel="noopener"
                size="xs"
                variant="light"
                aria-label={t('records.detail.open', { name: paper.fileName })}
              >
                {t('records.detail.pdf')} ↗
              </Button>
            )}
            <Button
              size="xs"
              variant="default"
              loading={downloading}
              onClick={onDownload}
              aria-label={t('records.detail.download', { name: paper.fileName })}
            >
              ↓
            </Button>
          </Group>
        </Group>
        {failed ? (
          <Alert color="red" role="alert">
            {t('records.detail.fileFailed')}
          </Alert>
        ) : !src ? (
          <Text size="sm" c="dimmed" role="status">
            {t('records.detail.loadingFile')}
          </Text>
        ) : isPdf ? (
          <Text size="sm" c="dimmed">
            {t('records.detail.pdf')}
          </Text>
        ) : (
          <Image
            src={src}
            alt={t('records.detail.imageAlt', { type: t(`records.types.${paper.type}`), name: paper.fileName })}
            fit="contain"
            mah={520}
          />
        )}
      </Stack>
    </Card>
  );
}
