/** Placeholder: the "viewing as" switch shown on Home (own data, a sub-user, or a followed patient). */
export function SubjectSwitch() {
  return null;
}
