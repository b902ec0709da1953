import { describe, expect, it } from 'vitest';
import { isAppPath, webAddress } from '../../../src/domain/content-links';

describe('content addresses', () => {
  it('keeps paths of this site and web addresses', () => {
    expect(webAddress('/tools/55')).toBe('/tools/55');
    expect(webAddress(' https://boutique.test/ ')).toBe('https://boutique.test/');
    expect(webAddress('http://paiement.test/x')).toBe('http://paiement.test/x');
  });

  it('drops anything that could run or leave unseen', () => {
    for (const bad of [null, undefined, '', '   ', 'javascript:alert(1)', ' JaVa\tScRiPt:alert(1)', 'data:text/html,<script>1</script>', 'vbscript:x', '//ailleurs.test/x']) {
      expect(webAddress(bad)).toBeNull();
    }
  });

  it('tells the app’s own paths from the rest', () => {
    expect(isAppPath('/profil/abonnements')).toBe(true);
    expect(isAppPath('//ailleurs.test')).toBe(false);
    expect(isAppPath('https://ailleurs.test')).toBe(false);
    expect(isAppPath('/content/widgets/boutique')).toBe(false);
    expect(isAppPath('/rest/tools/download/55/0/x')).toBe(false);
    expect(isAppPath('/contenu')).toBe(true);
  });
});
