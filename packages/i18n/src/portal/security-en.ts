/** Portal catalogue, security (issue 14): role hierarchy hints and one-time codes masked in Messages. */
export const securityEn = {
  roles: {
    notBelow: 'This role is at or above your own: you can view its permissions but not change them.',
    topRole: 'Permissions of this role cannot be switched off. You can switch on permissions you hold yourself.',
  },
  messages: {
    masked: 'One-time codes and temporary passwords are hidden.',
    reveal: 'Reveal code',
    revealOf: 'Reveal the code sent to {{recipient}}',
    revealed: 'Revealed: recorded in the audit log.',
  },
};
