import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** These screens open from Settings (or Profile) and the phone layout has no header: a way back above the title. */
export function BackLink({ to = '/settings' }: { to?: string }) {
  const { t } = useTranslation();
  return (
    <Button component={Link} to={to} variant="subtle" size="compact-sm" px={0} style={{ alignSelf: 'flex-start' }}>
      ← {t('common.back')}
    </Button>
  );
}
