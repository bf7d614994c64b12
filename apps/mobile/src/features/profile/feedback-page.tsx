import { Alert, Button, Card, FileButton, Group, Image, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_IMAGE_TYPES,
  FEEDBACK_KINDS,
  ZFeedbackFields,
  type TFeedbackFields,
} from '@carewatch/contracts/app-profile';
import { isApiError } from '@carewatch/api-client/client';
import { zodFieldErrors } from '@carewatch/web/errors';
import { myProfileApi, profileErrorText } from './profile-api.ts';
import { feedbackImageProblem } from './profile-rules.ts';
import { BackLink } from './back-link.tsx';

const IMAGE_MESSAGES = {
  required: 'profile.feedback.imageRequired',
  too_large: 'profile.feedback.imageTooLarge',
  type: 'profile.feedback.imageType',
} as const;
const empty = { kind: '', category: '', description: '', suggestion: '' };

/** `/feedback`: the question and feedback form (§3 Feedback, §5 Files: an ERROR needs an image, ≤ 5 MB, png/jpeg/gif/webp). */
export function FeedbackPage() {
  const { t } = useTranslation();
  const [values, setValues] = useState(empty);
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!image) {
      setPreview(null);
      return undefined;
    }
    const u = URL.createObjectURL(image);
    setPreview(u);
    return () => URL.revokeObjectURL(u);
  }, [image]);
  const send = useMutation({
    mutationFn: ({ fields, file }: { fields: TFeedbackFields; file: File | null }) =>
      myProfileApi.sendFeedback(fields, file),
    onError: (e) => {
      if (!isApiError(e)) return;
      const field = e.details?.field;
      if (field === 'image') {
        const rule = e.details?.rule;
        setErrors({
          image: t(
            rule === 'required'
              ? IMAGE_MESSAGES.required
              : e.code === 'FILE_TOO_LARGE'
                ? IMAGE_MESSAGES.too_large
                : IMAGE_MESSAGES.type,
          ),
        });
      }
    },
  });
  const set = (key: keyof typeof empty, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: '', ...(key === 'kind' ? { image: '' } : {}) }));
  };
  const choose = (f: File | null) => {
    setImage(f);
    const p = f ? feedbackImageProblem(f, values.kind) : null;
    setErrors((e) => ({ ...e, image: p ? t(IMAGE_MESSAGES[p]) : '' }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZFeedbackFields.safeParse({
      ...values,
      kind: values.kind || undefined,
      category: values.category || undefined,
    });
    const errs = parsed.success ? {} : zodFieldErrors(t, parsed.error);
    if (errs.kind) errs.kind = t('profile.feedback.chooseKind');
    if (errs.category) errs.category = t('profile.feedback.chooseCategory');
    const p = feedbackImageProblem(image, values.kind);
    if (p) errs.image = t(IMAGE_MESSAGES[p]);
    setErrors(errs);
    if (parsed.success && !p) send.mutate({ fields: parsed.data, file: image });
  };
  const again = () => {
    send.reset();
    setValues(empty);
    setImage(null);
    setErrors({});
  };

  if (send.isSuccess) {
    return (
      <Stack gap="md">
        <BackLink />
        <Title order={1} size="h3">
          {t('profile.feedback.title')}
        </Title>
        <Alert color="teal" role="status">
          {t('profile.feedback.sent')}
        </Alert>
        <Button variant="light" onClick={again}>
          {t('profile.feedback.another')}
        </Button>
      </Stack>
    );
  }
  const fieldless = send.isError && !Object.values(errors).some(Boolean);
  return (
    <Stack gap="md">
      <BackLink />
      <Title order={1} size="h3">
        {t('profile.feedback.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('profile.feedback.intro')}
      </Text>
      <Card withBorder>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            {fieldless && (
              <Alert color="red" role="alert">
                {profileErrorText(t, send.error)}
              </Alert>
            )}
            <Radio.Group
              label={t('profile.feedback.kind')}
              required
              value={values.kind}
              onChange={(v) => set('kind', v)}
              error={errors.kind || undefined}
            >
              <Stack gap={6} mt={6}>
                {FEEDBACK_KINDS.map((k) => (
                  <Radio key={k} value={k} label={t(`profile.feedback.kinds.${k}`)} />
                ))}
              </Stack>
            </Radio.Group>
            <Radio.Group
              label={t('profile.feedback.category')}
              required
              value={values.category}
              onChange={(v) => set('category', v)}
              error={errors.category || undefined}
            >
              <Group mt={6}>
                {FEEDBACK_CATEGORIES.map((c) => (
                  <Radio key={c} value={c} label={t(`profile.feedback.categories.${c}`)} />
                ))}
              </Group>
            </Radio.Group>
            <Textarea
              label={t('profile.feedback.description')}
              required
              autosize
              minRows={3}
              maxLength={2000}
              value={values.description}
              onChange={(e) => set('description', e.currentTarget.value)}
              error={errors.description || undefined}
            />
            <Textarea
              label={t('profile.feedback.suggestion')}
              autosize
              minRows={2}
              maxLength={2000}
              value={values.suggestion}
              onChange={(e) => set('suggestion', e.currentTarget.value)}
              error={errors.suggestion || undefined}
            />
            <div>
              <Text size="sm" fw={500}>
                {t('profile.feedback.image')}
                {values.kind === 'ERROR' ? ' *' : ''}
              </Text>
              <Text size="xs" c="dimmed" mb={6}>
                {t('profile.feedback.imageHint')}
              </Text>
              <FileButton onChange={choose} accept={FEEDBACK_IMAGE_TYPES.join(',')}>
                {(props) => (
                  <Button variant="light" size="xs" {...props}>
                    {image ? image.name : t('profile.me.avatarChoose')}
                  </Button>
                )}
              </FileButton>
              {preview && !errors.image && (
                <Image
                  src={preview}
                  alt={t('profile.feedback.image')}
                  mah={160}
                  w="auto"
                  fit="contain"
                  mt="xs"
                  radius="sm"
                />
              )}
              {errors.image && (
                <Text size="sm" c="red" role="alert" mt={4}>
                  {errors.image}
                </Text>
              )}
            </div>
            <Button type="submit" size="md" loading={send.isPending}>
              {t('profile.feedback.send')}
            </Button>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
