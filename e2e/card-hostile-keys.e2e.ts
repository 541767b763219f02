import { exportJWK, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { signCard } from '../electron/node/card/card-sign';
import { useBrowser } from './harness';

const hostileNames = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty'];

/** A 1.0 card written as text, so `__proto__` is a plain member: at the top, in capabilities, a skill and the scheme map. */
function hostileCardText(): string {
  const members = (value: (name: string) => string): string => hostileNames.map((n) => `"${n}":${value(n)}`).join(',');
  return `{
    "name": "Prototype keys agent", "description": "Keys named like Object.prototype members.", "version": "1.0.0",
    ${members((n) => JSON.stringify({ from: n }))},
    "supportedInterfaces": [{ "url": "http://127.0.0.1:9/rpc", "protocolBinding": "JSONRPC", "protocolVersion": "1.0", ${members(() => '"x"')} }],
    "capabilities": { "streaming": false, ${members(() => '1')} },
    "securitySchemes": { ${members((n) => JSON.stringify({ httpAuthSecurityScheme: { scheme: 'Bearer', description: `scheme ${n}` } }))} },
    "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
    "skills": [{ "id": "echo", "name": "Echo skill", "description": "Echoes.", "tags": [], ${members((n) => JSON.stringify([n]))} }]
  }`;
}

describe('card inspector: hostile keys', () => {
  const e2e = useBrowser();

  it('shows and verifies a pasted card with prototype-named keys, and flags a repeated name', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k1' }] });
    const signed = await signCard(JSON.parse(hostileCardText()) as Record<string, unknown>, { key: privateKey, kid: 'k1', alg: 'ES256' });
    // The name given twice: JSON.parse keeps the signed (last) one, a first-wins parser shows "Impostor".
    const text = JSON.stringify(signed).replace(/^\{/, '{"name":"Impostor",');

    await e2e.withApp(async ({ page }) => {
      await page.getByRole('tab', { name: 'Cards' }).click();
      await page.getByText('Paste a card instead').click();
      await page.getByRole('textbox', { name: 'Card JSON' }).fill(text);
      await page.getByRole('button', { name: 'Inspect card' }).click();
      const view = page.getByRole('region', { name: 'Agent Card inspector' });
      await view.getByRole('heading', { name: /Prototype keys agent/ }).waitFor();
      await view.getByRole('heading', { name: 'Skills (1)' }).waitFor();
      await view.getByText('Echo skill').first().waitFor();
      const shown = await view.innerText();
      for (const name of hostileNames) expect(shown).toContain(`$.capabilities.${name}`);
      expect(shown).toContain('duplicate-key');
      expect(shown).toContain('"Impostor"');

      await view.getByRole('textbox', { name: 'JWKS' }).fill(jwks);
      await view.getByRole('button', { name: 'Verify signature' }).click();
      const verdicts = view.getByLabel('Signature verdicts');
      await verdicts.getByText('1 of 1 signatures valid.').waitFor();
      expect(await verdicts.innerText()).toContain('repeats keys ($.name)');
    });
  });
});
