import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  FileButton,
  Group,
  Modal,
  NativeSelect,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  MEDICAL_RECORD_ATTACHMENT_TYPES,
  ZMedicalRecordRequest,
  type TMedicalRecord,
  type TMedicalRecordAttachmentType,
} from '@carewatch/contracts/medical-records';
import { DayInput } from '@carewatch/web/day-input';
import { errorText, serverFieldErrors, zodFieldErrors } from '@carewatch/web/errors';
import { notifySuccess } from '../../app/notify.ts';
import { fileProblem, recordDoctors, recordKeys, records } from './records-shared.ts';

const isType = (v: string): v is TMedicalRecordAttachmentType =>
  (MEDICAL_RECORD_ATTACHMENT_TYPES as readonly string[]).includes(v);
type Pending = { key: number; file: File; type: TMedicalRecordAttachmentType };

/**
 * Adds or edits a medical record (spec §2, §3): title, examination date, place, a doctor of the organization or a typed
 * name, note, and its papers — new files each with their type, existing ones marked for removal. The record is saved
 * first, then each file is sent on its own (the server checks each by content).
 */
export function RecordFormModal({
  patientId,
  existing,
  onClose,
  onSaved,
}: {
  patientId: string;
  existing?: TMedicalRecord;
  onClose: () => void;
  onSaved: (r: TMedicalRecord) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(existing?.title ?? '');
  const [examinationDate, setExaminationDate] = useState(existing?.examinationDate ?? '');
  const [place, setPlace] = useState(existing?.place ?? '');
  const [doctorId, setDoctorId] = useState<string | null>(existing?.doctorId ?? null);
  const [doctorName, setDoctorName] = useState(existing && !existing.doctorId ? (existing.doctorName ?? '') : '');
  const [note, setNote] = useState(existing?.note ?? '');
  const [nextType, setNextType] = useState<TMedicalRecordAttachmentType>('EXAMINATION_CARD');
  const [pending, setPending] = useState<Pending[]>([]);
  const [removed, setRemoved] = useState<Set<string>>(new Set());
  const [fileError, setFileError] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const doctors = useQuery({
    queryKey: recordKeys.doctors,
    queryFn: () => recordDoctors.doctors(),
    meta: { inlineError: true },
  });

  const save = useMutation({
    mutationFn: async (body: Parameters<typeof records.create>[1]) => {
      const saved = existing ? await records.update(existing.id, body) : await records.create(patientId, body);
      // The record stands even when a file is refused: say which, keep the rest.
      const failures: unknown[] = [];
      for (const p of pending) {
        try {
          await records.addAttachment(saved.id, p.type, p.file, p.file.name);
        } catch (e) {
          failures.push(e);
        }
      }
      for (const id of removed) {
        try {
          await records.removeAttachment(saved.id, id);
        } catch (e) {
          failures.push(e);
        }
      }
      return { record: await records.get(saved.id), failures };
    },
    onSuccess: async ({ record, failures }) => {
      await queryClient.invalidateQueries({ queryKey: recordKeys.all });
      if (failures.length > 0) {
        setPending([]);
        setRemoved(new Set());
        setFileError(t('records.form.partial', { count: failures.length, reason: errorText(t, failures[0]) }));
        return;
      }
      notifySuccess(t('records.form.saved'));
      onSaved(record);
    },
    onError: (e) => setErrors(explain(serverFieldErrors(t, e))),
    meta: { inlineError: true },
  });

  // This form's own words for the date and the doctor; the generic ones for the rest.
  const explain = (errs: Record<string, string>): Record<string, string> => {
    const out = { ...errs };
    if (out.examinationDate)
      out.examinationDate = examinationDate.trim() ? t('records.form.dateInvalid') : t('fieldRules.required');
    if (out.doctorId) out.doctorId = t('records.form.notDoctor');
    return out;
  };
  /** A field's message goes once it is edited. */
  const edited = (field: string) =>
    setErrors((cur) => {
      if (!(field in cur)) return cur;
      const next = { ...cur };
      delete next[field];
      return next;
    });

  const choose = (files: File[]) => {
    setFileError('');
    const ok: Pending[] = [];
    for (const f of files) {
      const problem = fileProblem(f);
      if (problem) {
        setFileError(t(problem === 'type' ? 'records.form.fileType' : 'records.form.fileSize'));
        continue;
      }
      ok.push({ key: Date.now() + Math.random(), file: f, type: nextType });
    }
    setPending((cur) => [...cur, ...ok]);
  };
  const submit = () => {
    const parsed = ZMedicalRecordRequest.safeParse({
      title,
      examinationDate,
      place,
      doctorId,
      doctorName: doctorId ? '' : doctorName,
      note,
    });
    if (!parsed.success) return setErrors(explain(zodFieldErrors(t, parsed.error)));
    setErrors({});
    save.mutate(parsed.data);
  };
  const doctorOptions = (doctors.data?.items ?? []).map((d) => ({ value: d.id, label: d.fullName }));
  if (existing?.doctorId && !doctorOptions.some((o) => o.value === existing.doctorId))
    doctorOptions.push({ value: existing.doctorId, label: existing.doctorName ?? '' });
  const typeData = MEDICAL_RECORD_ATTACHMENT_TYPES.map((v) => ({ value: v, label: t(`records.types.${v}`) }));

  return (
    <Modal opened onClose={onClose} title={t(existing ? 'records.form.editTitle' : 'records.form.addTitle')} size="lg">
      <Stack>
        <TextInput
          label={t('records.fields.title')}
          required
          value={title}
          onChange={(e) => {
            setTitle(e.currentTarget.value);
            edited('title');
          }}
          error={errors.title}
        />
        <DayInput
          label={t('records.fields.examinationDate')}
          required
          value={examinationDate}
          onValue={(v) => {
            setExaminationDate(v);
            edited('examinationDate');
          }}
          error={errors.examinationDate}
        />
        <TextInput
          label={t('records.fields.place')}
          value={place}
          onChange={(e) => {
            setPlace(e.currentTarget.value);
            edited('place');
          }}
          error={errors.place}
        />
        <Text size="xs" c="dimmed">
          {t('records.hints.doctor')}
        </Text>
        <Group grow align="flex-start">
          <Select
            label={t('records.fields.staffDoctor')}
            searchable
            clearable
            value={doctorId}
            data={doctorOptions}
            error={errors.doctorId}
            onChange={(v) => {
              setDoctorId(v);
              if (v) setDoctorName('');
              edited('doctorId');
              edited('doctorName');
            }}
          />
          <TextInput
            label={t('records.fields.doctorName')}
            value={doctorName}
            disabled={!!doctorId}
            onChange={(e) => {
              setDoctorName(e.currentTarget.value);
              edited('doctorName');
            }}
            error={errors.doctorName}
          />
        </Group>
        <Textarea
          label={t('records.fields.note')}
          value={note}
          onChange={(e) => {
            setNote(e.currentTarget.value);
            edited('note');
          }}
          error={errors.note}
          autosize
          minRows={2}
        />

        <Stack gap="xs" component="section" aria-label={t('records.fields.attachments')}>
          <Text size="sm" fw={500}>
            {t('records.fields.attachments')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('records.hints.files')}
          </Text>
          {existing?.attachments.map((a) => {
            const gone = removed.has(a.id);
            return (
              <Group key={a.id} justify="space-between" wrap="nowrap">
                <Group gap="xs" wrap="nowrap">
                  <Badge variant="light">{t(`records.types.${a.type}`)}</Badge>
                  <Text size="sm" td={gone ? 'line-through' : undefined} style={{ wordBreak: 'break-all' }}>
                    {a.fileName}
                  </Text>
                  {gone && (
                    <Text size="xs" c="red">
                      {t('records.form.willRemove')}
                    </Text>
                  )}
                </Group>
                <Button
                  size="xs"
                  variant="subtle"
                  color={gone ? 'gray' : 'red'}
                  aria-label={t(gone ? 'records.form.undoRemove' : 'records.form.remove', { name: a.fileName })}
                  onClick={() =>
                    setRemoved((cur) => {
                      const next = new Set(cur);
                      if (gone) next.delete(a.id);
                      else next.add(a.id);
                      return next;
                    })
                  }
                >
                  {gone ? '↺' : '✕'}
                </Button>
              </Group>
            );
          })}
          {pending.map((p) => (
            <Group key={p.key} justify="space-between" wrap="nowrap">
              <Group gap="xs" wrap="nowrap">
                <NativeSelect
                  size="xs"
                  aria-label={t('records.form.typeOf', { name: p.file.name })}
                  value={p.type}
                  data={typeData}
                  onChange={(e) => {
                    const v = e.currentTarget.value;
                    if (isType(v)) setPending((cur) => cur.map((x) => (x.key === p.key ? { ...x, type: v } : x)));
                  }}
                />
                <Text size="sm" style={{ wordBreak: 'break-all' }}>
                  {p.file.name}
                </Text>
                <Badge variant="outline" color="gray">
                  {t('records.form.pending')}
                </Badge>
              </Group>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                aria-label={t('records.form.remove', { name: p.file.name })}
                onClick={() => setPending((cur) => cur.filter((x) => x.key !== p.key))}
              >
                ✕
              </Button>
            </Group>
          ))}
          <Group align="flex-end">
            <NativeSelect
              label={t('records.form.typeOfNext')}
              value={nextType}
              data={typeData}
              onChange={(e) => {
                const v = e.currentTarget.value;
                if (isType(v)) setNextType(v);
              }}
            />
            <FileButton onChange={choose} accept="application/pdf,image/jpeg,image/png" multiple>
              {(props) => (
                <Button variant="light" {...props}>
                  {t('records.form.chooseFile')}
                </Button>
              )}
            </FileButton>
          </Group>
          {fileError && (
            <Text size="sm" c="red" role="alert">
              {fileError}
            </Text>
          )}
        </Stack>

        {save.error && !Object.keys(errors).length && (
          <Alert color="red" role="alert">
            {errorText(t, save.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('records.form.cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            {t('records.form.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
