/**
 * The Client certificate section of the Auth tab, against an agent behind a mutual-TLS front made
 * with a throwaway CA: a PKCS#12 file with its passphrase stored as a secret gets the A2A call
 * through; with no certificate the response names the TLS failure; gRPC says it refuses custom TLS;
 * a plain HTTP request takes a PEM pair the same way. The session keeps paths, never the passphrase.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSdkAgent, type SdkAgent } from '../test/fixtures/sdk-agent';
import { makeThrowawayCa, startMtlsFront, type MtlsFront, type ThrowawayCa } from '../test/fixtures/throwaway-ca';
import { dataFolderTexts, generateTextBody, newA2aRequest, responseRegion, sendAndWait, useBrowser } from './harness';

describe('client certificate (mutual TLS) in the Auth tab', () => {
  const e2e = useBrowser();
  let ca: ThrowawayCa;
  let agent: SdkAgent;
  let front: MtlsFront;
  beforeAll(async () => {
    ca = await makeThrowawayCa();
    agent = await startSdkAgent();
    front = await startMtlsFront(ca, Number(new URL(agent.rpcUrl).port));
  });
  afterAll(async () => {
    await front?.close();
    await agent?.close();
    await ca?.dispose();
  });

  it('A2A with a PKCS#12 file and a stored passphrase goes through; without a certificate the TLS failure is named; gRPC is refused', () =>
    e2e.withApp(async ({ page, dataDir }) => {
      const request = await newA2aRequest(page, { endpoint: `${front.base}/rpc` });
      await generateTextBody(page, 'hello through mtls');
      await request.getByRole('tab', { name: /^Auth/ }).click();
      const section = request.getByRole('region', { name: 'Client certificate' });
      await section.getByRole('combobox', { name: 'Certificate', exact: true }).selectOption({ label: 'PKCS#12 file (.p12/.pfx)' });
      await section.getByRole('textbox', { name: 'PKCS#12 file' }).fill(ca.files.clientP12);
      await section.getByLabel('New PKCS#12 passphrase value').fill(ca.p12Passphrase);
      await section.getByLabel('PKCS#12 passphrase secret name').fill('client-p12');
      await section.getByRole('button', { name: 'Store PKCS#12 passphrase' }).click();
      await section.getByText(/Stored as secret/).waitFor();
      await section.getByRole('textbox', { name: 'Extra CA file (optional)' }).fill(ca.files.ca);
      await sendAndWait(page, request);
      await responseRegion(page).getByText('echo: hello through mtls').first().waitFor();
      expect(front.clients).toContain('powerduck-client');

      // No certificate: the failure says TLS and what is missing.
      await section.getByRole('combobox', { name: 'Certificate', exact: true }).selectOption({ label: 'None' });
      await sendAndWait(page, request);
      await responseRegion(page)
        .getByText(/requires a client certificate/)
        .first()
        .waitFor();

      // The session on disk holds the paths and the secret's name, never the passphrase.
      await section.getByRole('combobox', { name: 'Certificate', exact: true }).selectOption({ label: 'PKCS#12 file (.p12/.pfx)' });
      await section.getByRole('textbox', { name: 'PKCS#12 file' }).fill(ca.files.clientP12);
      await expect.poll(async () => (await dataFolderTexts(dataDir)).some((file) => file.text.includes(ca.files.clientP12)), { timeout: 10_000 }).toBe(true);
      for (const file of await dataFolderTexts(dataDir)) expect(file.text, file.name).not.toContain(ca.p12Passphrase);

      await request.getByRole('combobox', { name: 'Binding' }).selectOption({ label: 'gRPC' });
      await section
        .getByRole('note')
        .getByText(/gRPC refuses custom TLS settings/)
        .waitFor();
      await request.getByRole('textbox', { name: 'Endpoint' }).fill(agent.grpcUrl);
      await sendAndWait(page, request);
      await responseRegion(page)
        .getByText(/Custom TLS .* is HTTP-only/)
        .first()
        .waitFor();
    }));

  it('a plain HTTP request sends a PEM certificate and key', () =>
    e2e.withApp(async ({ page }) => {
      await page.getByRole('button', { name: 'New request' }).click();
      await page.getByRole('menuitem', { name: 'HTTP' }).click();
      const request = page.getByRole('region', { name: 'HTTP request', exact: true });
      await request.getByRole('textbox', { name: 'URL' }).fill(`${front.base}/.well-known/agent-card.json`);
      await request.getByRole('tab', { name: /^Auth/ }).click();
      const section = request.getByRole('region', { name: 'Client certificate' });
      await section.getByRole('combobox', { name: 'Certificate', exact: true }).selectOption({ label: 'Certificate and key (PEM files)' });
      await section.getByRole('textbox', { name: 'Certificate file' }).fill(ca.files.clientCert);
      await section.getByRole('textbox', { name: 'Key file' }).fill(ca.files.clientKey);
      await section.getByRole('textbox', { name: 'Extra CA file (optional)' }).fill(ca.files.ca);
      await request.getByRole('button', { name: 'Send', exact: true }).click();
      await responseRegion(page).getByRole('status', { name: 'Status 200' }).waitFor({ timeout: 20_000 });
    }));
});
