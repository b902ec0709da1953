import { expect, test, type Browser, type Page } from './fixtures';
import { signIn, signedInPage } from './sign-in';
import { unique } from './chat-room';
import { paced } from './pace';

/** A member signed in on their own browser context (their own store), on `path`. */
async function member(browser: Browser, identifier: string, path = '/'): Promise<Page> {
  return signedInPage(await browser.newContext(), identifier, path);
}

const messaging = (page: Page) => page.getByRole('dialog', { name: 'Messagerie' });
const openMessaging = (page: Page) => page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('button', { name: 'Messagerie' }).click();

/** Opens the chat with `username` through the contact search of the open panel. */
async function chatWith(page: Page, username: string) {
  const panel = messaging(page);
  await panel.getByRole('searchbox', { name: 'Rechercher un contact' }).fill(username);
  await panel.getByRole('list', { name: 'Contacts trouvés' }).getByRole('button', { name: username, exact: true }).click();
  await expect(panel.getByRole('button', { name: 'Retour', exact: true })).toBeVisible();
}

test('vip finds coach and writes; coach’s panel opens by itself, the badge counts it, opening the conversation clears it', async ({ browser }) => {
  const coach = await member(browser, 'coach');
  const vip = await member(browser, 'vip');
  await expect(coach.getByTestId('unread-conversations')).toHaveCount(0);
  await expect(messaging(coach)).toHaveCount(0);
  // vip's demo conversations wait unread: the badge counts conversations.
  await expect(vip.getByRole('button', { name: 'Messagerie (2 conversations non lues)' })).toBeVisible();

  await openMessaging(vip);
  await expect(messaging(vip).getByRole('button', { name: /^support, 1 message non lu/ })).toBeVisible();
  await expect(messaging(vip).getByRole('button', { name: 'Contacter le support' })).toBeVisible();
  await chatWith(vip, 'coach');
  // coach is one of the two coach handles: not the support.
  await expect(messaging(vip).getByRole('note')).toContainText('Ce coach ne répond pas aux demandes de support');
  const text = unique('Bonjour coach, une question sur mon plan');
  await messaging(vip).getByRole('textbox', { name: 'Votre message' }).fill(text);
  await messaging(vip).getByRole('button', { name: 'Envoyer', exact: true }).click();
  await expect(messaging(vip).getByRole('log').getByText(text)).toBeVisible();
  await expect(messaging(vip).getByRole('log').getByText('Envoi en cours…')).toHaveCount(0);

  const panel = messaging(coach);
  await expect(panel).toBeVisible();
  await expect(coach.getByRole('button', { name: 'Messagerie (1 conversation non lue)' })).toBeVisible();
  await expect(coach.getByTestId('unread-conversations')).toHaveText('1');
  await panel.getByRole('button', { name: 'vip, 1 message non lu' }).click();
  await expect(panel.getByRole('log').getByText(text)).toBeVisible();
  await expect(coach.getByTestId('unread-conversations')).toHaveCount(0);

  // The answer reaches vip live, in the conversation that is open: nothing counts as unread.
  const answer = unique('Bonjour vip, je regarde ça');
  await panel.getByRole('textbox', { name: 'Votre message' }).fill(answer);
  await panel.getByRole('textbox', { name: 'Votre message' }).press('Enter');
  await expect(messaging(vip).getByRole('log').getByText(answer)).toBeVisible();
  await expect(vip.getByRole('button', { name: 'Messagerie (2 conversations non lues)' })).toBeVisible();
  // 'Retour' goes back to the list, where the conversation is first and read.
  await messaging(vip).getByRole('button', { name: 'Retour', exact: true }).click();
  await expect(messaging(vip).getByRole('navigation', { name: 'Conversations' }).getByRole('button').first()).toHaveAccessibleName('coach');
  await vip.context().close();
  await coach.context().close();
});

test('a member without messaging access gets the access prompt', async ({ browser }) => {
  const membre = await member(browser, 'membre');
  await openMessaging(membre);
  await expect(membre.getByRole('dialog', { name: 'Accès réservé' })).toBeVisible();
  await expect(messaging(membre)).toHaveCount(0);
  await membre.context().close();
});

test('a blocked member cannot be written to; unblocking from /profil/blocked gives messaging back', async ({ browser }) => {
  const live = await member(browser, 'live', '/chat?room=Forex');
  const text = unique('Salut @banni, tu suis le DAX ?');
  await live.getByRole('textbox', { name: 'Votre message' }).first().fill(text);
  await live.getByRole('button', { name: 'Envoyer', exact: true }).first().click();
  const row = live.getByRole('log', { name: 'Messages' }).getByRole('article').filter({ hasText: 'tu suis le DAX' }).last();

  // From a mention: banni's profile; live blocked banni, so no message can be started.
  await row.getByRole('button', { name: '@banni' }).click();
  const profile = live.getByRole('dialog', { name: 'Profil de banni' });
  await expect(profile.getByRole('button', { name: 'Débloquer' })).toHaveAttribute('aria-pressed', 'true');
  await expect(profile.getByRole('button', { name: 'Message' })).toBeDisabled();
  await profile.getByRole('button', { name: 'Fermer le profil' }).click();

  // An unknown pseudo has no profile.
  const ghost = unique('Qui est @fantome');
  await live.getByRole('textbox', { name: 'Votre message' }).first().fill(ghost);
  await live.getByRole('button', { name: 'Envoyer', exact: true }).first().click();
  await live.getByRole('log', { name: 'Messages' }).getByRole('article').filter({ hasText: 'Qui est' }).last().getByRole('button', { name: '@fantome' }).click();
  await expect(live.getByText("Ce profil n'existe pas")).toBeVisible();
  await expect(live.getByRole('dialog', { name: 'Profil de fantome' })).toHaveCount(0);

  await live.goto('/profil/blocked');
  await expect(live.getByRole('heading', { name: 'Utilisateurs bloqués' })).toBeVisible();
  const blocked = live.getByRole('article', { name: 'banni' });
  await expect(blocked.getByText(/^Bloqué le /)).toBeVisible();
  await blocked.getByRole('button', { name: 'Débloquer' }).click();
  await expect(live.getByText('banni a été débloqué')).toBeVisible();
  await expect(live.getByText("Vous n'avez aucun utilisateur bloqué")).toBeVisible();

  // Unblocked: the profile's Message button starts a chat, and the profile closes.
  await live.goto('/chat?room=Forex');
  await live.getByRole('log', { name: 'Messages' }).getByRole('article').filter({ hasText: 'tu suis le DAX' }).last().getByRole('button', { name: '@banni' }).click();
  const again = live.getByRole('dialog', { name: 'Profil de banni' });
  await expect(again.getByRole('button', { name: 'Bloquer' })).toHaveAttribute('aria-pressed', 'false');
  await again.getByRole('button', { name: 'Message' }).click();
  await expect(again).toHaveCount(0);
  await expect(messaging(live).getByRole('button', { name: 'banni' })).toBeVisible();
  await expect(messaging(live).getByRole('textbox', { name: 'Votre message' })).toBeVisible();

  // Blocking again from the profile hides the composer of that chat at once.
  await messaging(live).getByRole('button', { name: 'banni' }).click();
  await live.getByRole('dialog', { name: 'Profil de banni' }).getByRole('button', { name: 'Bloquer' }).click();
  await expect(messaging(live).getByText('Vous ne pouvez pas écrire à ce membre.')).toBeVisible();
  await expect(live.getByRole('dialog', { name: 'Profil de banni' }).getByRole('button', { name: 'Message' })).toBeDisabled();
  await live.context().close();
});

test('the likers list opens a profile (never one’s own): follow, report with its thanks; the support is one click away', async ({ browser }) => {
  const vip = await member(browser, 'vip', '/chat?room=Crypto');
  const coach = await member(browser, 'coach', '/chat?room=Crypto');
  const text = unique('Mon analyse du BTC');
  await vip.getByRole('textbox', { name: 'Votre message' }).first().fill(text);
  await vip.getByRole('button', { name: 'Envoyer', exact: true }).first().click();
  const seenByCoach = coach.getByRole('log', { name: 'Messages' }).getByRole('article').filter({ hasText: text });
  await seenByCoach.getByRole('button', { name: "J'aime (0)" }).click();
  const row = vip.getByRole('log', { name: 'Messages' }).getByRole('article').filter({ hasText: text });
  await row.getByRole('button', { name: "J'aime (1)" }).click();
  await row.getByRole('button', { name: 'Ils aiment ce message : 2' }).click();
  const likers = vip.getByRole('dialog', { name: 'Ils aiment ce message' });
  await expect(likers.getByText('vip (vous)')).toBeVisible();
  await expect(likers.getByRole('button', { name: 'vip' })).toHaveCount(0);
  await likers.getByRole('button', { name: 'coach' }).click();

  const profile = vip.getByRole('dialog', { name: 'Profil de coach' });
  await expect(profile.getByText('Coach', { exact: true })).toBeVisible();
  await profile.getByRole('button', { name: 'Suivre' }).click();
  await expect(profile.getByRole('button', { name: 'Ne plus suivre' })).toHaveAttribute('aria-pressed', 'true');
  await profile.getByRole('button', { name: 'Ne plus suivre' }).click();
  await expect(profile.getByRole('button', { name: 'Suivre' })).toHaveAttribute('aria-pressed', 'false');
  await profile.getByRole('button', { name: 'Signaler' }).click();
  await vip.getByRole('dialog', { name: 'Confirmez-vous le signalement de cette utilisateur ?' }).getByRole('button', { name: 'Oui' }).click();
  await expect(vip.getByText("Merci votre signalement. Nous allons analyser le profil de l'utilisateur.")).toBeVisible();
  await profile.getByRole('button', { name: 'Fermer le profil' }).click();

  await openMessaging(vip);
  await messaging(vip).getByRole('button', { name: 'Contacter le support' }).click();
  await expect(messaging(vip).getByRole('note')).toContainText("Pour une demande non urgente, merci d'utiliser le formulaire de contact.");
  await expect(messaging(vip).getByRole('log').getByText(/bienvenue parmi les membres VIP/)).toBeVisible();
  await messaging(vip).getByRole('button', { name: 'Retour', exact: true }).click();
  await expect(messaging(vip).getByRole('button', { name: 'support', exact: true })).toBeVisible();
  await vip.context().close();
  await coach.context().close();
});

test('coach records a 2-second voice note with the microphone; vip plays it', async ({ browser }) => {
  const coach = await member(browser, 'coach');
  const vip = await member(browser, 'vip');
  await openMessaging(coach);
  await chatWith(coach, 'vip');
  const panel = messaging(coach);
  await panel.getByRole('button', { name: 'Enregistrer un message vocal' }).click();
  const timer = panel.getByRole('timer', { name: 'Enregistrement en cours' });
  await expect(timer).toHaveText('00:00');
  await expect(timer).toHaveText('00:02', { timeout: paced(5000) });
  await panel.getByRole('button', { name: 'Terminer l’enregistrement' }).click();
  // Named after its length when saved: a click slowed by a loaded machine may land a second later.
  const chip = panel.getByRole('button', { name: /^Retirer note-vocale-00-0[2-4]\.webm$/ });
  await expect(chip).toBeVisible();
  const note = (await chip.getAttribute('aria-label'))!.replace('Retirer ', '');
  await panel.getByRole('button', { name: 'Envoyer', exact: true }).click();
  await expect(panel.getByRole('log').getByRole('group', { name: note })).toBeVisible();

  // vip's panel opens by itself on the new message.
  const vipPanel = messaging(vip);
  await expect(vipPanel).toBeVisible();
  await vipPanel.getByRole('button', { name: /^coach, \d+ messages? non lus?$/ }).click();
  const player = vipPanel.getByRole('log').getByRole('group', { name: note }).last();
  await expect(player.getByLabel('Position de lecture')).toHaveText(/^00:00/);
  await player.getByRole('button', { name: 'Lire la note vocale' }).click();
  await expect(player.getByRole('button', { name: 'Mettre en pause' })).toBeVisible();
  await expect(player.getByLabel('Position de lecture')).toHaveText(/^00:0[1-2]/, { timeout: paced(5000) });
  // The speed cycles 1 → 1.5 → 2 → 1.
  await player.getByRole('button', { name: 'Vitesse de lecture : 1x' }).click();
  await player.getByRole('button', { name: 'Vitesse de lecture : 1,5x' }).click();
  await player.getByRole('button', { name: 'Vitesse de lecture : 2x' }).click();
  await expect(player.getByRole('button', { name: 'Vitesse de lecture : 1x' })).toBeVisible();
  await vip.context().close();
  await coach.context().close();
});
