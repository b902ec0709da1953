import type { ReportReason } from '../contract/reports';

/** The French of reports (issue 22): the member's dialog and the moderators' queue. */
export const REPORT_TEXT = {
  reasonLegend: 'Motif du signalement',
  reasonRequired: 'Choisissez le motif du signalement.',
  reasons: {
    spam: 'Spam ou publicité',
    harassment: 'Harcèlement ou propos haineux',
    scam: 'Arnaque ou sollicitation',
    inappropriate: 'Contenu inapproprié',
    other: 'Autre',
  } satisfies Record<ReportReason, string>,
  details: 'Précisions (facultatif)',
  already: 'Vous avez déjà signalé ce message.',
  ownMessage: 'Vous ne pouvez pas signaler votre propre message.',
  notFound: 'Ce message n’existe plus.',
  queue: 'Signalements',
  queueCount: (n: number) => `${n} signalement${n > 1 ? 's' : ''} en attente`,
  queueEmpty: 'Aucun signalement en attente',
  entryTitle: (room: string, count: number) => `${room} · ${count} signalement${count > 1 ? 's' : ''}`,
  by: (names: string) => `Signalé par ${names}`,
  goTo: 'Aller au message',
  dismiss: 'Classer sans suite',
  deleteMessage: 'Supprimer le message',
  dismissed: 'Le signalement a été classé sans suite',
  deleted: 'Le message a été supprimé',
  resolvedElsewhere: 'Ce signalement a déjà été traité.',
} as const;
