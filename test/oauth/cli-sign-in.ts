/**
 * Running the CLI through an OAuth sign-in: it prints a prompt on stderr (a URL and a code to enter
 * there for the device code grant, or a URL to open for the authorization code grant) and waits;
 * the test plays the person who acts on it.
 */
import { runCliCaptured, type CliRun } from '../fixtures/cli-run';

export interface SignInPrompt {
  url: string;
  /** The user code to enter at `url` (device code grant only). */
  code?: string;
}

/** The sign-in prompt in a piece of the CLI's stderr, if there is one. */
export function signInPrompt(text: string): SignInPrompt | undefined {
  const device = /open (\S+) and enter the code (\S+?)[ .]/.exec(text);
  if (device) return { url: device[1] as string, code: device[2] as string };
  const browser = /open this URL in a browser:\n(\S+)\n/.exec(text);
  return browser ? { url: browser[1] as string } : undefined;
}

export interface SignInRunOptions {
  home: string;
  env?: Record<string, string>;
  /** What the person does on each prompt; the run's result waits for it. Without one, prompts go unanswered. */
  person?: (prompt: SignInPrompt) => Promise<unknown>;
}

/** Runs `powerduck <args>` in `home`; `person` acts on each sign-in prompt. */
export function runCliSigningIn(args: string[], { home, env, person }: SignInRunOptions): Promise<CliRun> {
  return runCliCaptured(args, {
    home,
    ...(env ? { env } : {}),
    onStderr: (text) => {
      const prompt = signInPrompt(text);
      return prompt && person ? person(prompt) : undefined;
    },
  });
}
