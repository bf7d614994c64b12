import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Home's way into manual entry. */
export function AddReadingLink() {
  const { t } = useTranslation();
  return (
    <Button component={Link} to="/entry" variant="light" fullWidth>
      {t('entry.open')}
    </Button>
  );
}
