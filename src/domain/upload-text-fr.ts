import type { AttachmentType } from '../contract/chat';

/** The types each kind of upload accepts, as a member reads them in a picker and in a refusal. */
export const KIND_LABELS: Record<AttachmentType, string> = {
  image: 'images JPEG, PNG, GIF ou WebP',
  video: 'vidéos MP4 ou WebM',
  audio: 'fichiers audio WebM, Ogg, MP3 ou M4A',
  file: 'documents PDF, texte, Word, Excel, PowerPoint ou OpenDocument',
};

/** One file of each kind, for the size refusal: '10 Mo maximum pour une image'. */
const ONE_OF_KIND: Record<AttachmentType, string> = {
  image: 'une image',
  video: 'une vidéo',
  audio: 'un fichier audio',
  file: 'un document',
};

/** The file pickers' and uploads' French text (spec 1 §5, §8; spec 2 §4). */
export const UPLOAD_TEXT = {
  /** Spec 1 §8, an upload that failed. */
  failed: 'Une erreur est survenue, veuillez réessayer',
  dropHere: 'Glissez-déposez un fichier ici, ou',
  dropNow: 'Déposez le fichier pour l’envoyer',
  checking: (name: string) => `Vérification de ${name}…`,
  uploading: (name: string) => `Envoi de ${name}`,
  cancel: 'Annuler l’envoi',
  cancelled: 'Envoi annulé',
  retry: 'Réessayer',
  remove: (name: string) => `Retirer ${name}`,
  preview: (name: string) => `Aperçu de ${name}`,
  empty: 'Ce fichier est vide.',
  /** A refusal that names what is accepted instead (spec 1 §5: the profile takes images only). */
  typeRefused: (kinds: readonly AttachmentType[]) => `Type de fichier non accepté. Fichiers acceptés : ${kinds.map((k) => KIND_LABELS[k]).join(' ; ')}.`,
  tooLarge: (kind: AttachmentType, max: string) => `Fichier trop volumineux : ${max} maximum pour ${ONE_OF_KIND[kind]}.`,
  notAllowed: "Vous n'êtes pas autorisé à envoyer ce type de fichier.",
  /** The profile page's picker (spec 1 §2 'Avatar upload'). */
  avatarLabel: 'Photo de profil',
  avatarButton: 'Choisir une photo',
  /** The alert form's picker (spec 2 §2: attachments). */
  attachmentsLabel: 'Pièces jointes',
  attachmentsButton: 'Ajouter un fichier',
} as const;
