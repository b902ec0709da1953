import { describe, expect, it } from 'vitest';
import { CONTACT_SUBJECTS, contactInput } from '../../../src/contract/account';
import { contactProblems, memberContactName } from '../../../src/domain/contact-form';

const filled = { subject: 'Formations', name: 'Paul Martin', email: 'paul@exemple.fr', message: 'Bonjour' };

describe('the contact form (spec 1 §5)', () => {
  it('lets a complete form go, and the server schema takes it', () => {
    expect(contactProblems(filled)).toEqual({});
    expect(contactInput.safeParse(filled).success).toBe(true);
  });

  it("says 'Ce champs est requis' under each empty field, blanks counting as empty", () => {
    expect(contactProblems({ subject: '', name: ' ', email: '', message: '\n' })).toEqual({
      subject: 'Ce champs est requis',
      name: 'Ce champs est requis',
      email: 'Ce champs est requis',
      message: 'Ce champs est requis',
    });
    expect(contactProblems({ ...filled, message: '' })).toEqual({ message: 'Ce champs est requis' });
  });

  it('refuses an address that is not one', () => {
    expect(contactProblems({ ...filled, email: 'paul@' })).toEqual({ email: "L'adresse email fourni n'est pas valide" });
  });

  it('offers only subjects the server accepts, and the server no other', () => {
    for (const subject of CONTACT_SUBJECTS) expect(contactInput.safeParse({ ...filled, subject }).success).toBe(true);
    expect(contactInput.safeParse({ ...filled, subject: 'Sujet libre' }).error?.issues[0]?.message).toBe('Veuillez choisir un sujet dans la liste');
  });

  it("names a member by first and last name, else by pseudo", () => {
    expect(memberContactName({ firstName: 'Léa', lastName: 'Roux', username: 'lea' })).toBe('Léa Roux');
    expect(memberContactName({ firstName: 'Léa', lastName: '', username: 'lea' })).toBe('Léa');
    expect(memberContactName({ firstName: ' ', lastName: '', username: 'lea' })).toBe('lea');
  });
});
