import { Alert, Badge, Button, Card, Group, Image, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Route, Routes, useParams } from 'react-router';
import { isApiError } from '@carewatch/api-client/client';
import type { TMedicalRecord, TMedicalRecordAttachment } from '@carewatch/contracts/medical-records';
import { dayText } from '../../app/format.ts';
import { CardsSkeleton, ErrorState } from '../../app/states.tsx';
import { BackLink } from '../profile/back-link.tsx';
import { RECORD_KEYS, myRecordsApi, usePaperUrl, useRecords } from './records-api.ts';

/** Medical records (read only): the list of the subject being viewed, and one record with its papers. */
export function RecordsPage() {
  return (
    <Routes>
      <Route index element={<RecordsHome />} />
      <Route path=":id" element={<RecordPage />} />
      <Route path="*" element={<Navigate to="/records" replace />} />
    </Routes>
  );
}

const notPatient = (e: unknown) => isApiError(e) && (e.code === 'NOT_A_PATIENT' || e.code === 'PATIENT_NOT_FOUND');

function RecordsHome() {
  const { t } = useTranslation();
  const { query, subject } = useRecords();
  const items = query.data?.pages.flatMap((p) => p.items);
  let body: ReactNode;
  if (items === undefined && query.isError && notPatient(query.error) && !subject)
    body = <Text c="dimmed">{t('records.notPatient')}</Text>;
  else if (items === undefined && query.isError)
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (items === undefined) body = <CardsSkeleton rows={3} />;
  else if (items.length === 0)
    body = (
      <Text c="dimmed" role="status">
        {t('records.empty')}
      </Text>
    );
  else {
    body = (
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('records.title')}>
        {items.map((r) => (
          <li key={r.id}>
            <RecordCard r={r} />
          </li>
        ))}
        {query.hasNextPage && (
          <Button
            variant="light"
            size="md"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {t('records.more')}
          </Button>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <BackLink />
      <Title order={1} size="h3">
        {t('records.title')}
      </Title>
      {subject ? (
        <Alert color="grape" variant="light" role="status" p="xs">
          {t('records.readOnly', { name: subject.name })}
        </Alert>
      ) : (
        <Text size="sm" c="dimmed">
          {t('records.intro')}
        </Text>
      )}
      {body}
    </Stack>
  );
}

function RecordCard({ r }: { r: TMedicalRecord }) {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      component={Link}
      to={`/records/${r.id}`}
      aria-label={t('records.open', { title: r.title })}
      style={{ display: 'block', width: '100%' }}
    >
      <Card withBorder padding="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {r.title}
            </Text>
            <Text size="sm" c="dimmed">
              {dayText(r.examinationDate)}
              {r.doctorName ? ` · ${r.doctorName}` : ''}
            </Text>
            {r.place && (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {r.place}
              </Text>
            )}
          </div>
          {r.attachments.length > 0 && (
            <Badge variant="light">{t('records.papers', { count: r.attachments.length })}</Badge>
          )}
        </Group>
      </Card>
    </UnstyledButton>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {children}
      </Text>
    </div>
  );
}

function RecordPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const detail = useQuery({ queryKey: RECORD_KEYS.detail(id), queryFn: () => myRecordsApi.get(id), retry: false });
  const r = detail.data;
  let body: ReactNode;
  if (
    r === undefined &&
    detail.isError &&
    isApiError(detail.error) &&
    (detail.error.status === 404 || detail.error.status === 400)
  )
    body = (
      <Alert color="gray" role="alert">
        {t('records.notFound')}
      </Alert>
    );
  else if (r === undefined && detail.isError)
    body = <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  else if (r === undefined) body = <CardsSkeleton rows={2} />;
  else {
    body = (
      <Stack gap="md">
        <Card withBorder component="section" aria-labelledby="record-title">
          <Title order={2} size="h5" id="record-title" mb="sm" style={{ overflowWrap: 'anywhere' }}>
            {r.title}
          </Title>
          <Stack gap="xs" component="dl" m={0}>
            <Field label={t('records.fields.examinationDate')}>{dayText(r.examinationDate)}</Field>
            {r.place && <Field label={t('records.fields.place')}>{r.place}</Field>}
            {r.doctorName && <Field label={t('records.fields.doctor')}>{r.doctorName}</Field>}
            {r.note && <Field label={t('records.fields.note')}>{r.note}</Field>}
          </Stack>
        </Card>
        <Card withBorder component="section" aria-labelledby="record-papers">
          <Title order={2} size="h5" id="record-papers" mb="sm">
            {t('records.fields.attachments')}
          </Title>
          <Papers r={r} />
        </Card>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <BackLink to="/records" />
      <Title order={1} size="h3">
        {t('records.title')}
      </Title>
      {body}
    </Stack>
  );
}

/** The papers: pick one; an image shows here, a PDF opens (this app frames nothing) or downloads. */
function Papers({ r }: { r: TMedicalRecord }) {
  const { t } = useTranslation();
  const [pickedId, setPickedId] = useState<string | null>(r.attachments[0]?.id ?? null);
  const picked = r.attachments.find((a) => a.id === pickedId) ?? r.attachments[0] ?? null;
  if (!picked)
    return (
      <Text size="sm" c="dimmed">
        {t('records.viewer.noPapers')}
      </Text>
    );
  return (
    <Stack gap="sm">
      <Group gap="xs">
        {r.attachments.map((a) => (
          <Button
            key={a.id}
            size="sm"
            variant={a.id === picked.id ? 'filled' : 'light'}
            aria-pressed={a.id === picked.id}
            aria-label={t('records.viewer.view', { name: a.fileName })}
            onClick={() => setPickedId(a.id)}
          >
            {t(`records.types.${a.type}`)}
          </Button>
        ))}
      </Group>
      <Paper key={picked.id} recordId={r.id} paper={picked} />
    </Stack>
  );
}

function Paper({ recordId, paper }: { recordId: string; paper: TMedicalRecordAttachment }) {
  const { t } = useTranslation();
  const { src, failed } = usePaperUrl(myRecordsApi.attachmentUrl(recordId, paper.id));
  const isPdf = paper.contentType === 'application/pdf';
  const typeName = t(`records.types.${paper.type}`);
  return (
    <Stack gap="xs" component="figure" m={0} aria-label={t('records.viewer.label')}>
      <Text size="sm" component="figcaption" style={{ overflowWrap: 'anywhere' }}>
        {typeName} · {paper.fileName}
      </Text>
      {failed ? (
        <Alert color="red" role="alert">
          {t('records.viewer.failed')}
        </Alert>
      ) : !src ? (
        <Text size="sm" c="dimmed" role="status">
          {t('records.viewer.loading')}
        </Text>
      ) : isPdf ? (
        <Text size="sm" c="dimmed">
          {t('records.viewer.pdf')}
        </Text>
      ) : (
        <Image
          src={src}
          alt={t('records.viewer.imageAlt', { type: typeName, name: paper.fileName })}
          fit="contain"
          radius="sm"
        />
      )}
      {src && (
        <Group grow>
          {isPdf && (
            <Button
              component="a"
              href={src}
              target="_blank"
              rel="noopener"
              size="md"
              variant="light"
              aria-label={t('records.viewer.open', { name: paper.fileName })}
            >
              {t('records.viewer.pdf')} ↗
            </Button>
          )}
          <Button
            component="a"
            href={src}
            download={paper.fileName}
            size="md"
            variant="default"
            aria-label={t('records.viewer.download', { name: paper.fileName })}
          >
            ↓
          </Button>
        </Group>
      )}
    </Stack>
  );
}
