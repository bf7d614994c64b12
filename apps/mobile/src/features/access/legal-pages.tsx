import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AccessFrame } from './shared.tsx';

const TERMS = ['service', 'eligibility', 'account', 'alerts', 'deletion', 'changes'] as const;
const PRIVACY = ['collection', 'use', 'sharing', 'rights', 'retention', 'security', 'children', 'contact'] as const;

/** The shared privacy and terms content (patient-app spec, last section), from the catalogue. */
export function LegalContent({ kind }: { kind: 'terms' | 'privacy' }) {
  const { t } = useTranslation();
  if (kind === 'terms') {
    return (
      <Stack gap="sm">
        {TERMS.map((k) => (
          <Text key={k} size="sm">
            {t(`legal.terms.${k}`)}
          </Text>
        ))}
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      {PRIVACY.map((k) => (
        <section key={k} aria-labelledby={`privacy-${k}`}>
          <Title order={2} size="h5" id={`privacy-${k}`} mb={4}>
            {t(`legal.privacy.${k}Title`)}
          </Title>
          <Text size="sm">{t(`legal.privacy.${k}`)}</Text>
        </section>
      ))}
    </Stack>
  );
}

function LegalPage({ kind }: { kind: 'terms' | 'privacy' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Opened from a form or from Settings: going back keeps where the person was; a direct visit goes to the start.
  const back = () => (window.history.length > 1 ? void navigate(-1) : void navigate('/'));
  return (
    <AccessFrame title={t(kind === 'terms' ? 'legal.termsTitle' : 'legal.privacyTitle')}>
      <LegalContent kind={kind} />
      <Button variant="default" mt="xl" onClick={back}>
        {t('common.back')}
      </Button>
    </AccessFrame>
  );
}

export const TermsPage = () => <LegalPage kind="terms" />;
export const PrivacyPage = () => <LegalPage kind="privacy" />;
