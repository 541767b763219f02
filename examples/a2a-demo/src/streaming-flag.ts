import { DefaultRequestHandler, type ServerCallContext } from '@a2a-js/sdk/server';

/**
 * The SDK runs the same AgentExecutor for SendMessage and SendStreamingMessage and does not tell it
 * which one was called. The demo answers a blocking call with a Message and a streamed call with a
 * Task, so the request handler marks streamed calls in the call context's state bag.
 */
const STREAMING_KEY = 'powerduck-demo/streaming';

export function isStreamingCall(context: ServerCallContext): boolean {
  return context.state.get(STREAMING_KEY) === true;
}

export class DemoRequestHandler extends DefaultRequestHandler {
  override async *sendMessageStream(...args: Parameters<DefaultRequestHandler['sendMessageStream']>): ReturnType<DefaultRequestHandler['sendMessageStream']> {
    args[1].state.set(STREAMING_KEY, true);
    yield* super.sendMessageStream(...args);
  }
}
