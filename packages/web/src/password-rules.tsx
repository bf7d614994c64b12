import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PASSWORD_RULES, isPasswordRuleName, type PasswordRuleName } from '@carewatch/contracts/rules';

export function ruleName(setting: string | undefined): PasswordRuleName {
  return setting && isPasswordRuleName(setting) ? setting : 'standard';
}

/**
 * Live hints for the tenant's password rule (the server checks it too and names the broken one). `forbidden`: also
 * say that no other character is allowed.
 */
export function PasswordRules({
  password,
  rule = 'standard',
  forbidden = true,
}: {
  password: string;
  rule?: PasswordRuleName;
  forbidden?: boolean;
}) {
  const { t } = useTranslation();
  const r = PASSWORD_RULES[rule];
  const chars = [...password];
  const specials = r.specials.split('').join(' ');
  const checks: Array<[string, boolean]> = [
    [t('password.rules.min'), chars.length >= r.min && chars.length <= r.max],
    [t('password.rules.upper'), /[A-Z]/.test(password)],
    [t('password.rules.lower'), /[a-z]/.test(password)],
    [t('password.rules.digit'), /[0-9]/.test(password)],
    [t('password.rules.special', { specials }), chars.some((c) => r.specials.includes(c))],
  ];
  if (forbidden)
    checks.push([
      t('password.rules.forbidden', { specials }),
      chars.every((c) => /[A-Za-z0-9]/.test(c) || r.specials.includes(c)),
    ]);
  return (
    <div aria-live="polite">
      <Text size="sm" fw={500}>
        {t('password.rulesTitle')}
      </Text>
      <List size="sm" spacing={2} listStyleType="none" aria-label={t('password.rulesTitle')}>
        {checks.map(([label, ok]) => (
          <List.Item key={label} c={ok ? 'teal.8' : 'dimmed'}>
            <span aria-hidden="true">{ok ? '✓ ' : '○ '}</span>
            {label}
            <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
              {` (${ok ? t('password.ruleMet') : t('password.ruleNotMet')})`}
            </span>
          </List.Item>
        ))}
      </List>
    </div>
  );
}
