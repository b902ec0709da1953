import { describe, expect, it } from 'vitest';
import { accountStepError, onePageError, profileStepError, registrationErrorText, REGISTRATION_TEXT as T } from '../../../src/domain/registration';

const ok = { email: 'nouveau@comptoir.test', password: 'motdepasse1', firstName: 'Nina', username: 'nina', acceptedTerms: true };

describe('registration rules (spec 1 §5)', () => {
  it('checks step 1: both fields, the address, the length', () => {
    expect(accountStepError({ email: '', password: 'x' })).toBe(T.fillAll);
    expect(accountStepError({ email: 'pas-une-adresse', password: 'motdepasse1' })).toBe(T.invalidEmail);
    expect(accountStepError({ email: ok.email, password: 'court' })).toBe(T.shortPassword);
    expect(accountStepError(ok)).toBeNull();
  });
  it('checks step 2: first name and pseudo, then the terms', () => {
    expect(profileStepError({ ...ok, firstName: ' ' })).toBe(T.fillAll);
    expect(profileStepError({ ...ok, acceptedTerms: false })).toBe(T.acceptTerms);
    expect(profileStepError(ok)).toBeNull();
  });
  it('checks the one-page form in the spec order', () => {
    expect(onePageError({ ...ok, acceptedTerms: false, email: '' })).toBe(T.onePageTerms);
    expect(onePageError({ ...ok, password: '', firstName: '' })).toBe(T.onePageCredentials);
    expect(onePageError({ ...ok, username: '' })).toBe(T.onePageProfile);
    expect(onePageError(ok)).toBeNull();
  });
  it('maps server refusals to the spec texts', () => {
    expect(registrationErrorText('Email or Username are already taken')).toBe(T.usernameTaken);
    expect(registrationErrorText('An error occured')).toBe(T.usernameTaken);
    expect(registrationErrorText('Trop de tentatives. Réessayez dans quelques minutes.')).toBe('Trop de tentatives. Réessayez dans quelques minutes.');
    expect(registrationErrorText('<script>')).toBe('Une erreur est survenue');
  });
});
