import { REGISTRATION_TEXT } from './registration';
import { TEXT } from './text-fr';
import { isValidEmail } from './validation';

export type ContactFields = { subject: string; name: string; email: string; message: string };
export type ContactField = keyof ContactFields;
export const CONTACT_FIELDS: readonly ContactField[] = ['subject', 'name', 'email', 'message'];

/** What stops the form, field by field (spec 1 §5: the four are required); empty when it may go. */
export function contactProblems(fields: ContactFields): Partial<Record<ContactField, string>> {
  const problems: Partial<Record<ContactField, string>> = {};
  for (const field of CONTACT_FIELDS) if (fields[field].trim() === '') problems[field] = TEXT.requiredField;
  if (problems.email === undefined && !isValidEmail(fields.email.trim())) problems.email = REGISTRATION_TEXT.invalidEmail;
  return problems;
}

/**
 * The name a signed-in member writes to the team under: first and last name, else the pseudo. The
 * form shows it locked and the server keeps it, whatever the request says.
 */
export function memberContactName(member: { firstName: string; lastName: string; username: string }): string {
  return `${member.firstName} ${member.lastName}`.trim() || member.username;
}
