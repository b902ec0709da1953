import { describe, expect, it } from 'vitest';
import {
  acceptAttribute,
  acceptedSummary,
  attachmentKinds,
  checkFile,
  formatSize,
  mimeTypeOf,
  PROFILE_PICTURE_RULE,
  uploadErrorText,
  uploadRule,
} from '../../../src/domain/upload-rules';

const MB = 1024 * 1024;
const file = (name: string, type: string, size = 1000) => ({ name, type, size });
const memberRoom = uploadRule(attachmentKinds({ staff: false, privateRoom: false }));

describe('the profile picture (spec 1 §5: images only, 5 MB)', () => {
  it('takes JPEG, PNG, GIF and WebP images up to 5 MB', () => {
    for (const [name, type] of [
      ['photo.jpg', 'image/jpeg'],
      ['photo.png', 'image/png'],
      ['anim.gif', 'image/gif'],
      ['photo.webp', 'image/webp'],
    ] as const) {
      expect(checkFile(file(name, type, 5 * MB), PROFILE_PICTURE_RULE)).toEqual({ ok: true, kind: 'image', mimeType: type });
    }
  });

  it('refuses anything else with the accepted types named in French', () => {
    const refusal = { ok: false, error: 'Type de fichier non accepté. Fichiers acceptés : images JPEG, PNG, GIF ou WebP.' };
    expect(checkFile(file('bilan.pdf', 'application/pdf'), PROFILE_PICTURE_RULE)).toEqual(refusal);
    expect(checkFile(file('logo.svg', 'image/svg+xml'), PROFILE_PICTURE_RULE)).toEqual(refusal);
    expect(checkFile(file('photo.heic', 'image/heic'), PROFILE_PICTURE_RULE)).toEqual(refusal);
    expect(checkFile(file('outil.exe', 'application/x-msdownload'), PROFILE_PICTURE_RULE)).toEqual(refusal);
  });

  it('refuses one byte over 5 MB, and an empty file', () => {
    expect(checkFile(file('photo.png', 'image/png', 5 * MB + 1), PROFILE_PICTURE_RULE)).toEqual({
      ok: false,
      error: 'Fichier trop volumineux : 5 Mo maximum pour une image.',
    });
    expect(checkFile(file('photo.png', 'image/png', 0), PROFILE_PICTURE_RULE)).toEqual({ ok: false, error: 'Ce fichier est vide.' });
  });

  it('is described in the picker as the issue writes it', () => {
    expect(acceptedSummary(PROFILE_PICTURE_RULE)).toBe('Images JPEG, PNG, GIF ou WebP — 5 Mo maximum');
    expect(acceptAttribute(PROFILE_PICTURE_RULE)).toBe('image/png,.png,image/jpeg,.jpg,.jpeg,image/gif,.gif,image/webp,.webp');
  });
});

describe('attachments (spec 2 §6: videos and audio for the staff, voice notes in private chats)', () => {
  it('gives each member the kinds they may send', () => {
    expect(attachmentKinds({ staff: false, privateRoom: false })).toEqual(['image', 'file']);
    expect(attachmentKinds({ staff: false, privateRoom: true })).toEqual(['image', 'audio', 'file']);
    expect(attachmentKinds({ staff: true, privateRoom: false })).toEqual(['image', 'video', 'audio', 'file']);
  });

  it('checks each kind against its own limit: 10 MB an image, 20 MB a document, 100 MB a video', () => {
    expect(checkFile(file('graphique.png', 'image/png', 10 * MB), memberRoom)).toMatchObject({ ok: true, kind: 'image' });
    expect(checkFile(file('graphique.png', 'image/png', 10 * MB + 1), memberRoom)).toEqual({
      ok: false,
      error: 'Fichier trop volumineux : 10 Mo maximum pour une image.',
    });
    expect(checkFile(file('rapport.pdf', 'application/pdf', 20 * MB), memberRoom)).toMatchObject({ ok: true, kind: 'file' });
    expect(checkFile(file('rapport.pdf', 'application/pdf', 20 * MB + 1), memberRoom)).toEqual({
      ok: false,
      error: 'Fichier trop volumineux : 20 Mo maximum pour un document.',
    });
    const staff = uploadRule(attachmentKinds({ staff: true, privateRoom: false }));
    expect(checkFile(file('analyse.mp4', 'video/mp4', 100 * MB), staff)).toMatchObject({ ok: true, kind: 'video' });
    expect(checkFile(file('analyse.mp4', 'video/mp4', 100 * MB + 1), staff)).toEqual({ ok: false, error: 'Fichier trop volumineux : 100 Mo maximum pour une vidéo.' });
  });

  it('refuses a video or an audio file to a member in a room, naming what they may send', () => {
    const refusal = {
      ok: false,
      error: 'Type de fichier non accepté. Fichiers acceptés : images JPEG, PNG, GIF ou WebP ; documents PDF, texte, Word, Excel, PowerPoint ou OpenDocument.',
    };
    expect(checkFile(file('analyse.mp4', 'video/mp4'), memberRoom)).toEqual(refusal);
    expect(checkFile(file('note.webm', 'audio/webm'), memberRoom)).toEqual(refusal);
  });

  it('reads a recorder’s mime type without its codec, and types an untyped file by its extension', () => {
    const privateChat = uploadRule(attachmentKinds({ staff: false, privateRoom: true }));
    expect(checkFile(file('note-vocale-00-02.webm', 'audio/webm;codecs=opus'), privateChat)).toEqual({ ok: true, kind: 'audio', mimeType: 'audio/webm' });
    expect(mimeTypeOf({ name: 'Compte-Rendu.DOCX', type: '' })).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(mimeTypeOf({ name: 'photo.jpeg', type: 'application/octet-stream' })).toBe('image/jpeg');
    expect(mimeTypeOf({ name: 'sans-extension', type: '' })).toBe('');
    expect(checkFile(file('sans-extension', ''), memberRoom)).toMatchObject({ ok: false });
  });

  it('summarises several kinds with each limit', () => {
    expect(acceptedSummary(memberRoom)).toBe(
      'Images JPEG, PNG, GIF ou WebP (10 Mo maximum) ; documents PDF, texte, Word, Excel, PowerPoint ou OpenDocument (20 Mo maximum)',
    );
  });
});

describe('sizes and server answers in French', () => {
  it('writes sizes in Ko and Mo with a decimal comma', () => {
    expect(formatSize(5 * MB)).toBe('5 Mo');
    expect(formatSize(1.5 * MB)).toBe('1,5 Mo');
    expect(formatSize(320 * 1024)).toBe('320 Ko');
    expect(formatSize(10)).toBe('1 Ko');
  });

  it('turns the server’s codes into French and keeps its French messages', () => {
    expect(uploadErrorText('NOT_ALLOWED')).toBe("Vous n'êtes pas autorisé à envoyer ce type de fichier.");
    expect(uploadErrorText('Connectez-vous pour continuer.')).toBe('Connectez-vous pour continuer.');
    expect(uploadErrorText('Ce fichier est vide.')).toBe('Ce fichier est vide.');
  });
});
