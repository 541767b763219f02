/**
 * A one-line problem said where it happened and announced at once (role alert): a request that cannot
 * be sent, a dialog's failed step. Renders nothing while there is none. A failed call with a stable
 * error code gets `ErrorNote` instead, which also says what to do next.
 */
export function ProblemLine({ text }: { text: string | undefined }) {
  return text ? (
    <p className="error" role="alert">
      {text}
    </p>
  ) : null;
}
